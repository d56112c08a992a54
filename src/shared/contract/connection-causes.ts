/**
 * Why a gateway cannot be used, in words a person can act on: the address is not found, nothing
 * answers there, its certificate is refused, it is too slow, the key is wrong, or the address
 * answers but not as a gateway (usually a wrong base path). Used by "Test connection" and by every
 * gateway failure the window words; the words are at `reasons.connection.<cause>`.
 */
import { z } from 'zod';
import type { TextKey } from '../i18n/translate';

const CONNECTION_CAUSES = ['address_not_found', 'refused', 'tls', 'timeout', 'unreachable', 'wrong_key', 'wrong_base_path', 'no_key', 'gateway_error'] as const;
const connectionCauseSchema = z.enum(CONNECTION_CAUSES);
export type ConnectionCause = z.infer<typeof connectionCauseSchema>;

/** What to tell the user about a cause. */
export function connectionCauseWords(cause: ConnectionCause): TextKey {
  return `reasons.connection.${cause}`;
}

export function isConnectionCause(value: unknown): value is ConnectionCause {
  return typeof value === 'string' && (CONNECTION_CAUSES as readonly string[]).includes(value);
}

/** What "Test connection" found: the gateway answered as one (with how many models), or why not. */
export const connectionTestSchema = z.object({
  ok: z.boolean(),
  cause: connectionCauseSchema.nullable(),
  /** The HTTP status of the answer, when one came. */
  status: z.number().int().nullable(),
  /** Models the key may use, when the gateway answered. */
  models: z.number().int().nullable(),
  /** The technical reason as it came (an error code, the gateway's words), without the key. */
  detail: z.string().nullable(),
});
export type ConnectionTest = z.infer<typeof connectionTestSchema>;
