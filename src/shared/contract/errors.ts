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

export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const studioErrorSchema = z.object({
  code: errorCodeSchema,
  message: z.string(),
  details: z.unknown().optional(),
});
