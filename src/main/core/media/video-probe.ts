/**
 * Video metadata (container, duration, frame size, codecs) read by memory-safe JavaScript parsers,
 * never by ffmpeg: mp4box for ISO media (MP4, QuickTime) and music-metadata for EBML (WebM,
 * Matroska). The container is recognised from the file's own signature; a file that claims one
 * container and holds something else reads as unreadable rather than being guessed at.
 */
import { open } from 'node:fs/promises';
import type { Movie } from 'mp4box';

/** The containers the studio accepts, as ffmpeg's demuxers name them. */
export type VideoContainer = 'mp4' | 'mov' | 'webm' | 'matroska';

export const VIDEO_MIME: Readonly<Record<VideoContainer, string>> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  matroska: 'video/x-matroska',
};

/** What the parsers read; a field is null when the file does not say (or says it unreadably). */
export interface VideoFacts {
  container: VideoContainer;
  durationMs: number | null;
  width: number | null;
  height: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
  /** Frames per second of the video track, where the container counts its samples (MP4, QuickTime). */
  framesPerSecond: number | null;
}

/** The container family by signature: an ISO `ftyp` box or an EBML header; undefined otherwise. */
export function containerFamilyOf(head: Buffer): 'iso' | 'ebml' | undefined {
  if (head.length >= 12 && head.subarray(4, 8).toString('latin1') === 'ftyp') return 'iso';
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'ebml';
  return undefined;
}

/** Reads at most this much of an ISO file looking for its `moov` box (box payloads are skipped, not read). */
const ISO_READ_BUDGET = 64 * 1024 * 1024;
const ISO_CHUNK = 1024 * 1024;

function positive(value: number | undefined): number | null {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : null;
}

// The parsers are loaded when the first video arrives: importing them costs start-up time.
async function readIsoMovie(path: string): Promise<Movie | undefined> {
  const { createFile, MP4BoxBuffer } = await import('mp4box');
  const file = createFile();
  // Set from mp4box's callbacks, which run inside appendBuffer.
  const parsed: { movie?: Movie; failed: boolean } = { failed: false };
  file.onReady = (info) => {
    parsed.movie = info;
  };
  file.onError = () => {
    parsed.failed = true;
  };
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    let position = 0;
    let read = 0;
    while (parsed.movie === undefined && !parsed.failed && position < size && read < ISO_READ_BUDGET) {
      const chunk = Buffer.alloc(Math.min(ISO_CHUNK, size - position));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
      if (bytesRead === 0) break;
      read += bytesRead;
      const bytes = chunk.buffer.slice(chunk.byteOffset, chunk.byteOffset + bytesRead);
      // mp4box answers where it wants to read next, which skips the media data between boxes.
      const next = file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(bytes, position));
      position = Number.isFinite(next) && next > position ? next : position + bytesRead;
    }
    if (parsed.movie === undefined && !parsed.failed) file.flush();
  } finally {
    await handle.close();
  }
  return parsed.movie;
}

async function probeIso(path: string): Promise<VideoFacts | undefined> {
  const movie = await readIsoMovie(path).catch(() => undefined);
  if (movie === undefined) return undefined;
  const video = movie.videoTracks[0];
  const audio = movie.audioTracks[0];
  const duration = positive(movie.duration) !== null && movie.timescale > 0 ? Math.round((movie.duration / movie.timescale) * 1000) : null;
  return {
    container: movie.brands.includes('qt  ') ? 'mov' : 'mp4',
    durationMs: duration,
    width: positive(video?.video?.width ?? video?.track_width),
    height: positive(video?.video?.height ?? video?.track_height),
    videoCodec: video?.codec ?? null,
    audioCodec: audio?.codec ?? null,
    framesPerSecond: video === undefined ? null : framesPerSecondOf(video.nb_samples, video.duration, video.timescale),
  };
}

/** Samples over the track's length; a rate outside what video uses (a still, a broken header) reads as unknown. */
function framesPerSecondOf(samples: number, duration: number, timescale: number): number | null {
  if (!(samples > 1 && duration > 0 && timescale > 0)) return null;
  const rate = samples / (duration / timescale);
  return rate >= 1 && rate <= 240 ? Math.round(rate * 1000) / 1000 : null;
}

async function probeEbml(path: string): Promise<VideoFacts | undefined> {
  const { parseFile } = await import('music-metadata');
  const parsed = await parseFile(path, { skipCovers: true, duration: false }).catch(() => undefined);
  const container = parsed?.format.container;
  if (parsed === undefined || (container !== 'EBML/webm' && container !== 'EBML/matroska')) return undefined;
  const video = parsed.format.trackInfo.find((track) => track.video !== undefined);
  const audio = parsed.format.trackInfo.find((track) => track.audio !== undefined);
  const seconds = parsed.format.duration;
  return {
    container: container === 'EBML/webm' ? 'webm' : 'matroska',
    durationMs: seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : null,
    width: positive(video?.video?.pixelWidth),
    height: positive(video?.video?.pixelHeight),
    videoCodec: video?.codecName ?? null,
    audioCodec: audio?.codecName ?? null,
    framesPerSecond: null,
  };
}

/**
 * Reads a video's facts. Undefined when the file has neither signature or its container cannot be
 * parsed at all; a parsed container without a video track gives nulls for size and codec.
 */
export async function probeVideoFile(path: string, head: Buffer): Promise<VideoFacts | undefined> {
  const family = containerFamilyOf(head);
  if (family === 'iso') return probeIso(path);
  if (family === 'ebml') return probeEbml(path);
  return undefined;
}
