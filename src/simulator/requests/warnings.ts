/**
 * Warnings of accepted requests. Where the interface says a value "should" be one way (or does
 * not call something an error), the demo gateway accepts the request and says what it noticed
 * in HTTP `Warning` headers (code 199, miscellaneous), one per warning (docs/simulator.md).
 */

/** The `Warning` header values for these messages (ASCII only; quotes and backslashes escaped). */
export function warningHeaderValues(messages: readonly string[]): string[] {
  return messages.map((message) => {
    const ascii = message.replace(/[^\x20-\x7e]/g, '?').replace(/["\\]/g, (char) => `\\${char}`);
    return `199 - "${ascii}"`;
  });
}

/** "do not set (change) together": `temperature` with `top_p` is accepted, with a warning. */
export function samplingWarnings(body: { temperature?: unknown; top_p?: unknown }): string[] {
  const both = body.temperature !== undefined && body.temperature !== null && body.top_p !== undefined && body.top_p !== null;
  return both ? ['temperature and top_p are both set; the interface advises changing only one of them'] : [];
}
