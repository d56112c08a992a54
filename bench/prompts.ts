/**
 * Reproducible, realistic-looking prompts for the library benchmarks: mostly English, a fifth
 * Chinese, some mixed, with words of known frequency so search terms can be common, rare or absent.
 */

/** A seeded pseudo-random source (mulberry32): the same seed gives the same library every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

const englishSubjects = [
  'a red fox jumping over fresh snow',
  'an orange tabby cat asleep on a windowsill',
  'an old fisherman mending nets',
  'a samurai standing in the rain',
  'a glass teapot with blooming tea',
  'a robot gardener watering tulips',
  'a koi pond seen from above',
  'a vintage motorcycle in a garage',
  'a snow leopard on a cliff',
  'a ballet dancer mid-leap',
  'a desert caravan at dusk',
  'a floating island with waterfalls',
  'a tiny neon ramen shop',
  'a mountain monastery above the clouds',
  'a steam locomotive crossing a bridge',
  'a lighthouse on a stormy coast',
];
const englishSettings = [
  'at golden hour',
  'in a misty forest',
  'on a rainy street at night',
  'under cherry blossoms',
  'in a cyberpunk city',
  'on a marble table',
  'at dawn in the mountains',
  'in a sunlit kitchen',
];
const englishStyles = [
  '35mm film',
  'watercolor',
  'oil painting',
  'isometric 3D render',
  'studio lighting',
  'ukiyo-e woodblock print',
  'cinematic lighting, shallow depth of field',
  'pixel art',
  'soft pastel colors',
  'ultra detailed, 8k',
];
const chineseSubjects = [
  '一只在雨中奔跑的橘猫',
  '赛博朋克城市夜景',
  '古风少女坐在窗边',
  '水墨山水',
  '雪山下的小木屋',
  '霓虹灯下的拉面店',
  '穿汉服的女孩',
  '熊猫在吃竹子',
  '江南水乡的小桥',
  '机械巨龙盘旋在城市上空',
];
const chineseSettings = ['霓虹灯倒映在湿漉漉的街道上', '清晨的薄雾', '夕阳西下', '樱花盛开', '星空之下', '秋天的银杏林'];
const chineseStyles = ['电影感光影', '水彩画风格', '超高清细节', '宫崎骏风格', '油画质感', '柔和的色调'];

/** Words that appear in about one prompt in 500, for "rare term" searches. */
export const RARE_ENGLISH = 'axolotl';
export const RARE_CHINESE = '蝾螈';

/** What artists add after the subject: camera, mood and finish (0-3 of them per prompt). */
const englishDetails = [
  'wide angle',
  'close-up portrait',
  'volumetric fog',
  'rim light',
  'muted palette',
  'high contrast',
  'bokeh background',
  'dramatic clouds',
  'rule of thirds',
  'film grain',
  'symmetrical composition',
  'long exposure',
];
const chineseDetails = ['广角镜头', '特写', '体积光', '逆光', '低饱和度', '高对比度', '景深虚化', '胶片颗粒', '对称构图', '长曝光'];

/** Characters the studio knows, as prompts mention them (`@luna`); about one prompt in 25 mentions one. */
export const CHARACTERS = ['luna', 'kai', 'mochi'] as const;

function details(random: () => number, from: readonly string[], separator: string): string {
  const count = Math.floor(random() * 4);
  return Array.from({ length: count }, () => `${separator}${pick(random, from)}`).join('');
}

/**
 * One prompt: 70% English, 20% Chinese, 10% a Chinese subject in an English prompt, with up to
 * three details after it and now and then a character mention.
 */
export function randomPrompt(random: () => number): string {
  const roll = random();
  let prompt: string;
  if (roll < 0.7) {
    prompt = `${pick(random, englishSubjects)} ${pick(random, englishSettings)}, ${pick(random, englishStyles)}${details(random, englishDetails, ', ')}`;
  } else if (roll < 0.9) {
    prompt = `${pick(random, chineseSubjects)}，${pick(random, chineseSettings)}，${pick(random, chineseStyles)}${details(random, chineseDetails, '，')}`;
  } else {
    prompt = `${pick(random, chineseSubjects)} ${pick(random, englishSettings)}, ${pick(random, englishStyles)}${details(random, englishDetails, ', ')}`;
  }
  if (random() < 0.002) prompt += `, with a pink ${RARE_ENGLISH}`;
  if (random() < 0.002) prompt += `，还有一只${RARE_CHINESE}`;
  const mention = random();
  if (mention < 0.04) prompt = `@${CHARACTERS[mention < 0.025 ? 0 : mention < 0.035 ? 1 : 2]} ${prompt}`;
  return prompt;
}
