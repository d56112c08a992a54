import type { StudioClient } from '../../../shared/contract/client';
import type { EventName } from '../../../shared/contract';
import { entityEvents, loadEntities } from '../entities/entity-events';
import { useAlertStore } from '../errors/alert-store';
import { paths } from '../routing/paths';
import type { EventContext, EventHandlers, FeatureModule, Navigate } from '../studio/feature-module';
import { featureModules } from './modules';

/** The frame's own: the application menu (Electron) opens a page, so Back returns to the one before. */
const frameEvents: EventHandlers = {
  'desktop.navigate': ({ page }, { navigate }) => navigate(paths.section(page)),
};

/**
 * The one place that listens to main's events: each event goes to the features' handlers, then to
 * the shared read models (`entities/`), then to the frame. `navigate` follows the application menu
 * and notifications to a page; without it (tests of stores alone) they go nowhere. Returns a
 * function that unsubscribes everything.
 */
export function subscribeToMainEvents(
  client: StudioClient,
  navigate: Navigate = () => undefined,
  modules: readonly FeatureModule[] = featureModules,
): () => void {
  const handlerSets = [...modules.map((module) => module.events ?? {}), entityEvents, frameEvents];
  const names = new Set(handlerSets.flatMap((handlers) => Object.keys(handlers) as EventName[]));
  const context: EventContext = { navigate };
  const stops = [...names].map((name) =>
    client.on(name, (payload) => {
      // Each set's handler for this name takes this name's payload; the map's type cannot say so per key.
      for (const handlers of handlerSets) (handlers[name] as ((payload: unknown, context: EventContext) => void) | undefined)?.(payload, context);
    }),
  );
  return () => {
    for (const stop of stops) stop();
  };
}

/** First load of everything the frame shows; a failure goes to the page's alert. */
export async function loadStudio(): Promise<void> {
  for (const answer of await loadEntities()) {
    if (answer.ok) continue;
    useAlertStore.getState().report(answer.error);
    return;
  }
}
