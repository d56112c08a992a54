import type { VariantEntry } from './types';
import { genImageDirect, genImageEdit, genImageTask } from './images-gen';
import { novaFlash, novaOfficial, novaPro } from './images-nova';
import { clipEntries, vidOfficial } from './video-singular';
import { clipOmni, clipTurbo } from './video-plural';
import { characterCreate, vidCharacterUse, vidVvip } from './video-vid2';
import { remixEntries, remixOfficial } from './video-remix';
import { genericEntry, parseGenericId } from './generic';
import { POLL_CADENCES, type PollCadence } from './limits';

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

/** Poll cadence of a variant, with its own deadline where it has one. */
export function pollCadence(entry: VariantEntry): PollCadence | undefined {
  if (!entry.poll) return undefined;
  const family = POLL_CADENCES[entry.poll.cadence];
  return entry.poll.deadlineMs === undefined ? family : { ...family, deadlineMs: entry.poll.deadlineMs };
}
