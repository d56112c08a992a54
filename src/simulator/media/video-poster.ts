import { sharp } from './image-library';
import { renderBackdrop } from './backdrop';
import type { CardContent } from './card';
import { cardLayers, detailsLine, positionLabel, mentionsIn, sizeLabel, visiblePrompt } from './card';
import type { FileBytes } from './image-render';
import { promptFontPx, stretchedRgb } from './image-render';
import type { Palette } from './palette';
import { paletteOf } from './palette';
import type { VideoRecipe } from './recipes';
import { recipeSeed } from './recipes';

/**
 * The first frame of a generated video, which galleries show as its poster: a backdrop (or the
 * image-to-video reference, or the remixed video's own first frame, tinted) with the prompt,
 * the `@username`s involved and the model, size and length.
 */

/** The seed of a video's colours and motion. */
export function videoSeed(recipe: VideoRecipe): string {
  return recipeSeed(recipe, `${recipe.width}x${recipe.height}\u0000${recipe.seconds}`);
}

/** The palette of a video (its accent colours the ball, the bar and the badges). */
export function videoPalette(recipe: VideoRecipe): Palette {
  return paletteOf(videoSeed(recipe));
}

/** What the caption card of a video says: prompt, `@username`s, remix source, size, length and sound. */
export function posterCaption(recipe: VideoRecipe): CardContent {
  // A mention the prompt shows is already highlighted there; one cut off is shown on its own.
  const shown = mentionsIn(visiblePrompt(recipe.prompt));
  const badges = recipe.createsCharacter
    ? recipe.characters.map((username) => `new character @${username}`)
    : recipe.characters.filter((username) => !shown.has(username)).map((username) => `@${username}`);
  if (recipe.remixOf !== undefined) badges.push(`remix of ${recipe.remixOf.id}`);
  return {
    prompt: recipe.prompt,
    badges,
    details: detailsLine([
      recipe.model,
      sizeLabel(recipe.width, recipe.height),
      `${recipe.seconds} s`,
      recipe.audio ? 'with sound' : '',
      positionLabel(recipe.index, recipe.count),
    ]),
  };
}

async function backgroundOf(recipe: VideoRecipe, bytesOf: FileBytes, palette: Palette): Promise<Buffer> {
  const { width, height } = recipe;
  if (recipe.remixOf !== undefined) {
    const source = recipe.remixOf.recipe;
    const sourceFrame = await posterRgb(source, bytesOf);
    return sharp(sourceFrame, { raw: { width: source.width, height: source.height, channels: 3 } })
      .resize(width, height, { fit: 'cover' })
      .tint(palette.accent)
      .modulate({ brightness: 0.8 })
      .removeAlpha()
      .raw()
      .toBuffer();
  }
  const first = recipe.firstFrame === undefined ? undefined : await bytesOf(recipe.firstFrame);
  if (first !== undefined) return stretchedRgb(first, width, height);
  return renderBackdrop(width, height, palette, videoSeed(recipe));
}

/** The first frame as raw RGB of exactly the video's size. */
async function posterRgb(recipe: VideoRecipe, bytesOf: FileBytes): Promise<Buffer> {
  const { width, height } = recipe;
  const palette = videoPalette(recipe);
  const background = await backgroundOf(recipe, bytesOf, palette);
  const margin = Math.round(Math.min(width, height) * 0.05);
  // The lower part holds the caption; the upper part is left to the moving ball.
  const top = Math.round(height * 0.45);
  const box = { left: margin, top, width: width - 2 * margin, height: height - top - margin * 2 };
  const card = await cardLayers(posterCaption(recipe), {
    box,
    anchor: 'bottom',
    fontPx: promptFontPx(width, height),
    accent: palette.accent,
    // Over a remixed frame the source's own caption shows through; keep the new one readable.
    ...(recipe.remixOf === undefined ? {} : { panelOpacity: 0.85 }),
  });
  return sharp(background, { raw: { width, height, channels: 3 } })
    .composite(card)
    .removeAlpha()
    .raw()
    .toBuffer();
}

/** The first frame as PNG, optionally scaled (thumbnails). */
export async function posterPng(recipe: VideoRecipe, bytesOf: FileBytes, size?: { width: number; height: number }): Promise<Buffer> {
  const frame = sharp(await posterRgb(recipe, bytesOf), { raw: { width: recipe.width, height: recipe.height, channels: 3 } });
  const sized = size === undefined ? frame : frame.resize(size.width, size.height, { fit: 'fill' });
  return sized.png({ compressionLevel: 2 }).toBuffer();
}
