// Whether and from where the app looks for updates, and what it may do with one. Off unless a feed
// is configured: at packaging (`ATELIER_UPDATE_URL=... npm run dist` writes app-update.yml into the
// app) or, when running from source only, with the same variable in the environment (to try the
// update flow). An installed copy never takes its feed from the environment.

export interface UpdateFacts {
  packaged: boolean;
  platform: string;
  /** `ATELIER_UPDATE_URL` in the running app's environment. */
  feedUrlFromEnvironment: string | undefined;
  /** Whether the installer wrote `resources/app-update.yml` (only when a feed was configured at packaging). */
  packagedFeedExists: boolean;
}

/**
 * `install`: download in the background and install when the user quits, after electron-updater has
 * checked the update's code signature against the running app's publisher (Windows, macOS).
 * `announce`: only say that a version is available (Linux, where no publisher can be checked, so a
 * feed must not be able to replace the app).
 */
type UpdateMode = 'install' | 'announce';

export type UpdatePlan =
  | { enabled: false; reason: string }
  | { enabled: true; source: 'packaged-feed'; mode: UpdateMode }
  | { enabled: true; source: 'environment'; url: string; mode: UpdateMode };

export function updatePlan(facts: UpdateFacts): UpdatePlan {
  const mode: UpdateMode = facts.platform === 'win32' || facts.platform === 'darwin' ? 'install' : 'announce';
  const configured = facts.feedUrlFromEnvironment?.trim();
  if (!facts.packaged) {
    if (!configured) return { enabled: false, reason: 'updates apply to installed copies only' };
    const url = updateFeedUrl(configured);
    return url === undefined
      ? { enabled: false, reason: `ATELIER_UPDATE_URL is not an https address: ${configured}` }
      : { enabled: true, source: 'environment', url, mode };
  }
  if (facts.packagedFeedExists) return { enabled: true, source: 'packaged-feed', mode };
  return { enabled: false, reason: 'no update feed is configured' };
}

/** A feed address must be https (http only on loopback, for a local test server). */
export function updateFeedUrl(text: string): string | undefined {
  try {
    const url = new URL(text);
    const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
    if (url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) return url.toString();
  } catch {
    // Not a URL: refused below.
  }
  return undefined;
}

/**
 * The address of a renderer dev server (`ELECTRON_RENDERER_URL`, set by `electron-vite dev`), which
 * the window then loads and trusts: from source only. An installed copy always loads its own files.
 */
export function devRendererUrl(packaged: boolean, value: string | undefined): string | undefined {
  if (packaged || value === undefined || value.trim() === '') return undefined;
  try {
    const url = new URL(value);
    const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
    return url.protocol === 'http:' && loopback ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}
