/**
 * Names of models as an artist reads them, for every place that lists the gateway's model ids
 * (filters, key limits, the assistant's text models). The catalog names the models it knows;
 * any other id is read as words, without the channel words the gateway appends to its aliases.
 */
import { modelNameOf } from '../../../shared/catalog';
import type { Reader } from '../../../shared/i18n/locales';

/** Id words that name the route to a model, not the model (`vid-2-official` is Vid 2). */
const CHANNEL_WORDS = new Set(['official', 'direct', 'queued', 'queue']);

const tokensOf = (modelId: string): string[] => modelId.split(/[-_\s/]+/).filter((token) => token !== '');
const capitalised = (token: string): string => token.charAt(0).toUpperCase() + token.slice(1);

/** The name of a model id: the catalog's, else the id's words capitalised (`gen-5.3-codex-official` → `Gen 5.3 Codex`). */
export function friendlyModelName(modelId: string, reader: Reader): string {
  const named = modelNameOf(modelId, reader);
  if (named !== modelId) return named;
  const words = tokensOf(modelId).filter((token) => !CHANNEL_WORDS.has(token.toLowerCase()));
  return words.length === 0 ? modelId : words.map(capitalised).join(' ');
}

/** How a model id differs from the name it shares with others: a channel word (`official`), else `standard`, else its other words. */
type ModelIdNote = { kind: 'channel'; word: string } | { kind: 'standard' } | { kind: 'words'; words: string };

/** What sets `modelId` apart from the other ids of its name: the words it has that not all of them share. */
function noteOf(modelId: string, group: readonly string[]): ModelIdNote {
  const shared = tokensOf(group[0]?.toLowerCase() ?? '').filter((token) => group.every((other) => tokensOf(other.toLowerCase()).includes(token)));
  const extra = tokensOf(modelId.toLowerCase()).filter((token) => !shared.includes(token));
  const channel = extra.find((token) => CHANNEL_WORDS.has(token));
  if (extra.length === 0) return { kind: 'standard' };
  if (channel !== undefined && extra.length === 1) return { kind: 'channel', word: channel };
  return { kind: 'words', words: extra.map(capitalised).join(' ') };
}

export interface ModelNameGroup {
  name: string;
  /** The ids sharing the name, each with what sets it apart (null when it is the only one). */
  members: { modelId: string; note: ModelIdNote | null }[];
}

/** Model ids grouped by the name an artist reads, in first-seen order, for lists that show several side by side. */
export function groupByModelName(modelIds: readonly string[], reader: Reader): ModelNameGroup[] {
  const groups = new Map<string, string[]>();
  for (const modelId of new Set(modelIds)) {
    const name = friendlyModelName(modelId, reader);
    groups.set(name, [...(groups.get(name) ?? []), modelId]);
  }
  return [...groups].map(([name, ids]) => ({ name, members: ids.map((modelId) => ({ modelId, note: ids.length > 1 ? noteOf(modelId, ids) : null })) }));
}

/** The words for what sets ids of one name apart, in the reader's language. */
export interface ModelNoteWords {
  standard: string;
  official: string;
}

/** One label per id for lists that show several side by side: the name, and what sets it apart where names repeat. */
export function modelLabels(modelIds: readonly string[], reader: Reader, words: ModelNoteWords): Map<string, string> {
  const labels = new Map<string, string>();
  for (const group of groupByModelName(modelIds, reader))
    for (const { modelId, note } of group.members) {
      const apart =
        note === null
          ? null
          : note.kind === 'standard'
            ? words.standard
            : note.kind === 'words'
              ? note.words
              : note.word === 'official'
                ? words.official
                : capitalised(note.word);
      labels.set(modelId, apart === null ? group.name : `${group.name} · ${apart}`);
    }
  return labels;
}
