/**
 * Fault injection. A fault is a rule with a `kind`, an optional target (route pattern, model),
 * an optional count (apply to the next N matching requests, then disappear) and an optional
 * probability. Rules are set at start (options.faults) and at run time (`POST /__admin/faults`).
 *
 * Request-level kinds are applied by the server's hooks (fault-hooks.ts); the media kinds
 * (`task-failure`, `result-expiry`, `slow-download`) are consumed by the media routes through
 * `ctx.faults.take(kind, target)`.
 */

/** Fields every rule may carry to choose which requests it hits. */
interface FaultTarget {
  /**
   * Route pattern: `[METHOD ]/path`, where `*` matches any characters (including `/`).
   * Examples: `POST /v1/chat/completions`, `/v1/images/*`, `GET *`. Absent = every route.
   */
  route?: string;
  /** Only requests (or tasks) for this model id. */
  model?: string;
  /** Apply to the next N matching requests, then remove the rule. Absent = until cleared. */
  count?: number;
  /** Chance (0-1) that a matching request is hit; default 1. */
  probability?: number;
}

/** Every fault kind with its own parameters. */
export type FaultRule = FaultTarget &
  (
    | { kind: 'latency'; ms: number }
    | {
        kind: 'error';
        status: number;
        body?: unknown;
        headers?: Record<string, string>;
        /**
         * `before-handler` (default): the request is refused before anything is done or charged.
         * `after-handler`: the request is handled (a task created and charged) and its answer then
         * replaced by the error, as a gateway that failed after accepting the work.
         */
        phase?: 'before-handler' | 'after-handler';
      }
    | { kind: 'rate-limit'; retryAfterSeconds?: number | null }
    | { kind: 'drop-connection'; phase: 'before-request-read' | 'after-request-read' }
    | { kind: 'truncated-body' }
    | { kind: 'malformed-json' }
    | { kind: 'stream-error'; message?: string; afterEvents?: number }
    | {
        kind: 'account-failure';
        failure: 'token-info' | 'user-quota' | 'used-quota' | 'create-token';
      }
    | { kind: 'task-failure'; message?: string }
    | { kind: 'result-expiry'; afterMs: number }
    | { kind: 'slow-download'; bytesPerSecond: number }
  );

export type FaultKind = FaultRule['kind'];

/** The rule type of one kind, e.g. `FaultOf<'slow-download'>` has `bytesPerSecond`. */
export type FaultOf<K extends FaultKind> = Extract<FaultRule, { kind: K }>;

/** An active rule with the id the admin API reports. */
export type ActiveFault = FaultRule & { id: number };

/** What a rule is matched against. `path` excludes the query string. */
export interface FaultSubject {
  method: string;
  path: string;
  model?: string | undefined;
}

function isKind<K extends FaultKind>(rule: FaultRule, kind: K): rule is FaultOf<K> {
  return rule.kind === kind;
}

/** Turn a `*` pattern into an anchored regular expression. */
function globToRegExp(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`);
}

/** Whether a route pattern matches a method and path. */
export function routeMatches(pattern: string | undefined, method: string, path: string): boolean {
  if (pattern === undefined || pattern === '' || pattern === '*') return true;
  const trimmed = pattern.trim();
  const space = trimmed.indexOf(' ');
  const patternMethod = space > 0 ? trimmed.slice(0, space).toUpperCase() : undefined;
  const patternPath = space > 0 ? trimmed.slice(space + 1).trim() : trimmed;
  if (patternMethod !== undefined && patternMethod !== '*' && patternMethod !== method.toUpperCase()) {
    return false;
  }
  return globToRegExp(patternPath).test(path);
}

/** The live set of fault rules. */
export class FaultController {
  private rules: ActiveFault[] = [];
  private nextId = 1;

  constructor(
    private readonly initial: readonly FaultRule[],
    private readonly random: () => number,
    private readonly onApplied: (kind: FaultKind) => void = () => undefined,
  ) {
    this.reset();
  }

  /** Add rules; returns them with their ids. */
  add(rules: readonly FaultRule[]): ActiveFault[] {
    const added = rules.map((rule) => ({ ...rule, id: this.nextId++ }));
    this.rules.push(...added);
    return added;
  }

  /** Remove one rule by id; false when it was not active. */
  remove(id: number): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((rule) => rule.id !== id);
    return this.rules.length !== before;
  }

  /** Remove every rule. */
  clear(): void {
    this.rules = [];
  }

  /** Back to the rules given at start. */
  reset(): void {
    this.rules = [];
    this.add(this.initial);
  }

  /** The active rules, for the admin API. */
  list(): ActiveFault[] {
    return this.rules.map((rule) => ({ ...rule }));
  }

  /**
   * Find the first active rule of `kind` that hits `subject`, consume one of its uses and return
   * it; undefined when none applies. Rules with a `model` only hit subjects with that model;
   * `accept` narrows further (e.g. a drop-connection phase).
   */
  take<K extends FaultKind>(kind: K, subject: FaultSubject, accept: (rule: FaultOf<K>) => boolean = () => true): FaultOf<K> | undefined {
    for (const rule of this.rules) {
      if (!isKind(rule, kind) || !accept(rule)) continue;
      if (rule.model !== undefined && rule.model !== subject.model) continue;
      if (!routeMatches(rule.route, subject.method, subject.path)) continue;
      if (rule.probability !== undefined && this.random() >= rule.probability) continue;
      if (rule.count !== undefined) {
        rule.count -= 1;
        if (rule.count <= 0) this.remove(rule.id);
      }
      this.onApplied(kind);
      return rule;
    }
    return undefined;
  }
}
