import type { Words } from '../i18n/translate';
import type { PollSpec, VariantEntry } from './types';
import { genImageDirect, genImageEdit, genImageTask } from './images-gen';
import { novaFlash, novaOfficial, novaPro } from './images-nova';
import { clipEntries, vidOfficial } from './video-singular';
import { clipOmni, clipTurbo } from './video-plural';
import { characterCreate, vidCharacterUse, vidVvip } from './video-vid2';
import { remixEntries, remixOfficial } from './video-remix';
import { genericEntry, parseGenericId } from './generic';
import { CHANNEL_LABELS } from './labels';
import { POLL_CADENCES, type PollCadence } from './limits';
import { conditionHolds } from './wire-path';

/** Every variant the catalog knows, in the order forms list them. */
export const CATALOG: readonly VariantEntry[] = [
  genImageDirect,
  genImageEdit,
  genImageTask,
  novaFlash,
  novaPro,
  novaOfficial,
  vidOfficial,
  ...clipEntries,
  clipTurbo,
  clipOmni,
  vidVvip,
  vidCharacterUse,
  ...remixEntries,
  remixOfficial,
  characterCreate,
];

const BY_ID = new Map(CATALOG.map((entry) => [entry.id, entry]));

/** The variant with this id; generic ids (`image.generic:<model>`) are rebuilt on the fly. */
export function variantById(id: string): VariantEntry | undefined {
  const known = BY_ID.get(id);
  if (known) return known;
  const generic = parseGenericId(id);
  return generic ? genericEntry(generic.modelId, generic.type) : undefined;
}

/** Every catalog variant that serves this model id (empty when the catalog does not know it). */
export function findVariants(modelId: string): VariantEntry[] {
  return CATALOG.filter((entry) => entry.modelIds.includes(modelId));
}

/** The variants to offer for a listed model: the catalog's, or a generic one of its type. */
export function variantsForModel(modelId: string, type: 'image' | 'video'): VariantEntry[] {
  const known = findVariants(modelId).filter((entry) => (type === 'video' ? entry.kind !== 'image' : entry.kind === 'image'));
  return known.length > 0 ? known : [genericEntry(modelId, type)];
}

/** The poll path of a submitted task, or undefined for variants that answer directly. */
export function pollPath(entry: VariantEntry, taskId: string): string | undefined {
  return entry.poll?.pathTemplate.replace('{task_id}', encodeURIComponent(taskId));
}

/** Where the result bytes of a finished task can be fetched when the record has no address. */
export function contentPath(entry: VariantEntry, taskId: string): string | undefined {
  return entry.contentPathTemplate?.replace('{task_id}', encodeURIComponent(taskId));
}

/** Poll cadence of a variant (for this request, when given), with its own deadline where it has one. */
export function pollCadence(entry: VariantEntry, body?: unknown): PollCadence | undefined {
  return entry.poll ? cadenceOfPoll(entry.poll, body) : undefined;
}

/**
 * Poll cadence of a poll route: its family's advice, with the route's own deadline where it has
 * one, and the longer deadline of a slower request (`slowerWhen`, e.g. a 4K tier) when `body` is given.
 */
export function cadenceOfPoll(poll: PollSpec, body?: unknown): PollCadence {
  const family = POLL_CADENCES[poll.cadence];
  const slower = body === undefined ? undefined : poll.slowerWhen?.find((rule) => rule.when.every((condition) => conditionHolds(body, condition)));
  const deadlineMs = slower?.deadlineMs ?? poll.deadlineMs;
  return deadlineMs === undefined ? family : { ...family, deadlineMs };
}

/** The second route to ask about a task of this request, once its own route answered (see `PollSpec.alsoAsk`). */
export function companionPoll(poll: PollSpec, body: unknown): PollSpec | undefined {
  const also = poll.alsoAsk;
  if (also === undefined) return undefined;
  return also.whenAny === undefined || also.whenAny.some((condition) => conditionHolds(body, condition)) ? also.poll : undefined;
}

const IMAGE_TASK_POLL: PollSpec = { pathTemplate: '/v1/images/generations/{task_id}', recordShape: 'generation-task', cadence: 'image' };
const VIDEO_TASK_POLL: PollSpec = { pathTemplate: '/v1/videos/generations/{task_id}', recordShape: 'generation-task', cadence: 'video' };

/**
 * Where a task is polled when a request of this variant is answered with one, whatever the
 * variant expected: its own poll route; else that of the variant of the same model and endpoint
 * that answers with tasks (the queued channel of `gen-image-2`, with its longer deadline); else
 * the task route of the endpoint's family.
 */
export function taskPollFor(entry: VariantEntry): PollSpec {
  if (entry.poll) return entry.poll;
  const sibling = CATALOG.find(
    (candidate) => candidate.poll !== undefined && candidate.path === entry.path && candidate.modelIds.some((id) => entry.modelIds.includes(id)),
  );
  if (sibling?.poll) return sibling.poll;
  return entry.kind === 'image' ? IMAGE_TASK_POLL : VIDEO_TASK_POLL;
}

/** The path of a task answered to a request of this variant (see `taskPollFor`). */
export function taskPollPath(entry: VariantEntry, taskId: string): string {
  return taskPollFor(entry).pathTemplate.replace('{task_id}', encodeURIComponent(taskId));
}

/** A variant's usual channel as the studio shows it; undefined when nothing is known (generic image entries). */
export interface ChannelView {
  usually: 'direct' | 'queued';
  label: Words;
  note: Words | undefined;
}

/** The channel a variant's requests usually reach: its declared preference, or what its documented answer implies. */
export function channelPreference(entry: VariantEntry): ChannelView | undefined {
  const usually = entry.channel?.usually ?? (entry.response === 'task' ? 'queued' : entry.response === 'detect' ? undefined : 'direct');
  if (usually === undefined) return undefined;
  return { usually, label: CHANNEL_LABELS[usually], note: entry.channel?.note };
}

/** Variants whose videos come from the official channel: they take the official remix only. */
const OFFICIAL_VIDEO_VARIANTS: ReadonlySet<string> = new Set([vidOfficial.id, remixOfficial.id]);

/**
 * Whether a finished video takes the official remix: decided by the variant it was made with
 * (an official `vid-2` or `vid2-pro` video too, whatever its task id looks like). Only a video
 * whose variant the catalog does not know falls back to its id and model.
 */
export function remixesOfficially(video: { variantId: string | null; model: string; taskId: string | null }): boolean {
  const entry = video.variantId === null ? undefined : BY_ID.get(video.variantId);
  if (entry) return OFFICIAL_VIDEO_VARIANTS.has(entry.id);
  return (video.taskId ?? '').startsWith('video_') || video.model === 'vid-2-official';
}
