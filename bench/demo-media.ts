/**
 * The demo gateway's media: a 4K text-to-image result and a 15-second 1080p video with sound,
 * rendered from their recipes (each call a new request, so nothing comes from the render cache),
 * against the least work that gives a file of the same kind and size: a flat 4K PNG from sharp,
 * and 15 s of a flat colour encoded by the same ffmpeg with the same settings. The same requests
 * made as fixture media (what most tests run on) are timed beside them.
 */
import sharp from 'sharp';
import { ffmpegPath, videoEncoder } from '../src/simulator/media/ffmpeg';
import type { ImageRecipe, VideoRecipe } from '../src/simulator/media/recipes';
import { MediaRenderer } from '../src/simulator/media/renderer';
import { sized, type BenchContext } from './context';
import { compare } from './measure';
import type { Table } from './table';

/** 15 s of a flat colour, encoded with the demo gateway's settings. */
const FLAT_VIDEO = [
  '-f',
  'lavfi',
  '-i',
  'color=c=#336699:s=1920x1080:r=10:d=15',
  '-c:v',
  'libx264',
  '-preset',
  'ultrafast',
  '-crf',
  '26',
  '-pix_fmt',
  'yuv420p',
];

export async function run(context: BenchContext): Promise<Table[]> {
  const renderer = new MediaRenderer(() => Promise.resolve(undefined));
  const fixtures = new MediaRenderer(() => Promise.resolve(undefined), undefined, 'fixture');
  // The encoder the demo gateway picks here: the system ffmpeg, or the WebAssembly build without one.
  const encoder = videoEncoder();
  const encoderLabel = ffmpegPath() === undefined ? 'WebAssembly' : 'system';
  let calls = 0;
  const image = (): ImageRecipe => ({
    kind: 'image',
    width: 3840,
    height: 2160,
    encoding: 'png',
    prompt: 'A red fox curled up in fresh snow at dawn, soft golden light — 一只红狐狸在雪中',
    model: 'gen-image-2',
    index: calls++,
    count: 1000,
    references: [],
  });
  const video = (): VideoRecipe => ({
    kind: 'video',
    width: 1920,
    height: 1080,
    seconds: 15,
    audio: true,
    prompt: 'Rain on a tin roof at night, lanterns swaying — 雨夜',
    model: 'clip-v3-omni',
    index: calls++,
    count: 1000,
    characters: [],
    createsCharacter: false,
  });
  const [flatPng, imageStats, fixtureImageStats] = await compare(
    [
      {
        label: 'flat 3840x2160 PNG (sharp create + encode)',
        operation: () =>
          sharp({ create: { width: 3840, height: 2160, channels: 3, background: '#336699' } })
            .png({ compressionLevel: 2 })
            .toBuffer(),
      },
      { label: '4K text-to-image (backdrop, caption, encode)', operation: () => renderer.render(image()) },
      { label: '4K fixture image (flat, marker row, encode)', operation: () => fixtures.render(image()) },
    ],
    { iterations: sized(context, 20, 8), warmup: 2, budgetMs: sized(context, 15_000, 5_000) },
  );
  const [flatVideo, videoStats, fixtureVideoStats] = await compare(
    [
      {
        label: `15 s flat 1920x1080 H.264 (one ${encoderLabel} ffmpeg run)`,
        operation: () => encoder([[...FLAT_VIDEO, 'flat.mp4']], {}, 'flat.mp4'),
      },
      { label: '15 s 1920x1080 video with sound (poster, loop, length)', operation: () => renderer.render(video()) },
      { label: '15 s 1920x1080 fixture video (one clip for the size, reused)', operation: () => fixtures.render(video()) },
    ],
    { iterations: sized(context, 6, 3), warmup: 1, budgetMs: sized(context, 20_000, 8_000) },
  );
  return [
    {
      title: 'Demo gateway media (rendered per request, render cache bypassed)',
      rows: [
        { stats: flatPng },
        { stats: imageStats, raw: flatPng },
        { stats: fixtureImageStats, raw: flatPng },
        { stats: flatVideo },
        { stats: videoStats, raw: flatVideo },
        { stats: fixtureVideoStats, raw: flatVideo },
      ],
      notes: [
        'image: seeded backdrop drawn small and stretched, the caption set by Pango (CJK fallback), PNG at zlib level 2',
        'video: the poster frame, one 3-second loop of motion encoded, repeated by stream copy to 15 s, plus a 15 s AAC chord',
        'fixture media (what most tests run on): a flat picture; one flat clip per size and length, encoded on the first call (in the warm-up) and reused',
      ],
    },
  ];
}
