/** Turning a zod failure into the one-line message and `param` an error body carries. */
import type { z } from 'zod';

export interface ParameterProblem {
  message: string;
  /** Dotted path of the offending field, e.g. `messages.0.content`; null for the body itself. */
  param: string | null;
}

/** The first issue of a failed parse, as a gateway-style message. */
export function describeIssue(error: z.ZodError): ParameterProblem {
  const issue = error.issues[0];
  if (!issue) return { message: 'invalid request body', param: null };
  const param = issue.path.length > 0 ? issue.path.map(String).join('.') : null;
  return { message: param === null ? issue.message : `${param}: ${issue.message}`, param };
}

/** Whether a request body is a JSON object (not an array, string or empty). */
export function isJsonObject(body: unknown): body is Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body);
}
