// Which bytes of a library file to send for a `Range` header: both transports serve media with it
// (web mode's /media, Electron's atelier-media:), so videos seek the same way in each.

export type ByteRangePlan =
  | { status: 200; length: number }
  | { status: 206; start: number; end: number; length: number; contentRange: string }
  | { status: 416; contentRange: string };

/**
 * What to answer for a `Range` header over a file of `size` bytes: one range (`a-b`, `a-`, `-n`)
 * becomes 206; a range past the end, 416; no header, several ranges or a malformed one, the whole
 * file (a server may ignore a Range it does not serve).
 */
export function planByteRange(header: string | null | undefined, size: number): ByteRangePlan {
  const whole = { status: 200 as const, length: size };
  if (header == null) return whole;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match || (match[1] === '' && match[2] === '')) return whole;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return { status: 416, contentRange: `bytes */${size}` };
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (match[2] !== '' && Number(match[2]) < start) return whole;
  }
  if (start >= size || end < start) return { status: 416, contentRange: `bytes */${size}` };
  return { status: 206, start, end, length: end - start + 1, contentRange: `bytes ${start}-${end}/${size}` };
}
