import type { LocalizedText } from './types';

/** Localised text helper. */
export function t(en: string, zh: string): LocalizedText {
  return { en, 'zh-CN': zh };
}

/** Labels shared by many variants. */
export const LABELS = {
  model: t('Model', '模型'),
  prompt: t('Prompt', '提示词'),
  size: t('Size', '尺寸'),
  aspectRatio: t('Aspect ratio', '画面比例'),
  resolution: t('Resolution', '分辨率'),
  quality: t('Quality', '质量'),
  outputFormat: t('Output format', '输出格式'),
  outputCompression: t('Compression', '压缩率'),
  count: t('Number of images', '图片数量'),
  variants: t('Number of variants', '生成数量'),
  referenceImages: t('Reference images', '参考图'),
  editImages: t('Images to edit', '待编辑图片'),
  mask: t('Mask', '蒙版'),
  background: t('Background', '背景'),
  duration: t('Duration', '时长'),
  watermark: t('Watermark', '水印'),
  firstFrame: t('First-frame image', '首帧图片'),
  inputReference: t('Reference image', '参考图片'),
  videoId: t('Video to remix', '要改编的视频'),
} as const;

export const HELP = {
  promptA: t('Describe the image. Up to 32000 characters.', '描述要生成的图片，最多 32000 个字符。'),
  mask: t(
    'PNG with transparency: transparent areas are repainted, opaque areas are kept. It must have exactly the pixel size of the first image.',
    '带透明通道的 PNG：透明区域会被重绘，不透明区域保留。尺寸必须与第一张图片完全一致。',
  ),
  quality: t('Low is a draft, medium is balanced, high is best.', '低为草稿，中为均衡，高为最佳。'),
  outputFormat: t('WebP is not supported.', '不支持 WebP。'),
  duration: t('Length of the video in seconds.', '视频时长（秒）。'),
  publicUrls: t('Images are uploaded first; the gateway needs public addresses, not embedded data.', '图片会先上传；网关需要公开地址，不接受内嵌数据。'),
  mentions: t('Reference created characters with @username; several are allowed.', '用 @用户名 引用已创建的角色，可以引用多个。'),
} as const;

/** How the renderer and the CLI name a variant's usual channel. */
export const CHANNEL_LABELS = {
  direct: t('Usually direct', '通常直接返回'),
  queued: t('Usually queued', '通常排队处理'),
} as const;
