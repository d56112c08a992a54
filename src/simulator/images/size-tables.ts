/**
 * Pixel sizes of every image variant, as the interface's tables give them (variant E's pixel
 * values are not shown; the simulator uses the common values of that model family, see
 * docs/simulator.md).
 */

export type Tier = '1K' | '2K' | '4K';
const TIERS: readonly Tier[] = ['1K', '2K', '4K'];

export interface PixelSize {
  width: number;
  height: number;
}

/** Parses `<width>x<height>` (positive integers), or undefined. */
export function parsePixelSize(value: string): PixelSize | undefined {
  const match = /^(\d{1,5})x(\d{1,5})$/.exec(value.trim());
  if (!match) return undefined;
  const width = Number(match[1]);
  const height = Number(match[2]);
  return width > 0 && height > 0 ? { width, height } : undefined;
}

/** Whether a string is written as a ratio `W:H`. */
export function isRatio(value: string): boolean {
  return /^\d{1,3}:\d{1,3}$/.test(value.trim());
}

const px = (size: string): PixelSize => {
  const parsed = parsePixelSize(size);
  if (!parsed) throw new Error(`bad size literal ${size}`);
  return parsed;
};

/** Variant A: pixel size by tier and ratio. */
export const VARIANT_A_SIZES: Record<Tier, Record<string, PixelSize>> = {
  '1K': { '1:1': px('1024x1024'), '9:16': px('720x1280'), '16:9': px('1280x720'), '3:2': px('1248x832') },
  '2K': {
    '1:1': px('2048x2048'),
    '9:16': px('1440x2560'),
    '16:9': px('2560x1440'),
    '3:2': px('2496x1664'),
    '4:3': px('2304x1728'),
    '3:4': px('1728x2304'),
    '2:3': px('1664x2496'),
  },
  '4K': { '9:16': px('2160x3840'), '16:9': px('3840x2160') },
};

/** Variant B: pixel size by ratio for 1K / 2K / 4K (null = unsupported at that tier). */
export const VARIANT_B_SIZES: Record<string, [PixelSize, PixelSize, PixelSize | null]> = {
  '1:1': [px('1024x1024'), px('2048x2048'), null],
  '3:2': [px('1536x1024'), px('2048x1360'), null],
  '2:3': [px('1024x1536'), px('1360x2048'), null],
  '4:3': [px('1024x768'), px('2048x1536'), null],
  '3:4': [px('768x1024'), px('1536x2048'), null],
  '5:4': [px('1280x1024'), px('2560x2048'), null],
  '4:5': [px('1024x1280'), px('2048x2560'), null],
  '16:9': [px('1536x864'), px('2048x1152'), px('3840x2160')],
  '9:16': [px('864x1536'), px('1152x2048'), px('2160x3840')],
  '2:1': [px('2048x1024'), px('2688x1344'), px('3840x1920')],
  '1:2': [px('1024x2048'), px('1344x2688'), px('1920x3840')],
  '21:9': [px('2016x864'), px('2688x1152'), px('3840x1648')],
  '9:21': [px('864x2016'), px('1152x2688'), px('1648x3840')],
};

/** Variants C and D: pixel size by tier for the ratios 1:1, 16:9, 9:16, 4:3, 3:4. */
export const VARIANT_CD_SIZES: Record<Tier, Record<string, PixelSize>> = {
  '1K': {
    '1:1': px('1024x1024'),
    '16:9': px('1360x768'),
    '9:16': px('768x1360'),
    '4:3': px('1152x864'),
    '3:4': px('864x1152'),
  },
  '2K': {
    '1:1': px('2048x2048'),
    '16:9': px('2752x1536'),
    '9:16': px('1536x2752'),
    '4:3': px('2048x1536'),
    '3:4': px('1536x2048'),
  },
  '4K': {
    '1:1': px('4096x4096'),
    '16:9': px('5504x3072'),
    '9:16': px('3072x5504'),
    '4:3': px('4096x3072'),
    '3:4': px('3072x4096'),
  },
};

/**
 * Variant C's extreme ratios ("supported by the model", pixel sizes not shown): accepted as a
 * ratio string and rendered at these sizes (about one megapixel, multiples of 16).
 */
export const VARIANT_C_EXTREME_SIZES: Record<string, PixelSize> = {
  '1:4': px('512x2048'),
  '4:1': px('2048x512'),
  '1:8': px('384x3072'),
  '8:1': px('3072x384'),
};

/** Variant E: pixel size by tier and ratio (values of the model family; not shown upstream). */
export const VARIANT_E_SIZES: Record<Tier, Record<string, PixelSize>> = {
  '1K': {
    '1:1': px('1024x1024'),
    '3:2': px('1264x848'),
    '2:3': px('848x1264'),
    '3:4': px('896x1200'),
    '4:3': px('1200x896'),
    '4:5': px('928x1152'),
    '5:4': px('1152x928'),
    '9:16': px('768x1376'),
    '16:9': px('1376x768'),
    '21:9': px('1584x672'),
  },
  '2K': {
    '1:1': px('2048x2048'),
    '3:2': px('2528x1696'),
    '2:3': px('1696x2528'),
    '3:4': px('1792x2400'),
    '4:3': px('2400x1792'),
    '4:5': px('1856x2304'),
    '5:4': px('2304x1856'),
    '9:16': px('1536x2752'),
    '16:9': px('2752x1536'),
    '21:9': px('3168x1344'),
  },
  '4K': {
    '1:1': px('4096x4096'),
    '3:2': px('5056x3392'),
    '2:3': px('3392x5056'),
    '3:4': px('3584x4800'),
    '4:3': px('4800x3584'),
    '4:5': px('3712x4608'),
    '5:4': px('4608x3712'),
    '9:16': px('3072x5504'),
    '16:9': px('5504x3072'),
    '21:9': px('6336x2688'),
  },
};

/** The tier (and ratio) whose table lists exactly this pixel size, if any. */
export function findInTieredTable(table: Record<Tier, Record<string, PixelSize>>, size: PixelSize): { tier: Tier; ratio: string } | undefined {
  for (const tier of TIERS) {
    for (const [ratio, candidate] of Object.entries(table[tier])) {
      if (candidate.width === size.width && candidate.height === size.height) return { tier, ratio };
    }
  }
  return undefined;
}

/** `<width>x<height>` of a size. */
export function formatSize(size: PixelSize): string {
  return `${size.width}x${size.height}`;
}
