import type { z } from 'zod';

/**
 * A request the simulator refuses, with the HTTP status and the relay-style error fields.
 * Media validators throw it; the routes turn it into the error body.
 *
 * Status choices (docs/simulator.md, "Media requests"): 400 for a missing or malformed field,
 * an unknown enum value, a count or range outside its limit and an invalid size/resolution
 * combination; 422 for well-formed values the gateway cannot process (Base64 where an image
 * URL is required, a reference file of the wrong type or too large, a mask that does not fit).
 */
export class Rejection extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
    readonly code: string = status === 422 ? 'invalid_value' : 'invalid_request',
  ) {
    super(message);
    this.name = 'Rejection';
  }
}

/** 400: the request is malformed or outside a documented limit. */
export function badRequest(message: string, param?: string): Rejection {
  return new Rejection(400, message, param);
}

/** 422: a well-formed value the gateway cannot process. */
export function unprocessable(message: string, param?: string): Rejection {
  return new Rejection(422, message, param);
}

/** Parses a JSON body with a zod schema; the first issue becomes a 400 naming the field. */
export function parseBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.infer<Schema> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('request body must be a JSON object');
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const param = issue === undefined || issue.path.length === 0 ? undefined : issue.path.map(String).join('.');
  const text = issue?.message ?? 'invalid request';
  throw badRequest(param === undefined ? text : `${param}: ${text}`, param);
}
