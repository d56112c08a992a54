/**
 * Which catalog variant a jobs-file line is for. A line names a model; most models have one
 * variant. For the first image model the interface does not say how the gateway picks its
 * direct or its queued channel, so the choice only decides which limits the line is checked
 * against and which answer is usual: the line's shape suggests one (a ratio size: queued;
 * `image_urls` or a mask: edit; else direct), another is taken when only it accepts the line,
 * and the choice comes with a note saying what is known and what is assumed. For other models
 * with several variants, the one the line is valid for is taken, and a line that fits several
 * must name one with `"variant"`.
 */
import { CATALOG, channelPreference, findVariants, variantById, type VariantEntry, type WireBody } from '../shared/catalog';
import type { RequestIssue } from '../main/core/gateway/invalid-request';
import { sayInEnglish } from '../shared/i18n/locales';

/** What the choice looks at besides the variants' own rules. */
export interface LineShape {
  model: string;
  body: WireBody;
  variant: string | undefined;
  hasMask: boolean;
}

/** The chosen variant, with a note where the choice rests on an assumption. */
export type VariantChoice = { ok: true; entry: VariantEntry; note?: string } | { ok: false; message: string };

const GEN_IMAGE = {
  direct: 'image.gen-image-2.direct',
  edit: 'image.gen-image-2.edit',
  task: 'image.gen-image-2.task',
} as const;

/** Every model id the catalog knows, sorted. */
function knownModels(): string[] {
  return [...new Set(CATALOG.flatMap((entry) => entry.modelIds))].sort();
}

function hasPathParameters(entry: VariantEntry): boolean {
  return entry.fields.some((field) => field.in === 'path');
}

function givesPathParameters(entry: VariantEntry, body: WireBody): boolean {
  return entry.fields.filter((field) => field.in === 'path').every((field) => field.key in body);
}

const KNOWN =
  'The interface does not say how the gateway picks the direct or the queued channel of gen-image-2; ' +
  'whichever answer comes back (images, an edit summary or a task) is followed.';

/** The variant the line's shape suggests, and why. */
function suggestedGenImage(shape: LineShape): { id: string; why: string } {
  const size = shape.body.size;
  if (typeof size === 'string' && /^\s*\d+\s*:\s*\d+\s*$/.test(size)) return { id: GEN_IMAGE.task, why: 'its size is a ratio' };
  if ('image_urls' in shape.body || shape.hasMask) return { id: GEN_IMAGE.edit, why: 'it has images to edit' };
  return { id: GEN_IMAGE.direct, why: 'it has neither a ratio size nor images to edit' };
}

function usually(entry: VariantEntry): string {
  const channel = channelPreference(entry);
  return channel === undefined ? 'answered in an unknown style' : sayInEnglish(channel.label).toLowerCase();
}

function genImageVariant(
  shape: LineShape,
  candidates: readonly VariantEntry[],
  issuesFor: (entry: VariantEntry) => readonly RequestIssue[],
): VariantChoice | undefined {
  const ids = new Set(candidates.map((entry) => entry.id));
  if (!Object.values(GEN_IMAGE).every((id) => ids.has(id))) return undefined;
  const suggested = suggestedGenImage(shape);
  const preferred = candidates.find((entry) => entry.id === suggested.id);
  if (!preferred) return undefined;
  let entry = preferred;
  let why = suggested.why;
  if (issuesFor(preferred).length > 0) {
    const others = candidates.filter((candidate) => candidate !== preferred && issuesFor(candidate).length === 0);
    const [only] = others;
    if (only && others.length === 1) {
      entry = only;
      why = `only it accepts this line (${preferred.id}: ${issuesFor(preferred)[0]?.message ?? 'refused'})`;
    }
  }
  const note = `gen-image-2: checked as ${entry.id} because ${why}. Assumed: such a request is ${usually(entry)}. ` + `Known: ${KNOWN}`;
  return { ok: true, entry, note };
}

function explicitVariant(shape: LineShape): VariantChoice {
  const id = shape.variant ?? '';
  const entry = variantById(id);
  const ofModel = findVariants(shape.model).map((candidate) => candidate.id);
  const choices = ofModel.length > 0 ? `; variants of ${shape.model}: ${ofModel.join(', ')}` : '';
  if (!entry) return { ok: false, message: `unknown variant "${id}"${choices}` };
  if (!entry.modelIds.includes(shape.model)) return { ok: false, message: `variant ${id} does not serve model "${shape.model}"${choices}` };
  return { ok: true, entry };
}

/**
 * Chooses the variant of a line. `issuesFor` validates the line against one variant (body,
 * path parameters, files); it decides between variants of the same model.
 */
export function chooseVariant(shape: LineShape, issuesFor: (entry: VariantEntry) => readonly RequestIssue[]): VariantChoice {
  if (shape.variant !== undefined) return explicitVariant(shape);
  const candidates = findVariants(shape.model);
  if (candidates.length === 0) {
    return {
      ok: false,
      message:
        `unknown model "${shape.model}"; known models: ${knownModels().join(', ')}. ` +
        `For a model the gateway lists but this tool has no form for, add "variant": "image.generic:${shape.model}" (or video.generic:...)`,
    };
  }
  const [only] = candidates;
  if (only && candidates.length === 1) return { ok: true, entry: only };
  const genImage = genImageVariant(shape, candidates, issuesFor);
  if (genImage) return genImage;
  // Remix-style variants need their path parameter (`video_id`); the others must not get one.
  const fitting = candidates.filter((entry) => !hasPathParameters(entry) || givesPathParameters(entry, shape.body));
  const valid = fitting.filter((entry) => issuesFor(entry).length === 0);
  const [onlyValid] = valid;
  if (onlyValid && valid.length === 1) return { ok: true, entry: onlyValid };
  const [onlyFitting] = fitting;
  if (onlyFitting && fitting.length === 1) return { ok: true, entry: onlyFitting };
  if (valid.length > 1) {
    return {
      ok: false,
      message: `model "${shape.model}" has several variants that fit this line (${valid.map((e) => e.id).join(', ')}); add "variant": "<id>" to choose one`,
    };
  }
  const reasons = fitting.map((entry) => `${entry.id}: ${issuesFor(entry)[0]?.message ?? 'does not fit'}`);
  return {
    ok: false,
    message: `model "${shape.model}" has several variants and this line fits none of them (${reasons.join('; ')}); fix the line, or add "variant": "<id>" to see every problem for one variant`,
  };
}
