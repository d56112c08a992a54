import type { ServedFile } from '../media/file-store';
import type { VideoSize } from '../media/video-size';
import type { TaskFamily } from '../tasks/task-store';

/** What an accepted video request turns into; `submitVideoTask` schedules it. */
export interface VideoPlan {
  family: Exclude<TaskFamily, 'character' | 'image'>;
  model: string;
  /** Text used to derive thumbnails and character names. */
  prompt: string;
  /** Output length (already shortened where character references shorten it). */
  seconds: number;
  size: VideoSize;
  /** Number of output videos (VVIP `metadata.n`). */
  count: number;
  /** `metadata` of the task record. */
  metadata: Record<string, unknown>;
  /** Multiplier applied to the model's price (billing tiers, several outputs). */
  priceFactor: number;
  clientBusinessId?: string;
  private?: boolean;
  thumbnails?: boolean;
  /** The task also creates a character from its video (`character_create`). */
  createsCharacter?: boolean;
  remixedFrom?: string;
  /** The request asks for sound (omni `audio: true`). */
  audio?: boolean;
  /** The simulator's own image the video starts from (image-to-video), when there is one. */
  firstFrame?: ServedFile | undefined;
  /** What the request "should" have done differently (sent as `Warning` headers). */
  warnings?: string[];
}

/** A character extraction (from a finished video task or a reference video): a task with no video. */
export interface CharacterPlan {
  family: 'character';
  model: string;
  prompt: string;
  sourceTaskId?: string;
  sourceUrl?: string;
  metadata: Record<string, unknown>;
}
