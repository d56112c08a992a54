import type { Charge } from '../context';
import type { ServedFile } from '../media/file-store';
import type { TaskPhase, TaskSchedule } from './task-clock';
import { phaseAt } from './task-clock';

/**
 * Which request family made a task. It decides the route the task is polled on and the shape
 * of its record (docs/simulator.md, "Where each family puts its result address").
 */
export type TaskFamily =
  | 'image' // variants B and E: GET /v1/images/generations/{id}
  | 'video-official' // vid-2 / vid2-pro / vid-2-official: GET /v1/video/generations/{id}
  | 'video-clip3' // clip3-* / clip-o3-*: GET /v1/videos/{id}
  | 'video-turbo' // the rest: GET /v1/videos/generations/{id}
  | 'video-omni'
  | 'video-vid2' // vid-2-vvip and vid-2 character use
  | 'remix'
  | 'remix-official'
  | 'character';

/** A character a task creates (result of character tasks). */
export interface CharacterRecord {
  id: string;
  username: string;
  display_name: string;
  /** Served file name of its profile picture (its address depends on where the simulator runs). */
  picture: string;
}

/** Video-specific facts of a task. */
export interface TaskVideo {
  /** Output length in seconds (reported as a string). */
  seconds: number;
  /** `<width>x<height>`. */
  size: string;
  /** VVIP `metadata.private`: not published and cannot be remixed. */
  private: boolean;
  remixedFrom?: string;
  /** One thumbnail per output when `thumbnail` was requested. */
  thumbnails: ServedFile[];
}

/** Everything the simulator keeps about one task. */
export interface SimTask {
  id: string;
  family: TaskFamily;
  /** Owning user id: tasks are visible to every key of the same account. */
  ownerId: number;
  model: string;
  schedule: TaskSchedule;
  /** `metadata` of the record as submitted. */
  metadata: Record<string, unknown>;
  clientBusinessId?: string;
  /** Result files (images or videos), served from completion until expiry. */
  outputs: ServedFile[];
  video?: TaskVideo;
  /** Characters this task creates when it completes (character tasks, `character_create`). */
  characters?: CharacterRecord[];
  /** What the task cost; refunded once, when its failure is first observed. */
  charge?: Charge;
}

/** In-memory tasks, looked up by id or by the caller's `client_business_id`. */
export class TaskStore {
  private readonly byId = new Map<string, SimTask>();
  private readonly byBusinessId = new Map<string, SimTask>();

  add(task: SimTask): SimTask {
    this.byId.set(task.id, task);
    if (task.clientBusinessId !== undefined) this.byBusinessId.set(businessKey(task.ownerId, task.clientBusinessId), task);
    return task;
  }

  /** A task of this account, or undefined (other accounts' tasks do not exist for the caller). */
  get(id: string, ownerId: number): SimTask | undefined {
    const task = this.byId.get(id);
    return task?.ownerId === ownerId ? task : undefined;
  }

  /** A task of this account by its `client_business_id`. */
  findByBusinessId(clientBusinessId: string, ownerId: number): SimTask | undefined {
    return this.byBusinessId.get(businessKey(ownerId, clientBusinessId));
  }

  /** Every task of an account (for character look-ups). */
  *ofOwner(ownerId: number): Iterable<SimTask> {
    for (const task of this.byId.values()) if (task.ownerId === ownerId) yield task;
  }

  /** Every task, oldest first. */
  all(): SimTask[] {
    return [...this.byId.values()];
  }

  clear(): void {
    this.byId.clear();
    this.byBusinessId.clear();
  }
}

function businessKey(ownerId: number, clientBusinessId: string): string {
  return `${ownerId}\u0000${clientBusinessId}`;
}

/**
 * The task's phase at `nowMs`. Observing a failure for the first time refunds the charge,
 * as relays do for failed tasks.
 */
export function observe(task: SimTask, nowMs: number): TaskPhase {
  const phase = phaseAt(task.schedule, nowMs);
  if (phase.status === 'failed' && task.charge) {
    const charge = task.charge;
    delete task.charge;
    charge.refund();
  }
  return phase;
}
