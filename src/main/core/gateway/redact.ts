/**
 * Secret redaction for everything the gateway client writes into errors or logs. Gateways
 * sometimes echo the presented key in their error text, so gateway messages pass through here too.
 */

const REDACTED = 'sk-…(redacted)';
/** Anything that looks like a gateway key, even one we were not given (e.g. a freshly minted token). */
const KEY_PATTERN = /\bsk-[A-Za-z0-9_-]{8,}/g;
/** `Bearer <anything>` as it might appear in a copied header. */
const BEARER_PATTERN = /\bBearer\s+[^\s"',;]+/gi;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The patterns `redactSecrets` replaces, in its order: the given secrets, then bearer values and key-like strings. */
function secretPatterns(secrets: readonly string[]): RegExp[] {
  const given = secrets
    .map((secret) => secret.replace(/^sk-/, ''))
    // Very short strings would redact ordinary words; real keys are long.
    .filter((bare) => bare.length >= 6)
    .map((bare) => new RegExp(`(sk-)?${escapeRegExp(bare)}`, 'g'));
  return [...given, BEARER_PATTERN, KEY_PATTERN];
}

/** Replaces every occurrence of the given secrets (with or without `sk-`) and key-like strings. */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const pattern of secretPatterns(secrets)) {
    out = out.replace(pattern, pattern === BEARER_PATTERN ? `Bearer ${REDACTED}` : REDACTED);
  }
  return out;
}

/** The end of a text that may still grow into a secret: its last run of token characters, with a `Bearer ` before it. */
const OPEN_TAIL = /(?:\bBearer\s+)?[^\s"',;]*$/i;
/** A run of token characters longer than this is no key (keys are at most 512 characters): released, redacted, rather than held. */
const MAX_HELD_CHARS = 4096;

/**
 * Redacts text that arrives in pieces (a streamed reply), where a key may be split across two
 * pieces: the last word waits for what follows, and text is released only where no secret starts
 * before and ends after the cut, so the pieces released read as the whole text would.
 */
export class StreamRedactor {
  private pending = '';

  constructor(private readonly secrets: readonly string[]) {}

  /** Takes the next piece; answers the redacted text that may be shown now ('' while it waits). */
  push(piece: string): string {
    this.pending += piece;
    let cut = OPEN_TAIL.exec(this.pending)?.index ?? this.pending.length;
    const spans = secretPatterns(this.secrets).flatMap((pattern) => [...this.pending.matchAll(pattern)].map((m) => [m.index, m.index + m[0].length] as const));
    for (let moved = true; moved;) {
      moved = false;
      for (const [start, end] of spans) {
        if (start < cut && end > cut) {
          cut = start;
          moved = true;
        }
      }
    }
    if (cut <= 0 && this.pending.length > MAX_HELD_CHARS) cut = this.pending.length;
    if (cut <= 0) return '';
    const released = redactSecrets(this.pending.slice(0, cut), this.secrets);
    this.pending = this.pending.slice(cut);
    return released;
  }

  /** What is still waiting, redacted: the end of the stream. */
  flush(): string {
    const rest = redactSecrets(this.pending, this.secrets);
    this.pending = '';
    return rest;
  }
}
