/**
 * What the Create form sends: the batch (prompts, template and CSV, count, fan-out with each
 * model's own options) and the estimate's question, built from the form's slices. Pure.
 */
import type { FormDescription } from '../../../../../shared/catalog';
import type { CreateBatchInput, EstimateCostInput } from '../../../../../shared/contract';
import { carryOver, imageFields, maskField, requestValues, type Values } from './form-values';

/** How the prompt box is read: one prompt, one prompt per line, or a template with `{a|b}` and `{{column}}`. */
export type PromptMode = 'single' | 'lines' | 'template';

export interface FanOutTarget {
  description: FormDescription;
  modelId: string;
}

export interface ComposerSnapshot {
  description: FormDescription;
  modelId: string;
  prompt: string;
  values: Values;
  /** Uploaded reference addresses per field of the chosen form. */
  references: Readonly<Record<string, readonly string[]>>;
  maskUrl: string | null;
  mode: PromptMode;
  count: number;
  csv: string | null;
  /** The CSV's file name, kept with the batch so the history gives the template back with it. */
  csvName?: string | null | undefined;
  fanOut: readonly FanOutTarget[];
  creditBudget?: number | undefined;
  keyCredits?: number | undefined;
}

/** The prompts of the box in its mode (lines: one per non-empty line). */
export function promptsOf(prompt: string, mode: PromptMode): string[] {
  if (mode === 'lines')
    return prompt
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
  return prompt.trim() === '' ? [] : [prompt];
}

/** A batch's name: its first prompt line, shortened. */
export function batchName(prompt: string): string {
  const first =
    prompt
      .split('\n')
      .map((line) => line.trim())
      .find(Boolean) ?? '';
  const name = first.length > 60 ? `${first.slice(0, 59)}…` : first;
  return name === '' ? 'Untitled' : name;
}

/** The references of the chosen form moved to another model's first image field (and its mask if it has one). */
function fanOutValues(snapshot: ComposerSnapshot, target: FanOutTarget): Record<string, unknown> {
  const { values } = carryOver(snapshot.values, target.description);
  const all = imageFields(snapshot.description).flatMap((field) => snapshot.references[field.key] ?? []);
  const first = imageFields(target.description)[0];
  const references = first && all.length > 0 ? { [first.key]: all } : {};
  const mask = maskField(target.description) ? snapshot.maskUrl : null;
  return requestValues(target.description, { modelId: target.modelId, values }, references, mask);
}

/** The estimate's question: the requests the batch would make. */
export function estimateInput(snapshot: ComposerSnapshot): EstimateCostInput {
  const others = snapshot.fanOut.filter((target) => target.description.variantId !== snapshot.description.variantId);
  const variantIds = [snapshot.description.variantId, ...new Set(others.map((target) => target.description.variantId))];
  const source =
    snapshot.mode === 'template'
      ? { template: snapshot.prompt, ...(snapshot.csv === null ? {} : { csv: snapshot.csv }) }
      : { prompts: promptsOf(snapshot.prompt, snapshot.mode) };
  const valuesByVariant = Object.fromEntries(others.map((target) => [target.description.variantId, fanOutValues(snapshot, target)]));
  return {
    variantIds,
    ...source,
    countPerPrompt: snapshot.count,
    values: requestValues(snapshot.description, snapshot, snapshot.references, snapshot.maskUrl),
    ...(others.length === 0 ? {} : { valuesByVariant }),
  };
}

/** The batch to create: the estimate's question with a name and the optional budget or capped key. */
export function createInput(snapshot: ComposerSnapshot): CreateBatchInput {
  return {
    ...estimateInput(snapshot),
    name: batchName(snapshot.prompt),
    ...(snapshot.mode === 'template' && snapshot.csv !== null && snapshot.csvName ? { csvName: snapshot.csvName } : {}),
    ...(snapshot.creditBudget === undefined ? {} : { creditBudget: snapshot.creditBudget }),
    ...(snapshot.keyCredits === undefined ? {} : { dedicatedKeyCredits: snapshot.keyCredits }),
  };
}
