/**
 * The demo gateway's record of the text requests it received (the last few, bodies as sent with
 * long strings such as Base64 images shortened), read by tests through `GET /__admin/text-requests`
 * to check what a client actually sent. Never persisted.
 */

/** Requests kept (the oldest are dropped first). */
const KEPT = 50;
/** Strings longer than this are kept as their start and their length. */
const LONG_STRING = 4096;

export interface TextRequestRecord {
  /** `POST /v1/messages` and so on. */
  route: string;
  at: number;
  body: unknown;
}

/** A copy of a request body with long strings shortened to `<start>…(<n> characters)`. */
function shortened(value: unknown): unknown {
  if (typeof value === 'string') return value.length > LONG_STRING ? `${value.slice(0, 64)}…(${value.length} characters)` : value;
  if (Array.isArray(value)) return value.map(shortened);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shortened(item)]));
  return value;
}

export class TextRequestLog {
  private records: TextRequestRecord[] = [];

  record(route: string, body: unknown, at: number): void {
    this.records.push({ route, at, body: shortened(body) });
    if (this.records.length > KEPT) this.records.splice(0, this.records.length - KEPT);
  }

  /** Oldest first. */
  list(): TextRequestRecord[] {
    return [...this.records];
  }

  clear(): void {
    this.records = [];
  }
}
