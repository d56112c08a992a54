/**
 * Text for the image library's WebAssembly build, which has no text renderer of its own: the
 * system's fonts (found through fontconfig's `fc-match`, the same fonts Pango would use) are
 * read with fontkit, every glyph becomes an SVG outline, and the SVG is drawn by the image
 * library like any other. Lines wrap at spaces, or between Chinese characters; a character the
 * main font lacks comes from the CJK font.
 */
import { execFileSync } from 'node:child_process';
import type * as FontkitModule from 'fontkit';
import type { Font, FontCollection } from 'fontkit';

interface OutlineRun {
  text: string;
  colour: string;
  bold?: boolean;
  scale?: number;
}

export interface OutlineBlock {
  lines: OutlineRun[][];
  fontPx: number;
  width: number;
  align: 'left' | 'centre';
}

interface Fonts {
  regular: Font;
  bold: Font;
  cjk: Font | undefined;
  cjkBold: Font | undefined;
}

const LINE_HEIGHT = 1.25;

/** The file fontconfig picks for a pattern, or undefined (no fontconfig, no font). */
function fontFile(pattern: string): string | undefined {
  try {
    const file = execFileSync('fc-match', ['-f', '%{file}', pattern], { encoding: 'utf8', timeout: 5_000 }).trim();
    return file === '' ? undefined : file;
  } catch {
    return undefined;
  }
}

type Fontkit = typeof FontkitModule;

function openFont(fontkit: Fontkit, file: string | undefined): Font | undefined {
  if (file === undefined) return undefined;
  try {
    const opened: Font | FontCollection = fontkit.openSync(file);
    return 'fonts' in opened ? opened.fonts[0] : opened;
  } catch {
    return undefined;
  }
}

let loaded: Promise<Fonts | null> | undefined;

async function loadFonts(): Promise<Fonts | null> {
  // Loaded on first use: only the WebAssembly build draws outlines, and fontkit is slow to import.
  const fontkit: Fontkit = await import('fontkit');
  const regular = openFont(fontkit, fontFile('sans'));
  if (regular === undefined) return null;
  const cjk = openFont(fontkit, fontFile('sans:lang=zh-cn'));
  return { regular, bold: openFont(fontkit, fontFile('sans:bold')) ?? regular, cjk, cjkBold: openFont(fontkit, fontFile('sans:bold:lang=zh-cn')) ?? cjk };
}

/** The system's sans-serif fonts, loaded once; null when there are none. */
export function systemFonts(): Promise<Fonts | null> {
  loaded ??= loadFonts();
  return loaded;
}

interface Placed {
  /** SVG path data at the origin of the glyph's pen position. */
  path: string;
  advance: number;
  colour: string;
  /** A line may break before this piece. */
  breakBefore: boolean;
  space: boolean;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const WIDE = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u;

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** Each grapheme of a run as outlines at its size, with where a line may break. */
function place(run: OutlineRun, fonts: Fonts, fontPx: number): Placed[] {
  const size = fontPx * (run.scale ?? 1);
  const main = run.bold === true ? fonts.bold : fonts.regular;
  const fallback = run.bold === true ? fonts.cjkBold : fonts.cjk;
  const pieces: Placed[] = [];
  let previousWide = false;
  for (const { segment } of graphemes.segment(run.text)) {
    const codePoints = Array.from(segment, (character) => character.codePointAt(0) ?? 0);
    const font = codePoints.every((point) => main.hasGlyphForCodePoint(point)) || fallback === undefined ? main : fallback;
    const scale = size / font.unitsPerEm;
    const glyphs = font.layout(segment);
    let x = 0;
    const paths: string[] = [];
    glyphs.glyphs.forEach((glyph, index) => {
      const position = glyphs.positions[index];
      const data = glyph.path.toSVG();
      if (data !== '') paths.push(`<path transform="translate(${(x * scale).toFixed(2)} 0) scale(${scale.toFixed(5)} ${(-scale).toFixed(5)})" d="${data}"/>`);
      x += position?.xAdvance ?? glyph.advanceWidth;
    });
    const space = /^\s+$/u.test(segment);
    const wide = WIDE.test(segment);
    pieces.push({ path: paths.join(''), advance: x * scale, colour: run.colour, breakBefore: space || wide || previousWide, space });
    previousWide = wide;
  }
  return pieces;
}

/** Splits one line of pieces into lines at most `width` wide, moving whole words (a word wider than that is cut). */
function wrap(pieces: Placed[], width: number): Placed[][] {
  const words: Placed[][] = [];
  for (const piece of pieces) {
    const last = words.at(-1);
    if (last === undefined || piece.breakBefore) words.push([piece]);
    else last.push(piece);
  }
  const lines: Placed[][] = [];
  let line: Placed[] = [];
  let lineWidth = 0;
  for (const word of words) {
    const leading = word[0]?.space === true ? word.slice(1) : word;
    const wordWidth = word.reduce((sum, piece) => sum + piece.advance, 0);
    if (line.length > 0 && lineWidth + wordWidth > width) {
      lines.push(line);
      line = [];
      lineWidth = 0;
    }
    for (const piece of line.length === 0 ? leading : word) {
      if (line.length > 0 && lineWidth + piece.advance > width && !piece.space) {
        lines.push(line);
        line = [];
        lineWidth = 0;
      }
      line.push(piece);
      lineWidth += piece.advance;
    }
  }
  lines.push(line);
  return lines.map((pieces) => {
    while (pieces.at(-1)?.space === true) pieces.pop();
    return pieces;
  });
}

/** The block as an SVG of `width` by its height; undefined when the system has no fonts. */
export async function outlineSvg(block: OutlineBlock): Promise<{ svg: string; height: number } | undefined> {
  const fonts = await systemFonts();
  if (fonts === null) return undefined;
  const rows: { pieces: Placed[]; height: number }[] = [];
  for (const runs of block.lines) {
    const tallest = Math.max(...runs.map((run) => block.fontPx * (run.scale ?? 1)), block.fontPx);
    const pieces = runs.flatMap((run) => place(run, fonts, block.fontPx));
    for (const line of wrap(pieces, block.width)) rows.push({ pieces: line, height: tallest * LINE_HEIGHT });
  }
  const lineWidths = rows.map((row) => row.pieces.reduce((sum, piece) => sum + piece.advance, 0));
  // As Pango does, the block is as wide as its widest line.
  const width = Math.max(1, Math.min(Math.floor(block.width), Math.ceil(Math.max(0, ...lineWidths))));
  let y = 0;
  const groups: string[] = [];
  for (const [index, row] of rows.entries()) {
    const lineWidth = lineWidths[index] ?? 0;
    let x = block.align === 'centre' ? Math.max(0, (width - lineWidth) / 2) : 0;
    // The baseline sits about four fifths of the way down the line.
    const baseline = y + row.height * 0.8;
    for (const piece of row.pieces) {
      if (piece.path !== '')
        groups.push(`<g fill="${escapeAttribute(piece.colour)}" transform="translate(${x.toFixed(2)} ${baseline.toFixed(2)})">${piece.path}</g>`);
      x += piece.advance;
    }
    y += row.height;
  }
  const height = Math.max(1, Math.ceil(y));
  return {
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${groups.join('')}</svg>`,
    height,
  };
}
