import type { z } from 'zod';
import type { GatewayRequest, JsonAnswer } from './http';
import { malformedAnswer } from './normalise-error';

/**
 * Reads a 2xx answer with a tolerant shared schema. An answer that still does not fit (the
 * record the endpoint promises is missing) becomes a `malformed` GatewayError, never a crash.
 */
export function decodeAnswer<S extends z.ZodType>(schema: S, req: GatewayRequest, answer: JsonAnswer): z.output<S> {
  const parsed = schema.safeParse(answer.body);
  if (parsed.success) return parsed.data;
  const where = parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
  throw malformedAnswer({ method: req.method, path: req.path, secrets: [] }, answer.status, `unexpected answer (${where})`);
}
