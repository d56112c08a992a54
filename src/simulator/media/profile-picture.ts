import { sharp } from './image-library';
import { renderBackdrop } from './backdrop';
import { hex, paletteOf } from './palette';
import type { ProfileRecipe } from './recipes';
import { renderTextBlock } from './text-block';

/** A character's profile picture: its display name large and its `@username` below, on a seeded backdrop. */
export async function renderProfilePicture(recipe: ProfileRecipe): Promise<Buffer> {
  const { size } = recipe;
  const palette = paletteOf(`character\u0000${recipe.username}`);
  const backdrop = await renderBackdrop(size, size, palette, recipe.username);
  const padding = Math.round(size * 0.08);
  const text = await renderTextBlock({
    lines: [
      [{ text: recipe.displayName, colour: '#ffffff', bold: true }],
      [{ text: `@${recipe.username}`, colour: hex(palette.accent), bold: true, scale: 0.5 }],
    ],
    fontPx: Math.round(size * 0.2),
    width: size - 2 * padding,
    maxHeight: size - 2 * padding,
    align: 'centre',
  });
  const panelHeight = text.height + padding;
  const panelTop = Math.round((size - panelHeight) / 2);
  const panel = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${panelHeight}"><rect width="${size}" height="${panelHeight}" fill="#000000" fill-opacity="0.55"/></svg>`,
  );
  return sharp(backdrop, { raw: { width: size, height: size, channels: 3 } })
    .composite([
      { input: panel, left: 0, top: panelTop },
      { input: text.png, left: Math.round((size - text.width) / 2), top: panelTop + Math.round(padding / 2) },
    ])
    .png()
    .toBuffer();
}
