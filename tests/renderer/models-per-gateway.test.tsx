// Create asks the gateway in use for its models once as a window opens, whether or not the window's app info came first, and again when another gateway comes into use.
import { afterEach, describe, expect, it } from 'vitest';
import type { RouteName } from '../../src/shared/contract';
import type { StudioClient } from '../../src/shared/contract/client';
import { appRoutes } from '../../src/renderer/src/app/router';
import { useAppInfoStore } from '../../src/renderer/src/entities/app-info-store';
import { connectStudio } from '../../src/renderer/src/studio/studio-client';
import { renderRoutes, settle, until, type Rendered } from './dom';
import { studioPerFile } from './studio-harness';

const studio = studioPerFile({ connect: false });
let page: Rendered | undefined;
afterEach(() => page?.unmount());

/** The window's client, counting the calls made through it by route. */
function countingClient(): { calls: (route: RouteName) => number } {
  const real = studio.main.client;
  const made = new Map<string, number>();
  const client: StudioClient = {
    call: (route, input, signal) => {
      made.set(route, (made.get(route) ?? 0) + 1);
      return real.call(route, input, signal);
    },
    on: (event, listener) => real.on(event, listener),
    mediaUrl: (libraryPath) => real.mediaUrl(libraryPath),
  };
  connectStudio(client);
  return { calls: (route) => made.get(route) ?? 0 };
}

const pickerModel = (): string | null | undefined => page?.container.querySelector('.model-trigger-name')?.textContent;

describe("Create's models, per gateway", () => {
  it('are asked for once when the page draws before the app info arrives, and again when another gateway comes into use', async () => {
    const counted = countingClient();
    expect(useAppInfoStore.getState().info).toBeNull();
    page = await renderRoutes(appRoutes, '/create');
    await until(() => expect(pickerModel()).toBe('Image 2'));
    expect(counted.calls('models.list')).toBe(1);

    // The window's info comes in after the page asked: the same gateway, nothing asked again.
    const answer = await studio.main.client.call('app.get_info', {});
    if (!answer.ok) throw new Error(answer.error.message);
    await settle(() => useAppInfoStore.setState({ info: answer.value }), 50);
    expect(counted.calls('models.list')).toBe(1);
    expect(pickerModel()).toBe('Image 2');

    // Another gateway in use (a profile chosen in Settings): its models are asked for.
    await settle(() => useAppInfoStore.setState({ info: { ...answer.value, gatewayUrl: 'https://gateway.example.test' } }));
    await until(() => expect(counted.calls('models.list')).toBe(2));
    // And back: asked again, as the gateway changed.
    await settle(() => useAppInfoStore.setState({ info: answer.value }));
    await until(() => expect(counted.calls('models.list')).toBe(3));
  });

  it('are asked for once when the app info came first', async () => {
    const counted = countingClient();
    const answer = await studio.main.client.call('app.get_info', {});
    if (!answer.ok) throw new Error(answer.error.message);
    useAppInfoStore.setState({ info: answer.value });
    page = await renderRoutes(appRoutes, '/create');
    await until(() => expect(pickerModel()).toBe('Image 2'));
    await settle(undefined, 50);
    expect(counted.calls('models.list')).toBe(1);
  });
});
