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
