/**
 * What a feature hands to the app: its pages (lazy routes), its entry in the navigation, and its
 * handlers of main's events. The app composes the modules of `app/modules.ts` and knows nothing
 * else of a feature; a new screen is one folder with a `feature.ts` and one line in that list.
 */
import type { LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import type { ParseKeys } from 'i18next';
import type { RouteObject } from 'react-router';
import type { EventName, EventPayload } from '../../../shared/contract';

/** Opens an address built with `paths` (the app's router; a test's memory router; nothing in tests of stores alone). */
export type Navigate = (to: string) => void;

/** What a handler of main's events may use besides the event. */
export interface EventContext {
  navigate: Navigate;
}

type EventHandler<E extends EventName> = (payload: EventPayload<E>, context: EventContext) => void;

/**
 * Handlers by event name. A feature's handlers run before `entities/` take the event in, so they
 * can compare it with what the window held (a batch that just finished, say).
 */
export type EventHandlers = { [E in EventName]?: EventHandler<E> };

/** An entry of the navigation rail. */
export interface NavEntry {
  /** Where the link goes (a `paths` builder's result). */
  to: string;
  /** The i18n key of its label. */
  label: ParseKeys;
  icon: LucideIcon;
  /** A count shown on the link (jobs in progress on Timeline; 0 shows none), described by the i18n key `label` (given `count`). */
  badge?: { useCount: () => number; label: ParseKeys };
}

/**
 * Places where a feature's page hosts parts contributed by other features (`<Slot name>`, from
 * `studio/slots`): Create's aside beside its form, and the row of tools beside its prompt box.
 */
export type SlotName = 'create.aside' | 'create.prompt-tools';

export interface FeatureModule {
  /** The feature's folder name. */
  name: string;
  /** Child routes of the frame, with relative paths; load their page with `lazy`. The app adds the crash page. */
  routes: RouteObject[];
  nav?: NavEntry;
  events?: EventHandlers;
  /** Parts it shows in other features' pages (load them with React's `lazy`). */
  slots?: Partial<Record<SlotName, ComponentType>>;
  /** Readies its main page while the studio opens on another (code, first data); called once at start, waited for by nothing. */
  warm?: () => void;
}

/** The child path of a pattern of `routing/paths` (`/gallery/asset/:assetId` -> `gallery/asset/:assetId`). */
export const childPath = (pattern: string): string => pattern.replace(/^\//, '');
