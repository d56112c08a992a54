import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { SimulatorContext } from '../context';
import type { MediaState } from '../media/media-state';
import { mediaStateOf } from '../media/media-state';
import { DiskByteStore } from './disk-byte-store';
import type { SavedState } from './saved-state';
import { captureState, parseSavedState, restoreState } from './saved-state';

/**
 * Keeps a simulator's state in a folder (`stateDir`), so a restarted demo gateway still knows
 * its accounts, tasks, results and uploads: a studio restarted mid-batch polls, downloads and
 * references what it had before. Every answer to a request that may change state (anything
 * but GET and HEAD) is sent only after the state is on disk; GETs (whose polls may refund a
 * failed task) save shortly after.
 */

const STATE_FILE = 'state.json';
/** How many earlier addresses are remembered. */
const ADDRESS_HISTORY = 8;
const LAZY_SAVE_MS = 1_000;

export class StatePersistence {
  readonly media: MediaState;
  /** Whether an earlier state was found and restored. */
  readonly restored: boolean;
  /** The port of the last run (tried first so addresses recorded by clients keep working). */
  readonly preferredPort: number | undefined;
  private baseUrls: string[] = [];
  private port: number | null = null;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly ctx: SimulatorContext,
    private readonly dir: string,
    private readonly warn: (message: string) => void,
  ) {
    this.media = mediaStateOf(ctx, new DiskByteStore(path.join(dir, 'files')));
    const saved = this.load();
    this.restored = saved !== undefined;
    this.preferredPort = saved?.port ?? undefined;
    if (saved) {
      restoreState(ctx, this.media, saved);
      this.baseUrls = saved.baseUrls.slice(-ADDRESS_HISTORY);
    }
  }

  /** Records where this run listens; earlier addresses stay ours for references. */
  listening(baseUrl: string, port: number): void {
    this.port = port;
    this.baseUrls = [...this.baseUrls.filter((url) => url !== baseUrl), baseUrl].slice(-ADDRESS_HISTORY);
    this.media.previousBaseUrls.clear();
    for (const url of this.baseUrls) if (url !== baseUrl) this.media.previousBaseUrls.add(url);
    this.saveNow();
  }

  /** Saves before answering requests that may change state, and soon after the others. */
  install(app: FastifyInstance): void {
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (request.method === 'GET' || request.method === 'HEAD') this.saveSoon();
      else this.trySave();
      done(null, payload);
    });
  }

  saveNow(): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const target = path.join(this.dir, STATE_FILE);
    const temporary = `${target}.tmp`;
    writeFileSync(temporary, JSON.stringify(captureState(this.ctx, this.media, this.baseUrls, this.port)));
    renameSync(temporary, target);
  }

  /** Saves a last time; nothing is written after. */
  close(): void {
    this.saveNow();
    this.closed = true;
  }

  private saveSoon(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.trySave();
    }, LAZY_SAVE_MS);
    this.timer.unref();
  }

  /** A failed save is reported, not thrown: the answer (maybe a paid task) must still reach the client. */
  private trySave(): void {
    try {
      this.saveNow();
    } catch (error) {
      this.warn(`could not save the demo gateway's state in ${this.dir}: ${(error as Error).message}`);
    }
  }

  private load(): SavedState | undefined {
    const file = path.join(this.dir, STATE_FILE);
    if (!existsSync(file)) return undefined;
    let saved: SavedState | undefined;
    try {
      saved = parseSavedState(JSON.parse(readFileSync(file, 'utf8')));
    } catch {
      saved = undefined;
    }
    if (saved === undefined) {
      // Kept aside rather than overwritten: nothing is lost, and a newer version may read it.
      const aside = `${file}.unreadable-${Date.now()}`;
      renameSync(file, aside);
      this.warn(`the demo gateway's saved state could not be read; it was moved to ${aside} and a fresh state begins`);
    }
    return saved;
  }
}
