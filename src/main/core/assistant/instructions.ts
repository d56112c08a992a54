/**
 * What the assistant is told for each action: a short system instruction in English (models
 * follow it whatever language the artist writes in), with the chosen variant's rules and limits
 * taken from the catalog so "improve" writes a prompt that variant accepts.
 */
import type { FieldSpec, VariantEntry } from '../../../shared/catalog';
import { sayInEnglish } from '../../../shared/i18n/locales';
import type { AssistantAction } from '../../../shared/contract';

export interface InstructionContext {
  action: AssistantAction;
  /** `improve` (and `describe`, `expand` when given): the variant the prompt is for. */
  variant?: VariantEntry | undefined;
  /** `expand`: how many prompts. */
  count?: number | undefined;
  /** `translate`: the language to write in. */
  targetLanguage?: 'en' | 'zh-CN' | undefined;
}

const ROLE =
  'You are the prompt assistant of Atelier, a studio where artists generate images and videos through a model gateway. ' +
  'Artists write prompts in English and in Chinese; answer in the language they write in unless asked to translate.';

const PROMPT_ONLY = 'Answer with the prompt only: no preamble, no quotes, no explanation.';

const VIDEO_CONVENTIONS =
  'A video prompt reads as a shot description: the shot (framing), the subject, the action, the scene, the light, and the camera motion, in that order.';

const IMAGE_CONVENTIONS = 'An image prompt names the subject, the setting, the light, the composition and the style.';

function limitOf(field: FieldSpec): string | undefined {
  const unit = 'unit' in field && field.unit === 'seconds' ? ' seconds' : '';
  switch (field.type) {
    case 'enum':
      return `${sayInEnglish(field.label)}: ${field.values.join(', ')}${unit}`;
    case 'integer':
      return `${sayInEnglish(field.label)}: ${field.min} to ${field.max}${unit}`;
    case 'image-list':
      return `${sayInEnglish(field.label)}: up to ${field.maxCount ?? 'several'} images${field.usesOnlyFirst === true ? ' (only the first is used)' : ''}`;
    default:
      return undefined;
  }
}

/** The variant's rules and limits as the assistant is told them. */
export function variantBrief(variant: VariantEntry): string {
  const prompt = variant.fields.find((field) => field.type === 'prompt');
  const lines = [`Model variant: ${sayInEnglish(variant.label)} (${variant.kind}). ${sayInEnglish(variant.help)}`];
  if (prompt?.type === 'prompt' && prompt.maxLength !== undefined) lines.push(`The prompt may be at most ${prompt.maxLength} characters.`);
  if (prompt?.type === 'prompt' && prompt.syntax === 'placeholders') {
    const tokens = variant.rules.flatMap((rule) => (rule.kind === 'placeholders' ? rule.tokens.map((token) => `<<<${token.token}_N>>>`) : []));
    lines.push(
      `Refer to the attached references by their placeholders (${tokens.join(', ')}, numbered from 1 in list order); keep every placeholder the prompt already has.`,
    );
  }
  if (prompt?.type === 'prompt' && prompt.syntax === 'mentions') {
    lines.push('Characters are named as @username; keep every @username exactly as written.');
  }
  const limits = variant.fields.filter((field) => field.hidden !== true).flatMap((field) => limitOf(field) ?? []);
  if (limits.length > 0) lines.push(`Options of this variant (set in the form, not in the prompt): ${limits.join('; ')}.`);
  lines.push(variant.kind === 'image' ? IMAGE_CONVENTIONS : VIDEO_CONVENTIONS);
  return lines.join('\n');
}

/** The system instruction of a request. */
export function systemInstruction(context: InstructionContext): string {
  const brief = context.variant ? `\n\n${variantBrief(context.variant)}` : '';
  switch (context.action) {
    case 'improve':
      return `${ROLE}\n\nImprove the prompt the artist sends for the model variant below: make it vivid and precise, keep its intent and its language, and keep within the variant's rules. ${PROMPT_ONLY}${brief}`;
    case 'translate': {
      const target = context.targetLanguage === 'zh-CN' ? 'Simplified Chinese' : 'English';
      return `${ROLE}\n\nTranslate the prompt the artist sends into ${target}, as a prompt a native speaker would write. Keep placeholders such as <<<image_1>>> and @usernames unchanged. ${PROMPT_ONLY}`;
    }
    case 'describe':
      return `${ROLE}\n\nDescribe the attached image as a prompt that would make a picture like it; follow the artist's note if there is one. ${PROMPT_ONLY}${brief}`;
    case 'expand': {
      const count = context.count ?? 4;
      return `${ROLE}\n\nWrite ${count} variations of the idea the artist sends, each a complete prompt on its own line, numbered 1. to ${count}., different from one another in subject detail, setting, light or style. Write nothing else.${brief}`;
    }
    case 'chat':
      return `${ROLE}\n\nHelp the artist write and refine prompts. When you give a prompt, put it on its own line.${brief}`;
  }
}
