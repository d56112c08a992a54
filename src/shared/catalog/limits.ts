import type { PollCadenceFamily } from './types';
import { MB, UPLOAD_LIMITS } from '../gateway/uploads';

export { MB, UPLOAD_LIMITS };

export const PNG_JPEG = ['image/png', 'image/jpeg'] as const;
export const JPEG_PNG_WEBP = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PNG_ONLY = ['image/png'] as const;
export const VIDEO_MIME_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;

/** Polling advice of the interface, per family. */
export interface PollCadence {
  /** Wait before the first poll. */
  initialDelayMs: number;
  intervalMs: number;
  /** Give up (mark the job failed with a timeout) after this long since submission. */
  deadlineMs: number;
}

export const POLL_CADENCES: Readonly<Record<PollCadenceFamily, PollCadence>> = {
  // "first wait 2 seconds, then poll every 3 seconds, at most 40 polls"
  image: { initialDelayMs: 2_000, intervalMs: 3_000, deadlineMs: 2_000 + 40 * 3_000 },
  // "clients poll about every 5 seconds"; the interface gives no maximum for videos.
  video: { initialDelayMs: 5_000, intervalMs: 5_000, deadlineMs: 30 * 60_000 },
  // "interval 5 seconds; maximum wait 5 minutes"
  character: { initialDelayMs: 5_000, intervalMs: 5_000, deadlineMs: 5 * 60_000 },
};
