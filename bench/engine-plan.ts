/**
 * What `engine-load` puts in flight, and the fewest polls the interface's advised cadences allow
 * for it: a task that takes `D` on the gateway, first polled `initialDelayMs` after submission and
 * then every `intervalMs`, needs `1 + ceil((D - initialDelayMs) / intervalMs)` polls to be seen
 * finished. A character task is then asked once on its video route too (the catalog's `alsoAsk`).
 */
import { buildRequestBody, POLL_CADENCES, variantById, type FormValues, type WireBody } from '../src/shared/catalog';
import { characterCreationJob, type EngineJobInput } from '../src/main/core/jobs';
import type { GatewayTiming } from './engine-gateway';

type Family = 'image' | 'video' | 'character';

export interface LoadPlan {
  /** Jobs per family. */
  counts: Record<Family, number>;
  /**
   * How long each family's tasks take on the demo gateway: half an interval short of a poll, so a
   * poll at the cadence sees the task finished with room to spare for the poll's own latency. A
   * character taken from a video address is made by a video task there (it yields the video
   * too), so characters take the video's time.
   */
  timing: GatewayTiming;
}

export const FULL_PLAN: LoadPlan = {
  counts: { image: 600, video: 300, character: 100 },
  timing: { image: 15_500, video: 22_500, character: 22_500 },
};

export const QUICK_PLAN: LoadPlan = {
  counts: { image: 140, video: 40, character: 20 },
  timing: { image: 6_500, video: 7_500, character: 7_500 },
};

const IMAGE_VARIANT = 'image.gen-image-2.task';
const VIDEO_VARIANT = 'video.clip-3.0-turbo';

function bodyOf(variantId: string, values: FormValues): WireBody {
  const entry = variantById(variantId);
  if (!entry) throw new Error(`no catalog variant ${variantId}`);
  return buildRequestBody(entry, values);
}

export function imageJob(index: number): EngineJobInput {
  return { variantId: IMAGE_VARIANT, body: bodyOf(IMAGE_VARIANT, { prompt: `雨中的橘猫 ${index}, cinematic light` }) };
}

export function videoJob(index: number): EngineJobInput {
  return { variantId: VIDEO_VARIANT, body: bodyOf(VIDEO_VARIANT, { prompt: `a paper boat drifting down a gutter, take ${index}`, duration: 3 }) };
}

/** A video address the demo gateway takes without fetching it (it is not one of its own files). */
const SOURCE_VIDEO = 'https://media.example/courier.mp4';

/** A character taken from a 2-second segment of a video address. */
export function characterJob(index: number): EngineJobInput {
  return characterCreationJob({ videoUrl: SOURCE_VIDEO, segment: '1,3' }, `the courier, take ${index}`);
}

/** The family whose cadence a job's first route is polled at. */
export function familyOf(variantId: string): Family {
  if (variantId === IMAGE_VARIANT) return 'image';
  if (variantId === VIDEO_VARIANT) return 'video';
  return 'character';
}

/** Offsets from submission (ms) of the fewest polls that see a task of `family` finished. */
export function minimumPollOffsets(family: Family, plan: LoadPlan): number[] {
  const { initialDelayMs, intervalMs } = POLL_CADENCES[family];
  const duration = plan.timing[family];
  const polls = 1 + Math.max(0, Math.ceil((duration - initialDelayMs) / intervalMs));
  const offsets = Array.from({ length: polls }, (_unused, k) => initialDelayMs + k * intervalMs);
  // The character route's answer is followed at once by one poll of the video route.
  if (family === 'character') offsets.push(offsets.at(-1) ?? 0);
  return offsets;
}

/** The advised cadence of each family, for the notes. */
export function describeCadences(): string {
  return (Object.keys(POLL_CADENCES) as Family[])
    .map((family) => `${family} first after ${POLL_CADENCES[family].initialDelayMs / 1000} s, then every ${POLL_CADENCES[family].intervalMs / 1000} s`)
    .join('; ');
}
