import { events, type EventName, type EventPayload } from '../../../shared/contract';

export type EventListener = (name: EventName, payload: unknown) => void;

/** Main's one outlet for events; each transport subscribes once and forwards to its renderers. */
export class EventBus {
  private readonly listeners = new Set<EventListener>();

  emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    // Validate on the way out so a renderer never receives a shape the contract does not declare.
    const checked: unknown = events[name].payload.parse(payload);
    for (const listener of this.listeners) listener(name, checked);
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
