import { createHash } from 'node:crypto';

/**
 * What a generated file is made from. A recipe holds everything that decides its bytes and
 * nothing else (no task id, no time), so the same request renders the same file, renders can
 * be cached by request, and a restarted simulator can render a result it had only promised.
 * Recipes are plain JSON: they are saved with the simulator's state.
 */

/** Encodings of generated pictures. */
export type ImageEncoding = 'png' | 'jpeg' | 'webp';

/** What a picture or video says about the request that made it. */
export interface RequestCaption {
  prompt: string;
  model: string;
  /** Position in the request (0-based) and how many the request made. */
  index: number;
  count: number;
}

/** A generated image (every image variant). */
export interface ImageRecipe extends RequestCaption {
  kind: 'image';
  width: number;
  height: number;
  encoding: ImageEncoding;
  /** Encoder quality 1-100 (JPEG/WebP). */
  quality?: number;
  /**
   * Served files (by name) the result starts from, in request order: the first is the base,
   * all appear in the reference strip. References at other hosts cannot be fetched and are left out.
   */
  references: string[];
  /** Served PNG (by name) whose transparent area is repainted; applies to the first reference. */
  mask?: string;
}

/** A generated video (every video variant and remix). */
export interface VideoRecipe extends RequestCaption {
  kind: 'video';
  width: number;
  height: number;
  seconds: number;
  /** An audio track was asked for (omni `audio: true`). */
  audio: boolean;
  /** Served image (by name) used as the first frame (image-to-video). */
  firstFrame?: string;
  /** The video this one remixes: its first frame, tinted, is the background. */
  remixOf?: { id: string; recipe: VideoRecipe };
  /** Characters shown on screen: `@username`s the prompt uses, or the one the video creates. */
  characters: string[];
  /** The video creates a character (shown as such). */
  createsCharacter: boolean;
}

/** A still of a video's first frame at another size (VVIP `thumbnail: true`). */
interface StillRecipe {
  kind: 'still';
  of: VideoRecipe;
  width: number;
  height: number;
}

/** A character's profile picture, showing its name. */
export interface ProfileRecipe {
  kind: 'profile';
  username: string;
  displayName: string;
  size: number;
}

export type RenderRecipe = ImageRecipe | VideoRecipe | StillRecipe | ProfileRecipe;

/** Bumped whenever rendering changes, so caches never mix two looks of one request. */
const RENDER_VERSION = 1;

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([key, field]) => [key, canonical(field)]));
  }
  return value;
}

/** A stable key of a recipe (same recipe, same key, whatever the field order). */
export function recipeKey(recipe: RenderRecipe): string {
  return createHash('sha256')
    .update(JSON.stringify({ v: RENDER_VERSION, recipe: canonical(recipe) }))
    .digest('hex');
}

/** The seed of a recipe's colours and motion: its request, not its task or time. */
export function recipeSeed(caption: RequestCaption, extra = ''): string {
  return `${caption.model}\u0000${caption.prompt}\u0000${caption.index}\u0000${extra}`;
}
