import { describe, expect, it } from 'vitest';
import { parseFfmpegDescription, videoMimeOf } from './media';

describe('video signatures', () => {
  it('recognise MP4, QuickTime and WebM, and nothing else', () => {
    const box = (brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from(`ftyp${brand}`, 'latin1')]);
    expect(videoMimeOf(box('isom'))).toBe('video/mp4');
    expect(videoMimeOf(box('qt  '))).toBe('video/quicktime');
    expect(videoMimeOf(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x01]))).toBe('video/webm');
    expect(videoMimeOf(Buffer.from('<html><body>gone</body>'))).toBeUndefined();
  });
});

describe("ffmpeg's description of an input", () => {
  it('gives duration and frame size', () => {
    const text = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'clip.mp4':
  Duration: 00:01:02.50, start: 0.000000, bitrate: 34 kb/s
    Stream #0:0(und): Video: h264 (Constrained Baseline) (avc1 / 0x31637661), yuv420p, 1280x720 [SAR 1:1 DAR 16:9], 27 kb/s, 10 fps`;
    expect(parseFfmpegDescription(text)).toEqual({ durationMs: 62_500, width: 1280, height: 720 });
  });

  it('gives nulls for what it cannot find', () => {
    expect(parseFfmpegDescription('clip.mp4: Invalid data found when processing input')).toEqual({ durationMs: null, width: null, height: null });
  });
});
