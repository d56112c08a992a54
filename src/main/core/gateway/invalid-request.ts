import type { z } from 'zod';
import type { ProblemParams, RequestProblem } from '../../../shared/catalog';
import type { ErrorParams, ErrorReason } from '../../../shared/contract';
import { problemText } from './request-problem-text';

/** A problem with the wire path it concerns, in English; a catalog problem keeps its code and values. */
export interface RequestIssue {
  path: string;
  message: string;
  code?: string;
  params?: ProblemParams;
}

/** The catalog's problems as issues: the code and values pass through, the message is English for logs. */
export function issuesOf(problems: readonly RequestProblem[]): RequestIssue[] {
  return problems.map((problem) => ({ path: problem.field, message: problemText(problem), code: problem.code, params: problem.params }));
}

/**
 * A request refused locally, before anything was sent: it breaks a limit of the interface
 * (sizes, durations, counts, file types...). Nothing reached the gateway and nothing was charged.
 */
export class InvalidRequestError extends Error {
  readonly mayHaveReachedServer = false;

  constructor(
    /** What was being sent, e.g. `image.gen-image-2.task` or `POST /v1/messages`. */
    readonly target: string,
    /** Each problem with the wire path it concerns (`metadata.n`; '' for the request as a whole). */
    readonly issues: readonly RequestIssue[],
    /** A reason the studio words in each language, where the refusal has one of its own (a refused file). */
    readonly wording?: { reason: ErrorReason; params: ErrorParams },
  ) {
    super(`${target}: ${issues.map(describeIssue).join('; ')}`);
    this.name = 'InvalidRequestError';
  }
}

function describeIssue(issue: RequestIssue): string {
  if (issue.path === '' || issue.message.startsWith(`${issue.path}:`)) return issue.message;
  return `${issue.path}: ${issue.message}`;
}

/** Issues of a zod parse failure. */
function zodIssuesOf(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): RequestIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** Parses a request body with its schema, or throws InvalidRequestError listing every problem. */
export function validateBody<S extends z.ZodType>(schema: S, body: unknown, target: string): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new InvalidRequestError(target, zodIssuesOf(parsed.error));
  return parsed.data;
}
