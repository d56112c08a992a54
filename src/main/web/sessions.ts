import { randomBytes, timingSafeEqual } from 'node:crypto';

/** How a launch code was traded, for the owner of the launch page (to delete it). */
export type LaunchListener = (code: string) => void;

/** How long a browser's session lives with no request and no open tab (no event stream). */
export const DEFAULT_SESSION_IDLE_MS = 30 * 60 * 1000;

export interface SessionTableOptions {
  idleMs?: number;
  /** The clock (Unix ms); tests move it instead of waiting. */
  now?: () => number;
}

interface Session {
  /** A browser's session expires when idle and can be signed out; a program's (tests, tools) lasts the run. */
  kind: 'browser' | 'program';
  lastSeenAt: number;
  /** Ends each open event stream of the session: an open tab keeps it alive, a sign-out closes them. */
  streams: Set<() => void>;
}

/**
 * Launch codes and the sessions they open. A code is random, works once, and trades for a
 * separate random session id. A browser's session ends after `idleMs` without a request while no
 * tab holds its event stream open, or when another browser signs it out.
 */
export class SessionTable {
  private readonly codes = new Set<string>();
  private readonly sessions = new Map<string, Session>();
  private readonly listeners = new Set<LaunchListener>();
  private readonly idleMs: number;
  private readonly now: () => number;

  constructor(options: SessionTableOptions = {}) {
    this.idleMs = options.idleMs ?? DEFAULT_SESSION_IDLE_MS;
    this.now = options.now ?? Date.now;
  }

  /** A new one-time launch code. */
  issueLaunchCode(): string {
    const code = randomBytes(24).toString('base64url');
    this.codes.add(code);
    return code;
  }

  /** Whether `code` is a launch code not yet used (it stays unused). */
  knowsCode(code: string): boolean {
    return findEqual(this.codes, code) !== undefined;
  }

  /** Trades a launch code for a session id, or undefined when the code is unknown or was used. */
  redeem(code: string, kind: Session['kind'] = 'browser'): string | undefined {
    const match = findEqual(this.codes, code);
    if (match === undefined) return undefined;
    this.codes.delete(match);
    const session = randomBytes(32).toString('base64url');
    this.sessions.set(session, { kind, lastSeenAt: this.now(), streams: new Set() });
    for (const listener of this.listeners) listener(match);
    return session;
  }

  onLaunch(listener: LaunchListener): void {
    this.listeners.add(listener);
  }

  /** The live session `offered` names, marked as seen now; an expired one is dropped and undefined. */
  use(offered: string): string | undefined {
    const id = findEqual(this.sessions.keys(), offered);
    const session = id === undefined ? undefined : this.sessions.get(id);
    if (id === undefined || session === undefined) return undefined;
    if (!this.live(session)) {
      this.sessions.delete(id);
      return undefined;
    }
    session.lastSeenAt = this.now();
    return id;
  }

  /**
   * Records an open event stream of `session`; `end` closes it if the session is signed out.
   * Returns the release to call when the stream closes (the idle time counts from then).
   */
  holdStream(session: string, end: () => void): () => void {
    const entry = this.sessions.get(session);
    if (entry === undefined) {
      end();
      return () => undefined;
    }
    entry.streams.add(end);
    return () => {
      entry.streams.delete(end);
      entry.lastSeenAt = this.now();
    };
  }

  /** Ends every browser session but `keep` (their open streams close at once); returns how many ended. */
  signOutOthers(keep: string | undefined): number {
    let ended = 0;
    for (const [id, session] of this.sessions) {
      if (id === keep || session.kind !== 'browser') continue;
      this.sessions.delete(id);
      for (const end of session.streams) end();
      ended += 1;
    }
    return ended;
  }

  private live(session: Session): boolean {
    return session.kind === 'program' || session.streams.size > 0 || this.now() - session.lastSeenAt <= this.idleMs;
  }
}

/** The member of `candidates` equal to `offered`, compared in constant time. */
function findEqual(candidates: Iterable<string>, offered: string): string | undefined {
  let found: string | undefined;
  for (const candidate of candidates) if (equal(candidate, offered)) found = candidate;
  return found;
}

function equal(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
