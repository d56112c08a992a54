/**
 * Reusing a history entry: a prompt goes into the box as it is; a template goes back in template
 * mode with the CSV its newest batch was filled from, when the history kept one.
 */
import type { HistoryEntry } from '../../../../shared/contract';
import { usePromptDraftStore } from '../../entities/prompt-draft-store';
import { usePromptHistoryStore } from '../../entities/prompt-history-store';

/** What came back with the entry, for the note the artist reads. */
export type ReuseOutcome =
  | { kind: 'prompt' }
  | { kind: 'template'; csv: { name: string; rows: number } | null }
  /** The template's CSV was too large to keep: it must be chosen again. */
  | { kind: 'templateWithoutCsv'; name: string | null; limitKb: number };

/** Data rows of a CSV, its header aside, as the batch controls count them. */
const rowCount = (text: string): number => Math.max(0, text.split('\n').filter((line) => line.trim() !== '').length - 1);

export async function reuseHistoryEntry(entry: HistoryEntry): Promise<ReuseOutcome> {
  const drafts = usePromptDraftStore.getState();
  if (!entry.isTemplate) {
    drafts.send({ kind: 'replace', text: entry.prompt });
    return { kind: 'prompt' };
  }
  const answer = await usePromptHistoryStore.getState().templateCsv(entry.prompt);
  // Without an answer the template still comes back; the CSV can be chosen by hand.
  const kept = answer.ok ? answer.value : { csv: null, notKept: null };
  const csv = kept.csv && { name: kept.csv.name ?? 'template.csv', text: kept.csv.text };
  drafts.send({ kind: 'template', text: entry.prompt, ...(csv ? { csv } : {}) });
  if (kept.notKept) return { kind: 'templateWithoutCsv', name: kept.notKept.name, limitKb: kept.notKept.limit / 1024 };
  return { kind: 'template', csv: csv && { name: csv.name, rows: rowCount(csv.text) } };
}
