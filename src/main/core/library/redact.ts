/** A JSON value as stored in the library (requests, options, sidecars). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Words (or two adjacent words run together) that mark a field as secret anywhere in its name. */
const secretWords = new Set([
  'authorization',
  'apikey',
  'secret',
  'password',
  'passwd',
  'cookie',
  'credential',
  'credentials',
  'bearer',
  'privatekey',
  'signature',
]);

/** Words that mark a field as secret when they end its name (`token`, `access_token`, `api_key`), so `max_tokens` stays. */
const secretLastWords = new Set(['token', 'key']);

/** Values that look like a credential whatever their field is called. */
const secretValue = /^(bearer|basic)\s+\S|^sk-[A-Za-z0-9_-]{16,}$/i;

/** `x-api-key`, `apiKey` and `API_KEY` all become ["x", "api", "key"]. */
function wordsOf(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** True when a field of this name could hold a credential. */
export function isSecretField(key: string): boolean {
  const words = wordsOf(key);
  const pairs = words.slice(1).map((word, i) => `${words[i] ?? ''}${word}`);
  const last = words.at(-1);
  return [...words, ...pairs].some((word) => secretWords.has(word)) || (last !== undefined && secretLastWords.has(last));
}

function redact(value: unknown): JsonValue | undefined {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return secretValue.test(value.trim()) ? undefined : value;
  if (Array.isArray(value)) return value.map(redact).filter((item) => item !== undefined);
  if (typeof value === 'object') {
    const out: Record<string, JsonValue> = {};
    for (const [key, item] of Object.entries(value)) {
      if (isSecretField(key)) continue;
      const clean = redact(item);
      if (clean !== undefined) out[key] = clean;
    }
    return out;
  }
  return undefined;
}

/**
 * A copy of a request that is safe to store: every field that could hold a secret
 * (authorization, api keys, tokens, passwords, cookies...) is dropped at any depth, as is any
 * value that looks like a key or an Authorization header. The rest becomes plain JSON.
 */
export function redactRequest(request: unknown): JsonValue {
  // A JSON round trip first turns Dates, class instances and toJSON() values into what would be sent.
  // JSON.stringify gives undefined (despite its type) for undefined and functions.
  const text = JSON.stringify(request) as string | undefined;
  const plain: unknown = text === undefined ? null : JSON.parse(text);
  return redact(plain) ?? null;
}
