/**
 * Secret redaction for everything the gateway client writes into errors or logs. Gateways
 * sometimes echo the presented key in their error text, so gateway messages pass through here too.
 */

const REDACTED = 'sk-…(redacted)';
/** Anything that looks like a gateway key, even one we were not given (e.g. a freshly minted token). */
const KEY_PATTERN = /\bsk-[A-Za-z0-9_-]{8,}/g;
/** `Bearer <anything>` as it might appear in a copied header. */
const BEARER_PATTERN = /\bBearer\s+[^\s"',;]+/gi;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Replaces every occurrence of the given secrets (with or without `sk-`) and key-like strings. */
export function redactSecrets(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) {
    const bare = secret.replace(/^sk-/, '');
    // Very short strings would redact ordinary words; real keys are long.
    if (bare.length < 6) continue;
    out = out.replace(new RegExp(`(sk-)?${escapeRegExp(bare)}`, 'g'), REDACTED);
  }
  return out.replace(BEARER_PATTERN, `Bearer ${REDACTED}`).replace(KEY_PATTERN, REDACTED);
}
