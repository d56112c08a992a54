import { z } from 'zod';

/** The one list of error codes that cross the process boundary. */
export const errorCodes = [
  'invalid_input',
  'unknown_route',
  'not_found',
  'conflict',
  'unauthorized',
  'forbidden',
  'gateway_error',
  'gateway_unreachable',
  'rate_limited',
  'insufficient_quota',
  'storage_error',
  /** This shell cannot do that (a desktop action asked of web mode). */
  'unsupported',
  'internal',
] as const;

const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** Values an error's wording fills in (a profile name, a count, seconds to wait). Plain data only. */
const errorParamsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type ErrorParams = z.infer<typeof errorParamsSchema>;

/**
 * One problem with the input: the field it concerns (`['baseUrl']`, a wire path such as
 * `['metadata', 'n']`), main's English message, and the validator's code and limits so the
 * renderer can word it in the user's language.
 */
const inputIssueSchema = z.object({
  path: z.array(z.string()),
  message: z.string(),
  /** The validator's code (`too_small`, `too_big`, `invalid_format`, ...), when known. */
  code: z.string().optional(),
  params: errorParamsSchema.optional(),
});
export type InputIssue = z.infer<typeof inputIssueSchema>;

export const studioErrorSchema = z.object({
  code: errorCodeSchema,
  /** English text for logs and the command line; the renderer words the error from `reason` and `params`. */
  message: z.string(),
  /** What exactly went wrong within `code` (`missing_api_key`, `profile_not_found`, ...); see `errorReasons`. */
  reason: z.string().optional(),
  params: errorParamsSchema.optional(),
  /** The gateway's own text (often Chinese), shown as it came beside the explanation. */
  gatewayMessage: z.string().optional(),
  /** Field by field problems of rejected input. */
  issues: z.array(inputIssueSchema).optional(),
});
