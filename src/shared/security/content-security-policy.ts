/**
 * The one Content-Security-Policy of the studio's page. Browsers enforce every policy a page
 * carries (the `<meta>` of index.html and the header its server sends), so a source missing from
 * either blocks it: both are made here. Library media reach the page two ways, by transport:
 * `atelier-media:` in the Electron window, `/media/...` on the page's own origin in web mode.
 */

/** Where library images and videos come from in each transport. */
const MEDIA_SOURCES = {
  electron: 'atelier-media:',
  web: "'self'",
} as const;

const mediaSources = [...new Set(["'self'", ...Object.values(MEDIA_SOURCES)])];

/** Directive -> sources. `headerOnly` directives are ignored (with a warning) in a `<meta>` policy. */
const directives: readonly { name: string; sources: readonly string[]; headerOnly?: boolean }[] = [
  { name: 'default-src', sources: ["'self'"] },
  { name: 'script-src', sources: ["'self'"] },
  { name: 'style-src', sources: ["'self'", "'unsafe-inline'"] },
  { name: 'img-src', sources: [...mediaSources, 'data:', 'blob:'] },
  { name: 'media-src', sources: [...mediaSources, 'blob:'] },
  { name: 'connect-src', sources: ["'self'"] },
  { name: 'object-src', sources: ["'none'"] },
  { name: 'base-uri', sources: ["'none'"] },
  { name: 'form-action', sources: ["'none'"] },
  { name: 'frame-ancestors', sources: ["'none'"], headerOnly: true },
];

/** The policy as the servers send it (Electron's app protocol, web mode's HTTP server). */
export function headerContentSecurityPolicy(): string {
  return directives.map((d) => `${d.name} ${d.sources.join(' ')}`).join('; ');
}

/** The same policy for the page's `<meta http-equiv>`, without the directives a meta tag cannot carry. */
export function metaContentSecurityPolicy(): string {
  return directives
    .filter((d) => d.headerOnly !== true)
    .map((d) => `${d.name} ${d.sources.join(' ')}`)
    .join('; ');
}

/** A policy read back into directive -> sources (for checks of what a built page carries). */
export function parseContentSecurityPolicy(policy: string): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !parsed.has(name.toLowerCase())) parsed.set(name.toLowerCase(), sources);
  }
  return parsed;
}

/**
 * Whether `directive` of a parsed policy admits `url` loaded by a page at `pageOrigin`, for the
 * source expressions this policy uses: `'self'`, scheme sources (`atelier-media:`), `data:`,
 * `blob:` and `'none'` (falls back to `default-src` as browsers do).
 */
export function policyAdmits(policy: Map<string, string[]>, directive: string, url: string, pageOrigin: string): boolean {
  const sources = policy.get(directive) ?? policy.get('default-src') ?? [];
  const page = originOf(pageOrigin);
  const target = url.startsWith('/') && !url.startsWith('//') ? page : originOf(url);
  return sources.some((source) => {
    if (source === "'self'") return target.scheme === page.scheme && target.host === page.host;
    if (/^[a-z][a-z0-9+.-]*:$/i.test(source)) return target.scheme === source.toLowerCase();
    return false;
  });
}

/** Scheme (with its colon) and host of an absolute address, lower-cased. */
function originOf(address: string): { scheme: string; host: string } {
  const match = /^([a-z][a-z0-9+.-]*:)(?:\/\/([^/?#]*))?/i.exec(address);
  return { scheme: match?.[1]?.toLowerCase() ?? '', host: match?.[2]?.toLowerCase() ?? '' };
}
