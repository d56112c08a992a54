import { z } from 'zod';
import type { SavedAccounts } from '../accounts';
import type { SimulatorContext } from '../context';
import { GEN_IMAGE_ROUTINGS } from '../images/variant-gen-image';
import { CHARACTER_READINGS } from '../videos/character-readings';
import type { SimulatorSettings } from '../options';
import type { SavedFile } from '../media/file-store';
import type { MediaState } from '../media/media-state';
import type { SimTask, TaskVideo } from '../tasks/task-store';

/**
 * The simulator's state as saved in its state folder (`state.json`): accounts (secrets only as
 * hashes), tasks with their schedules and characters, served files (recipes of results; the
 * bytes of uploads are files beside it), the random source, the settings, and the addresses it had.
 */

/** A task as saved: files by name, the charge as data. */
type SavedTask = Omit<SimTask, 'outputs' | 'video' | 'charge'> & {
  outputs: string[];
  video?: Omit<TaskVideo, 'thumbnails'> & { thumbnails: string[] };
  charge?: { tokenId: number; userId: number; quota: number; credits: number };
};

export interface SavedState {
  version: 1;
  /** Base URLs of this and earlier runs, newest last. */
  baseUrls: string[];
  /** The port of the last run, tried again first so recorded addresses keep working. */
  port: number | null;
  randomState: number;
  /** The settings as last set, and the start values (options) of the run that saved them. */
  settings: { current: SimulatorSettings; start: SimulatorSettings };
  accounts: SavedAccounts;
  files: SavedFile[];
  tasks: SavedTask[];
}

const schedule = z.object({
  createdAtMs: z.number(),
  startsAtMs: z.number(),
  endsAtMs: z.number(),
  failureMessage: z.string().optional(),
  expiresAtMs: z.number(),
});

// States saved before the character setting existed read as its start value.
const settingsSchema = z.object({
  genImage2Routing: z.enum(GEN_IMAGE_ROUTINGS),
  contentRoute: z.boolean(),
  characterCreation: z.enum(CHARACTER_READINGS).default('request'),
});

// Records are checked for the fields the simulator relies on; the rest is its own earlier output.
const savedStateSchema = z.object({
  version: z.literal(1),
  baseUrls: z.array(z.string()),
  port: z.number().int().nullable(),
  randomState: z.number().int(),
  settings: z.object({ current: settingsSchema, start: settingsSchema }),
  accounts: z.object({
    users: z.array(z.looseObject({ id: z.number().int(), group: z.string(), quota: z.number(), usedQuota: z.number() })),
    tokens: z.array(
      z.looseObject({ secretHash: z.string(), record: z.looseObject({ id: z.number().int(), user_id: z.number().int() }), usage: z.looseObject({}) }),
    ),
    deletedSecretHashes: z.array(z.string()).default([]),
    nextUserId: z.number().int(),
    nextTokenId: z.number().int(),
  }),
  files: z.array(
    z.looseObject({
      name: z.string(),
      extension: z.string(),
      mime: z.string(),
      format: z.string(),
      width: z.number(),
      height: z.number(),
      hasAlpha: z.boolean(),
      recipe: z.looseObject({ kind: z.enum(['image', 'video', 'still', 'profile']) }).nullable(),
      availableFromMs: z.number(),
      expiresAtMs: z.number().nullable(),
    }),
  ),
  tasks: z.array(
    z.looseObject({
      id: z.string(),
      family: z.string(),
      ownerId: z.number().int(),
      model: z.string(),
      schedule,
      metadata: z.record(z.string(), z.unknown()),
      outputs: z.array(z.string()),
    }),
  ),
});

/** Parses a saved state; undefined when it is not one this version can read. */
export function parseSavedState(value: unknown): SavedState | undefined {
  const parsed = savedStateSchema.safeParse(value);
  // The schema checks what restoring relies on; the remaining fields are the simulator's own output.
  return parsed.success ? (parsed.data as unknown as SavedState) : undefined;
}

function savedTask(task: SimTask): SavedTask {
  const { outputs, video, charge, ...rest } = task;
  return {
    ...rest,
    outputs: outputs.map((file) => file.name),
    ...(video === undefined ? {} : { video: { ...video, thumbnails: video.thumbnails.map((file) => file.name) } }),
    ...(charge === undefined ? {} : { charge: { tokenId: charge.tokenId, userId: charge.userId, quota: charge.quota, credits: charge.credits } }),
  };
}

/** The state of a running simulator. */
export function captureState(ctx: SimulatorContext, media: MediaState, baseUrls: string[], port: number | null): SavedState {
  return {
    version: 1,
    baseUrls,
    port,
    randomState: ctx.randomSource.current,
    settings: { current: { ...ctx.settings }, start: { ...ctx.options.settings } },
    accounts: ctx.accounts.saved(),
    files: media.files.saved(),
    tasks: media.tasks.all().map(savedTask),
  };
}

/** How long a task is remembered after its results expired (then it and its files are dropped). */
const TASK_RETENTION_AFTER_EXPIRY_MS = 7 * 24 * 3600 * 1000;

/**
 * Tasks worth keeping at `nowMs`, and the files to drop with the others: a task whose results
 * expired over a week ago is forgotten (so the state does not grow for ever), unless it made
 * characters, which live on.
 */
function kept(saved: SavedState, nowMs: number): { tasks: SavedTask[]; dropped: Set<string> } {
  const tasks: SavedTask[] = [];
  const dropped = new Set<string>();
  for (const task of saved.tasks) {
    const forgotten = task.characters === undefined && task.schedule.expiresAtMs + TASK_RETENTION_AFTER_EXPIRY_MS < nowMs;
    if (!forgotten) {
      tasks.push(task);
      continue;
    }
    for (const name of [...task.outputs, ...(task.video?.thumbnails ?? [])]) dropped.add(name);
  }
  return { tasks, dropped };
}

/**
 * A setting changed at run time (admin switch) is kept across a restart, unless the start value
 * given this time differs from the last run's: a flag just given wins over an old switch.
 */
function restoreSettings(ctx: SimulatorContext, saved: SavedState['settings']): void {
  const start = ctx.options.settings;
  if (start.genImage2Routing === saved.start.genImage2Routing) ctx.settings.genImage2Routing = saved.current.genImage2Routing;
  if (start.contentRoute === saved.start.contentRoute) ctx.settings.contentRoute = saved.current.contentRoute;
  if (start.characterCreation === saved.start.characterCreation) ctx.settings.characterCreation = saved.current.characterCreation;
}

/** Puts a saved state into a fresh simulator (before it serves requests). */
export function restoreState(ctx: SimulatorContext, media: MediaState, saved: SavedState): void {
  ctx.randomSource.current = saved.randomState;
  restoreSettings(ctx, saved.settings);
  ctx.accounts.restore(saved.accounts);
  const { tasks, dropped } = kept(saved, ctx.now());
  media.files.restore(saved.files.filter((file) => !dropped.has(file.name)));
  for (const entry of tasks) {
    const { outputs, video, charge, ...rest } = entry;
    const fileOf = (name: string) => media.files.get(name);
    const present = <T>(value: T | undefined): value is T => value !== undefined;
    const task: SimTask = {
      ...rest,
      outputs: outputs.map(fileOf).filter(present),
      ...(video === undefined ? {} : { video: { ...video, thumbnails: video.thumbnails.map(fileOf).filter(present) } }),
      ...(charge === undefined ? {} : { charge: ctx.chargeRecord(charge) }),
    };
    media.tasks.add(task);
  }
}
