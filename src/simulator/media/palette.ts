import { createHash } from 'node:crypto';

/** Colours derived from a seed, so the same request always gets the same picture. */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** 32 bytes of the seed's hash (enough for every colour and position a picture needs). */
function seedBytes(seed: string): Buffer {
  return createHash('sha256').update(seed).digest();
}

function hslToRgb(hue: number, saturation: number, lightness: number): Rgb {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const segment = (hue / 60) % 6;
  const x = chroma * (1 - Math.abs((segment % 2) - 1));
  const [r, g, b] =
    segment < 1
      ? [chroma, x, 0]
      : segment < 2
        ? [x, chroma, 0]
        : segment < 3
          ? [0, chroma, x]
          : segment < 4
            ? [0, x, chroma]
            : segment < 5
              ? [x, 0, chroma]
              : [chroma, 0, x];
  const m = lightness - chroma / 2;
  return { r: Math.round((r + m) * 255), g: Math.round((g + m) * 255), b: Math.round((b + m) * 255) };
}

/** The colours of one picture: four background corners and an accent. */
export interface Palette {
  corners: [Rgb, Rgb, Rgb, Rgb];
  accent: Rgb;
  /** Hue (0-360) the palette is built around. */
  hue: number;
}

/** A harmonious palette: corners around one hue (so text stays readable), a complementary accent. */
export function paletteOf(seed: string): Palette {
  const bytes = seedBytes(seed);
  const hue = ((bytes[0] ?? 0) / 255) * 360;
  const corner = (index: number): Rgb => {
    const shift = (((bytes[1 + index] ?? 0) / 255) * 80 - 40 + index * 25) % 360;
    const lightness = 0.32 + ((bytes[5 + index] ?? 0) / 255) * 0.3;
    return hslToRgb((hue + shift + 360) % 360, 0.55 + ((bytes[9 + index] ?? 0) / 255) * 0.35, lightness);
  };
  return {
    corners: [corner(0), corner(1), corner(2), corner(3)],
    accent: hslToRgb((hue + 180) % 360, 0.9, 0.62),
    hue,
  };
}

/** `#rrggbb` of a colour. */
export function hex(colour: Rgb): string {
  return `#${[colour.r, colour.g, colour.b].map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}

/** A number in [0, 1) from byte `index` of the seed's hash (positions, sizes). */
export function seedFraction(seed: string, index: number): number {
  const bytes = seedBytes(seed);
  return (bytes[index % bytes.length] ?? 0) / 256;
}
