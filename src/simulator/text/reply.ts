/**
 * Deterministic replies of the simulated text models. The "model" acts as a prompt assistant:
 * it restates the latest user request as a refined image/video prompt, with details chosen from
 * a hash of the text, so the same conversation always gets the same answer and tests can assert
 * content. A message starting with `echo:` is answered with the rest of it verbatim; a request
 * (or a system instruction) asking for "N variations" gets N numbered prompts, one per line.
 *
 * Token counting is a documented approximation: one token per whitespace-separated word.
 */

/** One turn of a conversation, reduced to what the reply depends on. */
export interface Turn {
  role: 'system' | 'user' | 'assistant' | 'tool';
  text: string;
  /** Number of images attached to the turn. */
  images: number;
}

/** Input tokens charged per attached image. */
const TOKENS_PER_IMAGE = 85;

const LIGHTING = ['soft morning light', 'golden hour glow', 'moody low-key lighting', 'overcast diffuse light'];
const CAMERA = ['wide establishing shot', 'close-up with shallow depth of field', 'eye-level medium shot', 'slow dolly-in'];
const PALETTE = ['muted earth tones', 'vivid complementary colours', 'pastel palette', 'high-contrast monochrome'];

/** FNV-1a: a stable hash so replies do not change between runs. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

function pick(options: readonly string[], seed: number): string {
  return options[seed % options.length] ?? '';
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** "4 variations" (or "4 prompt variations") in an instruction asks for that many prompts, one per line. */
const VARIATIONS = /\b(\d{1,2})\s+(?:prompt\s+)?variations\b/i;
const MAX_VARIATIONS = 20;

/** How many variations the latest request (or the system instruction) asks for, if any. */
function variationsAsked(turns: readonly Turn[], latest: Turn | undefined): number | undefined {
  const sources = [latest?.text ?? '', ...turns.filter((turn) => turn.role === 'system').map((turn) => turn.text)];
  for (const text of sources) {
    const count = Number(VARIATIONS.exec(text)?.[1] ?? 0);
    if (count >= 1) return Math.min(count, MAX_VARIATIONS);
  }
  return undefined;
}

/** N numbered prompts on their own lines, each the idea with its own details. */
function variations(idea: string, count: number): string {
  const seed = hash(idea);
  return Array.from(
    { length: count },
    (_, i) => `${i + 1}. ${idea}, ${pick(LIGHTING, seed + i)}, ${pick(CAMERA, (seed >>> 4) + i)}, ${pick(PALETTE, (seed >>> 8) + i)}`,
  ).join('\n');
}

/** The assistant's answer to a conversation. */
export function composeReply(turns: readonly Turn[]): string {
  const userTurns = turns.filter((turn) => turn.role === 'user');
  const latest = userTurns.at(-1);
  const latestText = collapse(latest?.text ?? '');
  const echo = /^echo:\s*/i.exec(latestText);
  if (echo) return latestText.slice(echo[0].length);
  const images = latest?.images ?? 0;
  const count = variationsAsked(turns, latest);
  if (count !== undefined && latestText !== '')
    return variations(
      latestText
        .replace(VARIATIONS, '')
        .replace(/^[\s:,.-]+/, '')
        .trim() || latestText,
      count,
    );

  const lastUserIndex = turns.lastIndexOf(latest as Turn);
  const toolResults = turns.slice(lastUserIndex + 1).filter((turn) => turn.role === 'tool');
  const parts: string[] = [];
  if (userTurns.length > 1) {
    parts.push(`Building on "${shorten(collapse(userTurns[0]?.text ?? ''), 60)}":`);
  }
  if (latestText === '' && images === 0) {
    parts.push('Tell me what you would like to create, and I will suggest a prompt.');
  } else if (images > 0 && (latestText === '' || /^describe\b/i.test(latestText))) {
    // Asked to describe its images: the "model" cannot see them, so it names what a scene needs.
    const seed = hash(`${latestText}#${images}`);
    parts.push(`Refined prompt: the scene of the reference image, ${pick(LIGHTING, seed)}, ${pick(CAMERA, seed >>> 4)}, ${pick(PALETTE, seed >>> 8)}.`);
  } else {
    const seed = hash(latestText);
    parts.push(`Refined prompt: ${latestText}, ${pick(LIGHTING, seed)}, ${pick(CAMERA, seed >>> 4)}, ${pick(PALETTE, seed >>> 8)}.`);
  }
  if (images > 0) parts.push(`Using ${images} reference image${images === 1 ? '' : 's'} as a visual guide.`);
  for (const tool of toolResults) parts.push(`Tool result noted: ${shorten(collapse(tool.text), 200)}.`);
  return parts.join(' ');
}

/** Split text into token pieces (a word with its leading whitespace); joining them restores it. */
export function tokenPieces(text: string): string[] {
  return text.match(/\s*\S+/g) ?? [];
}

/** Approximate token count: words. */
export function countTokens(text: string): number {
  return tokenPieces(text).length;
}

/** Input tokens of a conversation (text words plus a flat amount per image). */
export function countInputTokens(turns: readonly Turn[]): number {
  return turns.reduce((total, turn) => total + countTokens(turn.text) + turn.images * TOKENS_PER_IMAGE, 0);
}

/** Why generation ended. */
type FinishCause = 'end' | 'max_tokens' | 'stop_sequence';

export interface LimitedText {
  text: string;
  cause: FinishCause;
  /** The stop sequence that ended the text, when `cause` is `stop_sequence`. */
  stopSequence: string | null;
}

/**
 * Apply stop sequences (earliest match wins; the text ends before it) and a token limit, in the
 * order a model meets them while generating.
 */
export function limitText(full: string, maxTokens: number | undefined, stopSequences: readonly string[] = []): LimitedText {
  let text = full;
  let stopSequence: string | null = null;
  let earliest = Number.POSITIVE_INFINITY;
  for (const stop of stopSequences) {
    const index = stop === '' ? -1 : full.indexOf(stop);
    if (index !== -1 && index < earliest) {
      earliest = index;
      stopSequence = stop;
    }
  }
  if (stopSequence !== null) text = full.slice(0, earliest).trimEnd();
  const pieces = tokenPieces(text);
  if (maxTokens !== undefined && pieces.length > maxTokens) {
    return { text: pieces.slice(0, Math.max(0, maxTokens)).join(''), cause: 'max_tokens', stopSequence: null };
  }
  return { text, cause: stopSequence === null ? 'end' : 'stop_sequence', stopSequence };
}
