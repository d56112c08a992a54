import { sharp } from './image-library';
import type { OverlayOptions } from 'sharp';
import type { Rgb } from './palette';
import { hex } from './palette';
import type { TextRun } from './text-block';
import { clip, renderTextBlock } from './text-block';

/**
 * The caption card drawn on generated media: the prompt in large type (legible in a gallery
 * thumbnail), then badges (`@username`s) and a details line (model, size, position in the
 * request), on a dark translucent panel.
 */

export interface CardContent {
  prompt: string;
  details: string;
  /** Short lines in the accent colour, e.g. `@mira_1a2b`. */
  badges: string[];
}

/** A rectangle in pixels. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface CardPlacement {
  /** Where the card may go. */
  box: Box;
  /** Where in the box: centred, or along its bottom edge. */
  anchor: 'centre' | 'bottom';
  /** Size of the prompt's type in pixels (details and badges are smaller). */
  fontPx: number;
  accent: Rgb;
  /** Opacity of the panel (default 0.58; more where the background is busy). */
  panelOpacity?: number;
}

/** Longest prompt drawn; the rest is cut with an ellipsis (the card must stay readable). */
const PROMPT_LIMIT = 180;
const PANEL_OPACITY = 0.58;

/** The part of a prompt a card shows. */
export function visiblePrompt(prompt: string): string {
  return clip(prompt, PROMPT_LIMIT);
}

/** `@username` mentions (an `@` inside a word, as in e-mail addresses, is not one). */
const MENTION = /(?<![\w.@])@[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*/g;

/** Usernames mentioned in a text, without the `@`. */
export function mentionsIn(text: string): Set<string> {
  return new Set([...text.matchAll(MENTION)].map((match) => match[0].slice(1)));
}

/** Prompt runs with `@username` mentions in the accent colour. */
export function promptRuns(prompt: string, accent: string): TextRun[] {
  const text = visiblePrompt(prompt);
  const runs: TextRun[] = [];
  let last = 0;
  for (const match of text.matchAll(MENTION)) {
    const start = match.index;
    if (start > last) runs.push({ text: text.slice(last, start), colour: '#ffffff', bold: true });
    runs.push({ text: match[0], colour: accent, bold: true });
    last = start + match[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last), colour: '#ffffff', bold: true });
  return runs;
}

function panelSvg(width: number, height: number, radius: number, opacity: number): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${radius}" ry="${radius}" fill="#000000" fill-opacity="${opacity}"/></svg>`,
  );
}

/** The card as composite layers (panel, then text), placed inside `placement.box`. */
export async function cardLayers(content: CardContent, placement: CardPlacement): Promise<OverlayOptions[]> {
  const { box, fontPx } = placement;
  const padding = Math.max(4, Math.round(fontPx * 0.55));
  const accent = hex(placement.accent);
  const lines: TextRun[][] = [promptRuns(content.prompt, accent)];
  for (const badge of content.badges) lines.push([{ text: badge, colour: accent, bold: true, scale: 0.72 }]);
  lines.push([{ text: content.details, colour: '#e8e8e8', scale: 0.46 }]);
  const text = await renderTextBlock({
    lines,
    fontPx,
    width: Math.max(8, box.width - 2 * padding),
    maxHeight: Math.max(8, box.height - 2 * padding),
  });
  const inner = { width: Math.max(1, box.width - 2 * padding), height: Math.max(1, box.height - 2 * padding) };
  const textPng =
    text.width <= inner.width && text.height <= inner.height
      ? text.png
      : await sharp(text.png)
          .extract({ left: 0, top: 0, width: Math.min(text.width, inner.width), height: Math.min(text.height, inner.height) })
          .png()
          .toBuffer();
  const panelWidth = Math.min(box.width, text.width + 2 * padding);
  const panelHeight = Math.min(box.height, text.height + 2 * padding);
  const left = box.left + Math.round((box.width - panelWidth) / 2);
  const top = placement.anchor === 'centre' ? box.top + Math.round((box.height - panelHeight) / 2) : box.top + box.height - panelHeight;
  return [
    { input: panelSvg(panelWidth, panelHeight, Math.round(padding * 0.8), placement.panelOpacity ?? PANEL_OPACITY), left, top },
    { input: textPng, left: left + padding, top: top + padding },
  ];
}

/** `1024×1024`. */
export function sizeLabel(width: number, height: number): string {
  return `${width}×${height}`;
}

/** `2 / 4` when a request made several, else empty. */
export function positionLabel(index: number, count: number): string {
  return count > 1 ? `${index + 1} / ${count}` : '';
}

/** Details joined with a middle dot, empty parts left out. */
export function detailsLine(parts: readonly string[]): string {
  return parts.filter((part) => part !== '').join('  ·  ');
}
