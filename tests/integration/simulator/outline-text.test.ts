/**
 * Captions where the image library has no text renderer (its WebAssembly build, inside the
 * desktop app on Linux): the system's fonts drawn as outlines wrap within the block, draw Latin
 * and Chinese glyphs (not empty boxes), and render through the WebAssembly build.
 */
import { describe, expect, it } from 'vitest';
import { loadImageLibrary } from '../../../src/main/core/media/image-library';
import { outlineSvg, systemFonts } from '../../../src/simulator/media/outline-text';

/** Share of pixels the text covers (alpha above half). */
async function coverage(svg: string): Promise<number> {
  const { data, info } = await loadImageLibrary('wasm')(Buffer.from(svg)).ensureAlpha().extractChannel(3).raw().toBuffer({ resolveWithObject: true });
  let covered = 0;
  for (const alpha of data) if (alpha > 128) covered += 1;
  return covered / (info.width * info.height);
}

describe('captions drawn as font outlines', () => {
  it('wrap a long prompt within the block, as wide as its widest line', async (context) => {
    if ((await systemFonts()) === null) context.skip();
    const words = 'A red fox curled up in fresh snow at dawn, soft golden light';
    const one = await outlineSvg({ lines: [[{ text: words, colour: '#ffffff' }]], fontPx: 40, width: 4000, align: 'left' });
    const wrapped = await outlineSvg({ lines: [[{ text: words, colour: '#ffffff' }]], fontPx: 40, width: 500, align: 'left' });
    const width = (svg: string | undefined): number => Number(/width="(\d+)"/.exec(svg ?? '')?.[1]);
    expect(width(one?.svg)).toBeLessThan(4000);
    expect(width(wrapped?.svg)).toBeLessThanOrEqual(500);
    expect(wrapped?.height).toBeGreaterThanOrEqual(3 * (one?.height ?? 0));
  });

  it('draw Latin and Chinese glyphs through the WebAssembly build', async (context) => {
    const fonts = await systemFonts();
    if (fonts === null || fonts.cjk === undefined) context.skip();
    const latin = await outlineSvg({ lines: [[{ text: 'Lanterns', colour: '#ffffff', bold: true }]], fontPx: 48, width: 800, align: 'left' });
    const chinese = await outlineSvg({ lines: [[{ text: '一只红狐狸在雪中', colour: '#ffffff' }]], fontPx: 48, width: 800, align: 'centre' });
    expect(await coverage(latin?.svg ?? '')).toBeGreaterThan(0.1);
    // Eight CJK characters fill much of their line; a missing font would leave nothing drawn.
    expect(await coverage(chinese?.svg ?? '')).toBeGreaterThan(0.15);
  });
});
