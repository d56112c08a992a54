import { sharp } from './image-library';
import type { VideoEncoder } from './ffmpeg';
import type { Rgb } from './palette';
import { hex, seedFraction } from './palette';

/**
 * Turns a poster frame into an H.264 MP4 of the requested length and size: the poster stays
 * put while a glowing ball circles its upper part. One loop of the motion is encoded, then
 * repeated by stream copy to the full length, so even 15 s of 1080p takes a fraction of a
 * second. With `audio`, an AAC track of a soft seeded chord (never silence).
 */

export interface VideoEncodeRequest {
  /** The first frame, as PNG bytes of exactly `width` x `height`. */
  poster: Buffer;
  width: number;
  height: number;
  seconds: number;
  audio: boolean;
  accent: Rgb;
  seed: string;
}

/** Frames per second: enough to show motion, few enough to encode quickly. */
export const VIDEO_FPS = 10;
/** Length of the encoded loop of motion, in seconds (shorter videos are one partial loop). */
const LOOP_SECONDS = 3;

function spritePng(diameter: number, colour: string): Promise<Buffer> {
  const r = diameter / 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${diameter}" height="${diameter}">
<defs><radialGradient id="g"><stop offset="0" stop-color="#ffffff"/><stop offset="0.6" stop-color="${colour}"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient></defs>
<circle cx="${r}" cy="${r}" r="${r}" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Chord frequencies (Hz) from the seed: a root and its fifth. */
function chordOf(seed: string): [number, number] {
  const root = Math.round(180 + seedFraction(seed, 20) * 150);
  return [root, Math.round(root * 1.5)];
}

/** ffmpeg arguments of the loop: the poster with the ball circling once. */
function loopArguments(request: VideoEncodeRequest, posterPath: string, spritePath: string): string[] {
  const loopSeconds = Math.min(LOOP_SECONDS, request.seconds);
  const frames = Math.max(1, Math.round(loopSeconds * VIDEO_FPS));
  // The ball goes round an ellipse in the upper part of the frame, away from the caption, and
  // is back where it started when the loop repeats.
  const phase = (seedFraction(request.seed, 22) * 2 * Math.PI).toFixed(3);
  const angle = `(2*PI*t/${LOOP_SECONDS}+${phase})`;
  const x = `(W-w)/2+(W-w)*0.38*cos(${angle})`;
  const y = `H*0.24-h/2+H*0.12*sin(${angle})`;
  // Each picture is converted to the video's pixel format once, before it is repeated: converting
  // every frame was half the time of an encode in the WebAssembly build.
  const graph = [
    `[0:v]format=yuv420p,loop=loop=${frames - 1}:size=1:start=0,setpts=N/${VIDEO_FPS}/TB[still]`,
    `[1:v]format=yuva420p,loop=loop=${frames - 1}:size=1:start=0,setpts=N/${VIDEO_FPS}/TB[ball]`,
    `[still][ball]overlay=x='${x}':y='${y}':eval=frame:format=yuv420[video]`,
  ].join(';');
  return [
    ...['-i', posterPath, '-i', spritePath, '-filter_complex', graph, '-map', '[video]'],
    ...['-r', String(VIDEO_FPS), '-frames:v', String(frames), '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '26'],
    ...['-pix_fmt', 'yuv420p', '-f', 'mp4'],
  ];
}

/** ffmpeg arguments that repeat the loop to the full length and add the sound. */
function lengthArguments(request: VideoEncodeRequest, loopPath: string): string[] {
  const args = ['-stream_loop', '-1', '-i', loopPath];
  if (request.audio) {
    const [root, fifth] = chordOf(request.seed);
    const tone = `0.2*sin(2*PI*${root}*t)*(0.65+0.35*sin(2*PI*0.5*t))+0.12*sin(2*PI*${fifth}*t)`;
    args.push('-f', 'lavfi', '-i', `aevalsrc='${tone}':s=44100:d=${request.seconds}`);
    args.push('-map', '0:v', '-map', '1:a', '-c:a', 'aac', '-b:a', '64k', '-ac', '1');
  } else {
    args.push('-map', '0:v', '-an');
  }
  args.push('-c:v', 'copy', '-t', String(request.seconds), '-movflags', '+faststart', '-f', 'mp4');
  return args;
}

/** Encodes the video with `encoder` (a system ffmpeg or the WebAssembly build); the MP4 bytes. */
export async function encodeVideo(encoder: VideoEncoder, request: VideoEncodeRequest): Promise<Buffer> {
  const diameter = Math.max(24, Math.round(Math.min(request.width, request.height) * 0.16));
  const inputs = { 'poster.png': request.poster, 'ball.png': await spritePng(diameter, hex(request.accent)) };
  return encoder(
    [
      [...loopArguments(request, 'poster.png', 'ball.png'), 'loop.mp4'],
      [...lengthArguments(request, 'loop.mp4'), 'video.mp4'],
    ],
    inputs,
    'video.mp4',
  );
}
