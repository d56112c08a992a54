import { canRenderText, sharp } from './image-library';
import { outlineSvg } from './outline-text';

/**
 * Text set with Pango through sharp's text input: wrapped at word (or, for Chinese, character)
 * boundaries, with the system's fonts and fontconfig's fallback (Noto Sans CJK for Chinese
 * where `fonts-noto-cjk` is installed). The WebAssembly build of the image library has no Pango:
 * there the same fonts are drawn as outlines (`outline-text.ts`).
 */

/** One run of text in a block, with its own colour and weight. */
export interface TextRun {
  text: string;
  colour: string;
  bold?: boolean;
  /** Size relative to the block's font size (default 1). */
  scale?: number;
}

/** A rendered block: RGBA PNG bytes and their size. */
export interface TextImage {
  png: Buffer;
  width: number;
  height: number;
}

export interface TextBlockRequest {
  /** Lines of the block, each a list of runs (a line wraps when it is wider than `width`). */
  lines: TextRun[][];
  /** Largest font size, in pixels; smaller when the block would not fit `maxHeight`. */
  fontPx: number;
  width: number;
  maxHeight: number;
  align?: 'left' | 'centre';
}

/** Smallest font size tried before the text is cut instead. */
const MIN_FONT_PX = 8;
const FIT_ATTEMPTS = 4;

/** Escapes text for Pango markup. */
function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** At most `limit` characters (graphemes, so emoji and Chinese stay whole), with an ellipsis when cut. */
export function clip(text: string, limit: number): string {
  const characters = Array.from(graphemes.segment(text.replace(/\s+/g, ' ').trim()), (part) => part.segment);
  return characters.length <= limit
    ? characters.join('')
    : `${characters
        .slice(0, limit - 1)
        .join('')
        .trimEnd()}…`;
}

function markupOf(lines: TextRun[][], fontPx: number): string {
  return lines
    .map((runs) =>
      runs
        .map((run) => {
          const size = Math.max(1, Math.round(fontPx * (run.scale ?? 1) * 1024));
          const weight = run.bold === true ? 'bold' : 'normal';
          return `<span foreground="${run.colour}" font_weight="${weight}" size="${size}">${escapeMarkup(run.text)}</span>`;
        })
        .join(''),
    )
    .join('\n');
}

async function renderOutlines(request: TextBlockRequest, fontPx: number): Promise<TextImage> {
  const outlined = await outlineSvg({ lines: request.lines, fontPx, width: Math.max(1, Math.floor(request.width)), align: request.align ?? 'left' });
  if (outlined === undefined) return noText();
  const { data, info } = await sharp(Buffer.from(outlined.svg)).png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}

async function renderAt(request: TextBlockRequest, fontPx: number): Promise<TextImage> {
  if (!canRenderText) return renderOutlines(request, fontPx);
  const { data, info } = await sharp({
    text: {
      text: markupOf(request.lines, fontPx),
      font: 'sans',
      width: Math.max(1, Math.floor(request.width)),
      // 72 dpi: one point is one pixel, so `size` above is in pixels.
      dpi: 72,
      rgba: true,
      wrap: 'word-char',
      align: request.align === 'centre' ? 'centre' : 'left',
    },
  })
    .png({ compressionLevel: 1 })
    .toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}

/** A transparent pixel: the block where no font could be found. */
async function noText(): Promise<TextImage> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .png()
    .toBuffer();
  return { png, width: 1, height: 1 };
}

/**
 * Renders the block at the largest font size up to `fontPx` whose height fits `maxHeight`
 * (a few tries, each scaled by the overflow); the last try is cropped to `maxHeight`.
 */
export async function renderTextBlock(request: TextBlockRequest): Promise<TextImage> {
  let fontPx = Math.max(MIN_FONT_PX, request.fontPx);
  let image = await renderAt(request, fontPx);
  for (let attempt = 1; attempt < FIT_ATTEMPTS && image.height > request.maxHeight && fontPx > MIN_FONT_PX; attempt++) {
    fontPx = Math.max(MIN_FONT_PX, Math.floor(fontPx * Math.sqrt(request.maxHeight / image.height) * 0.97));
    image = await renderAt(request, fontPx);
  }
  if (image.height <= request.maxHeight) return image;
  const height = Math.max(1, Math.floor(request.maxHeight));
  const png = await sharp(image.png).extract({ left: 0, top: 0, width: image.width, height }).png().toBuffer();
  return { png, width: image.width, height };
}
