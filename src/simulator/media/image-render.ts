import { sharp } from './image-library';
import type { OverlayOptions, Sharp } from 'sharp';
import { renderBackdrop } from './backdrop';
import type { Box, CardContent } from './card';
import { cardLayers, detailsLine, positionLabel, sizeLabel } from './card';
import { applyMask, maskAlphaAt, repaintFill } from './mask-repaint';
import { paletteOf } from './palette';
import type { Palette } from './palette';
import type { ImageEncoding, ImageRecipe } from './recipes';
import { recipeSeed } from './recipes';
import { referenceStripLayers } from './reference-strip';

/**
 * Generated images that show what was asked:
 * - text-to-image: a seeded backdrop with the prompt, model, size and position on a card;
 * - with references: the first reference stretched to the output size, all references in a
 *   strip along the top, the card along the bottom;
 * - with a mask: the reference, with only the mask's transparent area repainted (stripes, the
 *   strip and the card live in the repaint, so opaque pixels stay the reference's).
 */

/** Reads the bytes of a served file by name (undefined when it is gone). */
export type FileBytes = (name: string) => Promise<Buffer | undefined>;

const MIME_BY_ENCODING: Record<ImageEncoding, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** MIME type of an encoding. */
export function mimeOfEncoding(encoding: ImageEncoding): string {
  return MIME_BY_ENCODING[encoding];
}

/** Prompt type size for a frame: large enough to read in a 256-pixel thumbnail. */
export function promptFontPx(width: number, height: number): number {
  return Math.max(12, Math.round(Math.min(width, height) * 0.08));
}

function marginOf(width: number, height: number): number {
  return Math.round(Math.min(width, height) * 0.05);
}

function contentOf(recipe: ImageRecipe): CardContent {
  return {
    prompt: recipe.prompt,
    badges: [],
    details: detailsLine([recipe.model, sizeLabel(recipe.width, recipe.height), positionLabel(recipe.index, recipe.count)]),
  };
}

async function loadAll(names: readonly string[], bytesOf: FileBytes): Promise<Buffer[]> {
  const loaded = await Promise.all(names.map((name) => bytesOf(name)));
  return loaded.filter((bytes): bytes is Buffer => bytes !== undefined);
}

/** A picture stretched to exactly `width` x `height`, as raw RGB (transparency flattened on white). */
export function stretchedRgb(bytes: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(bytes, { animated: false }).resize(width, height, { fit: 'fill' }).flatten({ background: '#ffffff' }).removeAlpha().raw().toBuffer();
}

/** Strip along the top and card along the bottom (or centred when alone) of `box`. */
async function captionLayers(
  recipe: ImageRecipe,
  references: readonly Buffer[],
  box: Box,
  palette: Palette,
  anchor: 'centre' | 'bottom',
): Promise<OverlayOptions[]> {
  const side = Math.min(box.width, box.height);
  const fontPx = Math.min(promptFontPx(recipe.width, recipe.height), Math.max(10, Math.round(side * 0.09)));
  const stripSide = Math.round(side * 0.2);
  const strip = await referenceStripLayers(references, { ...box, height: Math.min(box.height, stripSide) }, stripSide);
  const stripSpace = strip.length > 0 ? stripSide + Math.round(side * 0.04) : 0;
  const cardBox = { left: box.left, top: box.top + stripSpace, width: box.width, height: Math.max(1, box.height - stripSpace) };
  const card = await cardLayers(contentOf(recipe), {
    box: cardBox,
    anchor,
    fontPx,
    accent: palette.accent,
  });
  return [...strip, ...card];
}

function inset(box: Box, by: number): Box {
  const width = Math.max(1, box.width - 2 * by);
  const height = Math.max(1, box.height - 2 * by);
  return { left: box.left + Math.floor((box.width - width) / 2), top: box.top + Math.floor((box.height - height) / 2), width, height };
}

async function composed(recipe: ImageRecipe, bytesOf: FileBytes): Promise<Sharp> {
  const { width, height } = recipe;
  const raw = { width, height, channels: 3 as const };
  const seed = recipeSeed(recipe, `${width}x${height}`);
  const palette = paletteOf(seed);
  const references = await loadAll(recipe.references, bytesOf);
  const frame = inset({ left: 0, top: 0, width, height }, marginOf(width, height));
  const first = references[0];
  if (first === undefined) {
    const backdrop = await renderBackdrop(width, height, palette, seed);
    return sharp(backdrop, { raw }).composite(await captionLayers(recipe, [], frame, palette, 'centre'));
  }
  const base = await stretchedRgb(first, width, height);
  // The strip shows when there are several references (one is the picture itself).
  const stripRefs = references.length > 1 ? references : [];
  const maskBytes = recipe.mask === undefined ? undefined : await bytesOf(recipe.mask);
  if (maskBytes === undefined) {
    return sharp(base, { raw }).composite(await captionLayers(recipe, stripRefs, frame, palette, 'bottom'));
  }
  const mask = await maskAlphaAt(maskBytes, width, height);
  if (mask.repaintBox === undefined) return sharp(base, { raw });
  const fill = await repaintFill(width, height, palette, seed);
  const box = inset(mask.repaintBox, Math.round(Math.min(mask.repaintBox.width, mask.repaintBox.height) * 0.06));
  const captions = await captionLayers(recipe, stripRefs, box, palette, stripRefs.length > 0 ? 'bottom' : 'centre');
  const repaint = await sharp(fill, { raw }).composite(captions).removeAlpha().raw().toBuffer();
  return applyMask(base, repaint, mask, width, height);
}

/** Renders an image recipe to encoded bytes of exactly its size. */
export async function renderImage(recipe: ImageRecipe, bytesOf: FileBytes): Promise<Buffer> {
  // Composites with translucent layers come out with alpha: results are opaque, like the channel's.
  const { data, info } = await (await composed(recipe, bytesOf)).raw().toBuffer({ resolveWithObject: true });
  const image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).removeAlpha();
  const quality = Math.min(100, Math.max(1, Math.round(recipe.quality ?? 90)));
  switch (recipe.encoding) {
    case 'png':
      // Low zlib effort: results are made on demand and 4K must stay quick.
      return image.png({ compressionLevel: 2 }).toBuffer();
    case 'jpeg':
      return image.jpeg({ quality }).toBuffer();
    case 'webp':
      return image.webp({ quality }).toBuffer();
  }
}
