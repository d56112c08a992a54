/**
 * Server-sent events of a streamed answer, parsed with `eventsource-parser` (never by hand).
 * Keep-alive comments are skipped by the parser; a broken connection or an oversized event
 * becomes the request's GatewayError.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { StreamAnswer } from './http';
import { malformedAnswer } from './normalise-error';

/** Largest single event (or unterminated line) accepted. */
const MAX_EVENT_CHARS = 8 * 1024 * 1024;

export type ServerSentEvent = EventSourceMessage;

/** Yields each event of the answer as it arrives; the body is released when iteration stops. */
export async function* serverSentEvents(answer: StreamAnswer, site: { method: string; path: string }): AsyncGenerator<ServerSentEvent> {
  const pending: ServerSentEvent[] = [];
  const state = { oversized: false };
  const parser = createParser({
    onEvent: (event) => pending.push(event),
    onError: (error) => {
      if (error.type === 'max-buffer-size-exceeded') state.oversized = true;
    },
    maxBufferSize: MAX_EVENT_CHARS,
  });
  const decoder = new TextDecoder();
  const oversizedError = () => malformedAnswer({ ...site, secrets: [] }, answer.status, `an event is larger than ${MAX_EVENT_CHARS} characters`);
  try {
    for await (const chunk of answer.body as AsyncIterable<Buffer>) {
      try {
        parser.feed(decoder.decode(chunk, { stream: true }));
      } catch (error) {
        if (state.oversized) throw oversizedError();
        throw error;
      }
      if (state.oversized) throw oversizedError();
      yield* pending.splice(0);
    }
    // A last event without its closing blank line still counts (some deployments end that way).
    parser.feed(`${decoder.decode()}\n\n`);
    yield* pending.splice(0);
  } catch (error) {
    throw answer.failure(error);
  } finally {
    answer.body.destroy();
  }
}
