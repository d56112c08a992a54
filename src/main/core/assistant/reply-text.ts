/**
 * A streamed reply's text as the studio keeps and shows it: bounded, since a hostile or broken
 * gateway may stream without end, and redacted as gateway errors are, since a reply may echo the
 * key. The window is sent, and the database keeps, only what has passed the redaction.
 */
import type { StreamRedactor } from '../gateway/redact';
import { StudioFailure } from '../router/failure';

/** Far past any real reply (a rewritten prompt, a dozen variations of one): a reply stops here. */
export const MAX_REPLY_CHARS = 200_000;

export class ReplyText {
  private shown = '';
  private received = 0;

  constructor(private readonly redactor: StreamRedactor) {}

  /** The text released so far, redacted: what the window has been sent and what may be saved. */
  get text(): string {
    return this.shown;
  }

  /**
   * Takes the next piece of the reply; answers the text to send to the window now ('' while a
   * word that may be a key waits for its end). Throws `assistant_reply_too_long` past the bound.
   */
  add(delta: string): string {
    this.received += delta.length;
    if (this.received > MAX_REPLY_CHARS) throw StudioFailure.of('assistant_reply_too_long', { limit: MAX_REPLY_CHARS });
    const released = this.redactor.push(delta);
    this.shown += released;
    return released;
  }

  /** The end of the reply: answers the rest that was waiting, redacted. */
  finish(): string {
    const rest = this.redactor.flush();
    this.shown += rest;
    return rest;
  }
}
