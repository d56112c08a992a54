import type { z } from 'zod';
import type { EventDefinition, RouteDefinition } from './define';
import { appRoutes } from './app';
import { settingsEvents, settingsRoutes } from './settings';
import { modelsRoutes } from './models';
import { accountEvents, accountRoutes } from './account';
import { uploadsRoutes } from './uploads';
import { libraryEvents, libraryRoutes } from './library';
import { jobsEvents, jobsRoutes } from './jobs';
import { charactersEvents, charactersRoutes } from './characters';
import { desktopEvents, desktopRoutes } from './desktop';
import { assistantEvents, assistantRoutes } from './assistant';
import { masksRoutes } from './masks';

export * from './define';
export * from './errors';
export * from './ids';
export * from './gateway-address';
export * from './connection-causes';
export * from './limits';
export * from './error-reasons';
export * from './error-wording';
export * from './error-summary';
export * from './input-messages';
export * from './app';
export * from './settings';
export * from './models';
export * from './account';
export * from './uploads';
export * from './library-filter';
export * from './library';
export * from './jobs';
export * from './batch-input';
export * from './characters';
export * from './job-reasons';
export * from './job-problems';
export * from './desktop';
export * from './assistant';
export * from './masks';

/** Every route of the studio contract, by name. Later domains add their tables here. */
export const routes = {
  ...appRoutes,
  ...settingsRoutes,
  ...modelsRoutes,
  ...accountRoutes,
  ...uploadsRoutes,
  ...libraryRoutes,
  ...jobsRoutes,
  ...charactersRoutes,
  ...desktopRoutes,
  ...assistantRoutes,
  ...masksRoutes,
} satisfies Record<string, RouteDefinition>;

/** Every event main may push to the renderer, by name. */
export const events = {
  ...settingsEvents,
  ...accountEvents,
  ...libraryEvents,
  ...jobsEvents,
  ...charactersEvents,
  ...desktopEvents,
  ...assistantEvents,
} satisfies Record<string, EventDefinition>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export type RouteInput<R extends RouteName> = z.input<Routes[R]['input']>;
export type RouteOutput<R extends RouteName> = z.output<Routes[R]['output']>;

type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.output<Events[E]['payload']>;

export function isRouteName(name: string): name is RouteName {
  return Object.hasOwn(routes, name);
}

export function isEventName(name: string): name is EventName {
  return Object.hasOwn(events, name);
}

/** Route names must read `domain.verb_noun`; checked by a unit test so new routes follow it. */
export const routeNamePattern = /^[a-z]+\.[a-z]+(_[a-z]+)*$/;
