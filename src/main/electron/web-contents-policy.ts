// What any web contents of the app may do: navigate, open windows, ask for permissions.
// Pure; web-contents-guard.ts applies it to every web contents Electron creates.

/**
 * The origin of a URL as Chromium sees it. Node's URL (which the main process uses) calls the
 * origin of any non-web scheme "null", so `atelier-app://studio` is rebuilt from scheme and host.
 */
export function originOf(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.origin !== 'null') return parsed.origin;
    return parsed.host === '' ? 'null' : `${parsed.protocol}//${parsed.host}`;
  } catch {
    return 'null';
  }
}

/** Navigation stays on the studio's own origin; anything else is refused. */
export function mayNavigate(url: string, isTrustedOrigin: (origin: string) => boolean): boolean {
  const origin = originOf(url);
  return origin !== 'null' && isTrustedOrigin(origin);
}

/** No window is ever opened by the app; an http(s) link goes to the system browser instead. */
export function externalLinkTarget(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Permissions the studio's own page may use: writing text to the clipboard ("copy prompt") and
 * full screen for a playing video. Everything else (camera, microphone, location, notifications,
 * USB, MIDI, ...) is refused, and nothing at all is granted to any other origin.
 */
const GRANTED_TO_STUDIO = new Set(['clipboard-sanitized-write', 'fullscreen']);

export function mayUsePermission(permission: string, requestingUrl: string, isTrustedOrigin: (origin: string) => boolean): boolean {
  return GRANTED_TO_STUDIO.has(permission) && mayNavigate(requestingUrl, isTrustedOrigin);
}
