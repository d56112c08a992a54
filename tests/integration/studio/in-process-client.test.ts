import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioClient } from '../../../src/shared/contract/client';
import type { Settings } from '../../../src/shared/contract';
import { createInProcessClient } from '../../../src/main/core/in-process-client';
import type { Studio } from '../../../src/main/core/studio';
import { createTestStudio } from '../../helpers/studio';

let studio: Studio;
let client: StudioClient;

beforeAll(async () => {
  ({ studio } = await createTestStudio());
  client = createInProcessClient(studio, (libraryPath) => `atelier-media://library/${libraryPath}`);
});
afterAll(async () => {
  await studio.stop();
});

describe('the desktop shell’s typed client, in process', () => {
  it('reads and changes settings through the router, and hears the change as a typed event', async () => {
    const heard: Settings[] = [];
    const stop = client.on('settings.changed', (settings) => heard.push(settings));
    const updated = await client.call('settings.update', { language: 'zh-CN' });
    stop();
    expect(updated).toMatchObject({ ok: true, value: { language: 'zh-CN' } });
    const read = await client.call('settings.get', {});
    expect(read.ok && read.value.language).toBe('zh-CN');
    expect(heard.map((settings) => settings.language)).toEqual(['zh-CN']);
  });

  it('has its input checked as the window’s is: a refusal with field issues, nothing changed', async () => {
    const before = await client.call('settings.get', {});
    const refused = await client.call('settings.update', { concurrency: -3 });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error).toMatchObject({ code: 'invalid_input', reason: 'invalid_fields' });
    expect(refused.error.issues?.map((issue) => issue.path.join('.'))).toContain('concurrency');
    expect(await client.call('settings.get', {})).toEqual(before);
  });

  it('hears nothing for an event name the contract does not have', () => {
    // The transport is untyped underneath; a name from nowhere subscribes to nothing rather than throwing.
    const stop = client.on('no.such_event' as never, () => undefined);
    expect(stop).toBeTypeOf('function');
    stop();
  });
});
