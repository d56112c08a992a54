import type { SizeOption, SizeTier } from './types';

/** Compact `WxH@ratio` rows keep the tables as readable as the interface's. */
function tier(name: string, rows: readonly string[]): SizeTier {
  const options: SizeOption[] = rows.map((row) => {
    const [pixels = '', ratio = ''] = row.split('@');
    const [width, height] = pixels.split('x').map(Number);
    return { ratio, width, height };
  });
  return { tier: name, options };
}

function ratiosOnly(name: string, ratios: readonly string[]): SizeTier {
  return { tier: name, options: ratios.map((ratio) => ({ ratio })) };
}

/** Image variant A (direct): pixel sizes by tier, plus `auto`. */
export const GEN_IMAGE_DIRECT_TIERS: readonly SizeTier[] = [
  tier('1K', ['1024x1024@1:1', '720x1280@9:16', '1280x720@16:9', '1248x832@3:2']),
  tier('2K', ['2048x2048@1:1', '1440x2560@9:16', '2560x1440@16:9', '2496x1664@3:2', '2304x1728@4:3', '1728x2304@3:4', '1664x2496@2:3']),
  tier('4K', ['2160x3840@9:16', '3840x2160@16:9']),
];

/** Image variant B (task): ratios sent as `size`, tier sent as `resolution`; 4K only for wide/tall ratios. */
export const GEN_IMAGE_TASK_TIERS: readonly SizeTier[] = [
  tier('1K', [
    '1024x1024@1:1',
    '1536x1024@3:2',
    '1024x1536@2:3',
    '1024x768@4:3',
    '768x1024@3:4',
    '1280x1024@5:4',
    '1024x1280@4:5',
    '1536x864@16:9',
    '864x1536@9:16',
    '2048x1024@2:1',
    '1024x2048@1:2',
    '2016x864@21:9',
    '864x2016@9:21',
  ]),
  tier('2K', [
    '2048x2048@1:1',
    '2048x1360@3:2',
    '1360x2048@2:3',
    '2048x1536@4:3',
    '1536x2048@3:4',
    '2560x2048@5:4',
    '2048x2560@4:5',
    '2048x1152@16:9',
    '1152x2048@9:16',
    '2688x1344@2:1',
    '1344x2688@1:2',
    '2688x1152@21:9',
    '1152x2688@9:21',
  ]),
  tier('4K', ['3840x2160@16:9', '2160x3840@9:16', '3840x1920@2:1', '1920x3840@1:2', '3840x1648@21:9', '1648x3840@9:21']),
];

/** Image variants C and D: pixel sizes, ratios 1:1, 16:9, 9:16, 4:3, 3:4 in each tier. */
export const NOVA_PIXEL_TIERS: readonly SizeTier[] = [
  tier('1K', ['1024x1024@1:1', '1360x768@16:9', '768x1360@9:16', '1152x864@4:3', '864x1152@3:4']),
  tier('2K', ['2048x2048@1:1', '2752x1536@16:9', '1536x2752@9:16', '2048x1536@4:3', '1536x2048@3:4']),
  tier('4K', ['4096x4096@1:1', '5504x3072@16:9', '3072x5504@9:16', '4096x3072@4:3', '3072x4096@3:4']),
];

const NOVA_OFFICIAL_RATIOS = ['1:1', '3:2', '2:3', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9'];

/** Image variant E: aspect ratio as `size`, tier in `metadata.resolution` (no pixel values given). */
export const NOVA_OFFICIAL_TIERS: readonly SizeTier[] = [
  ratiosOnly('1K', NOVA_OFFICIAL_RATIOS),
  ratiosOnly('2K', NOVA_OFFICIAL_RATIOS),
  ratiosOnly('4K', NOVA_OFFICIAL_RATIOS),
];

/** Official first video model and the 720p models of the second family. */
export const VIDEO_720P_TIERS: readonly SizeTier[] = [tier('720p', ['1280x720@16:9', '720x1280@9:16'])];

/** 1080p models of the second video family. */
export const VIDEO_1080P_TIERS: readonly SizeTier[] = [tier('1080p', ['1920x1080@16:9', '1080x1920@9:16'])];

/** `WxH` of an option, or undefined when the interface gives no pixel values. */
export function pixelsOf(option: SizeOption): string | undefined {
  return option.width === undefined || option.height === undefined ? undefined : `${option.width}x${option.height}`;
}
