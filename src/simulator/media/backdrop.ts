import { sharp } from './image-library';
import type { Palette } from './palette';
import { hex, seedFraction } from './palette';

/**
 * The seeded background of generated pictures: a four-corner gradient with a few soft blobs.
 * It is drawn small and stretched with a linear kernel, so even 4K and larger stays quick (no
 * per-pixel work in JavaScript) and the blobs come out soft.
 */

/** Side of the small drawing the backdrop is stretched from (longest side). */
const SKETCH_SIDE = 96;

function sketchSvg(width: number, height: number, palette: Palette, seed: string): string {
  const [a, b, c, d] = palette.corners.map(hex);
  const blobs = [0, 1, 2, 3, 4]
    .map((index) => {
      const cx = seedFraction(seed, 12 + index * 3) * width;
      const cy = seedFraction(seed, 13 + index * 3) * height;
      const radius = (0.12 + seedFraction(seed, 14 + index * 3) * 0.22) * Math.max(width, height);
      const colour = index % 2 === 0 ? hex(palette.accent) : '#ffffff';
      const opacity = index % 2 === 0 ? 0.35 : 0.18;
      return `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${radius.toFixed(1)}" fill="${colour}" fill-opacity="${opacity}"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs>
<linearGradient id="top" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>
<linearGradient id="bottom" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${c}"/><stop offset="1" stop-color="${d}"/></linearGradient>
<linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#fff" stop-opacity="1"/></linearGradient>
<mask id="lower"><rect width="100%" height="100%" fill="url(#fade)"/></mask>
</defs>
<rect width="100%" height="100%" fill="url(#top)"/>
<rect width="100%" height="100%" fill="url(#bottom)" mask="url(#lower)"/>
${blobs}
</svg>`;
}

/** The backdrop as raw RGB pixels of exactly `width` x `height`. */
export async function renderBackdrop(width: number, height: number, palette: Palette, seed: string): Promise<Buffer> {
  const scale = SKETCH_SIDE / Math.max(width, height);
  const sketchWidth = Math.max(2, Math.round(width * scale));
  const sketchHeight = Math.max(2, Math.round(height * scale));
  const svg = Buffer.from(sketchSvg(sketchWidth, sketchHeight, palette, seed));
  // A slight blur first, so the stretched blobs have soft edges rather than steps.
  const sketch = await sharp(svg).removeAlpha().blur(1.2).raw().toBuffer();
  return sharp(sketch, { raw: { width: sketchWidth, height: sketchHeight, channels: 3 } })
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer();
}
