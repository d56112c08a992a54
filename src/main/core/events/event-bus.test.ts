import { describe, expect, expectTypeOf, it } from 'vitest';
import type { EventPayload } from '../../../shared/contract';
import { EventBus } from './event-bus';

describe('EventBus', () => {
  it('hands a listener of one event only that event, with the payload the contract declares', () => {
    const bus = new EventBus();
    const heard: unknown[] = [];
    bus.on('library.removed', (payload) => {
      expectTypeOf(payload).toEqualTypeOf<EventPayload<'library.removed'>>();
      heard.push(payload.ids);
    });
    bus.emit('desktop.navigate', { page: 'gallery' });
    bus.emit('library.removed', { ids: ['a1'] });
    expect(heard).toEqual([['a1']]);
  });

  it('narrows the payload of an every-event listener by its name', () => {
    const bus = new EventBus();
    const pages: string[] = [];
    bus.subscribe((name, payload) => {
      if (name === 'desktop.navigate') pages.push(payload.page);
    });
    bus.emit('library.removed', { ids: ['a1'] });
    bus.emit('desktop.navigate', { page: 'gallery' });
    expect(pages).toEqual(['gallery']);
  });

  it('refuses a payload the contract does not declare, before any listener hears it', () => {
    const bus = new EventBus();
    let heard = 0;
    bus.subscribe(() => heard++);
    // A caller that escaped the types (a cast, JSON from elsewhere) is still stopped at the bus.
    expect(() => bus.emit('library.removed', { ids: 'a1' } as unknown as EventPayload<'library.removed'>)).toThrow();
    expect(heard).toBe(0);
  });

  it('stops a listener when it unsubscribes', () => {
    const bus = new EventBus();
    const heard: string[] = [];
    const stop = bus.on('library.removed', (payload) => heard.push(...payload.ids));
    bus.emit('library.removed', { ids: ['a1'] });
    stop();
    bus.emit('library.removed', { ids: ['a2'] });
    expect(heard).toEqual(['a1']);
  });
});
