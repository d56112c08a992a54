import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SimContext } from '../context';
import type { StoredToken } from '../accounts';
import type { UrlResolver } from '../requests/references';
import { Rejection } from '../requests/rejection';
import { planSchedule } from '../tasks/task-clock';
import type { TaskSchedule } from '../tasks/task-clock';
import { TaskStore } from '../tasks/task-store';
import type { SimTask, TaskFamily } from '../tasks/task-store';
import { FileStore, MemoryByteStore, fileUrl } from './file-store';
import type { ByteStore, ServedFile } from './file-store';
import { MediaRenderer } from './renderer';

/**
 * State shared by the media routes (uploads, images, videos, characters, files): one per
 * simulator, created on first use and emptied by the admin reset.
 */
export class MediaState {
  readonly files: FileStore;
  readonly tasks = new TaskStore();
  readonly renderer: MediaRenderer;
  /** Addresses this simulator had in earlier runs: files named under them are still ours. */
  readonly previousBaseUrls = new Set<string>();

  constructor(
    private readonly ctx: SimContext,
    storage: ByteStore = new MemoryByteStore(),
  ) {
    this.renderer = new MediaRenderer(
      async (name) => {
        const file = this.files.get(name);
        return file === undefined ? undefined : file.bytes();
      },
      undefined,
      ctx.options.media,
    );
    this.files = new FileStore(storage, (recipe) => this.renderer.render(recipe));
  }

  /** Base URL of served files. */
  baseUrl(): string {
    return this.ctx.publicUrl('/');
  }

  /** Absolute address of a served file. */
  urlOf(file: Pick<ServedFile, 'name'>): string {
    return fileUrl(this.baseUrl(), file);
  }

  /**
   * Maps URLs in requests to the simulator's own files (available now) or to elsewhere. Our
   * addresses are today's, its other loopback spelling, and those of earlier runs (a restarted
   * studio still holds them in its jobs and upload cache).
   */
  readonly resolveUrl: UrlResolver = (url) => {
    const base = this.baseUrl();
    const bases = [base, loopbackAlias(base), ...this.previousBaseUrls];
    const ours = bases.find((candidate) => this.files.isLocalUrl(url, candidate));
    if (ours === undefined) return { kind: 'foreign' };
    const file = this.files.resolveUrl(url, ours);
    if (file?.availability(this.ctx.now()) !== 'available') return { kind: 'missing' };
    return { kind: 'local', file };
  };

  /**
   * Fixes a new task's schedule from the family's configured duration and the media faults
   * aimed at this request (`task-failure`, `result-expiry`).
   */
  scheduleFor(request: FastifyRequest, model: string, durationMs: number): TaskSchedule {
    const subject = { method: request.method, path: request.url.split('?')[0] ?? request.url, model };
    const failure = this.ctx.faults.take('task-failure', subject);
    const expiry = this.ctx.faults.take('result-expiry', subject);
    return planSchedule({
      nowMs: this.ctx.now(),
      durationMs,
      resultTtlMs: this.ctx.options.resultTtlSeconds * 1000,
      failureMessage: failure ? (failure.message ?? 'task failed (simulated upstream failure)') : undefined,
      expiresAfterMs: expiry?.afterMs,
    });
  }

  /** Stores a task and counts the submission. */
  addTask(task: SimTask): SimTask {
    this.ctx.stats.recordSubmission(task.model);
    return this.tasks.add(task);
  }

  /** A new task id: `video_...` for official video ids, `task_...` otherwise. */
  newTaskId(family: TaskFamily): string {
    return this.ctx.newId(family === 'video-official' || family === 'remix-official' ? 'video_' : 'task_');
  }

  clear(): void {
    this.files.clear();
    this.tasks.clear();
    this.renderer.clear();
  }
}

const states = new WeakMap<SimContext, MediaState>();

/**
 * The media state of a simulator, made on first use; `storage` (where uploads' bytes are kept)
 * only counts on that first call, which the state folder's loader makes before any route.
 */
export function mediaStateOf(ctx: SimContext, storage?: ByteStore): MediaState {
  let state = states.get(ctx);
  if (!state) {
    const created = new MediaState(ctx, storage);
    ctx.onReset(() => created.clear());
    states.set(ctx, created);
    state = created;
  }
  return state;
}

/** `http://127.0.0.1:P/` <-> `http://localhost:P/`, so both spellings of our address resolve. */
function loopbackAlias(base: string): string {
  try {
    const url = new URL(base);
    if (url.hostname === '127.0.0.1') url.hostname = 'localhost';
    else if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
    return url.toString();
  } catch {
    return base;
  }
}

/** Sends a validation rejection in the relay error shape. */
function sendRejection(ctx: SimContext, reply: FastifyReply, rejection: Rejection): FastifyReply {
  return ctx.sendError(reply, rejection.status, {
    message: rejection.message,
    param: rejection.param ?? null,
    code: rejection.code,
  });
}

/** Runs a validator; a Rejection becomes the error answer (returns undefined), other errors propagate. */
export async function validated<T>(ctx: SimContext, reply: FastifyReply, validate: () => Promise<T> | T): Promise<T | undefined> {
  try {
    return await validate();
  } catch (error) {
    if (error instanceof Rejection) {
      sendRejection(ctx, reply, error);
      return undefined;
    }
    throw error;
  }
}

/** The account a key belongs to (tasks and characters are per account). */
export function ownerOf(key: StoredToken): number {
  return key.record.user_id;
}
