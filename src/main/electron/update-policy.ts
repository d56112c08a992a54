// Whether and from where the packaged app looks for updates. Off unless a feed is configured:
// at packaging (`ATELIER_UPDATE_URL=... npm run dist` writes app-update.yml into the app) or at run
// time with the same variable. Updates install when the user quits, never in the middle of jobs.

export interface UpdateFacts {
  packaged: boolean;
  /** `ATELIER_UPDATE_URL` in the running app's environment. */
  feedUrlFromEnvironment: string | undefined;
  /** Whether the installer wrote `resources/app-update.yml` (only when a feed was configured at packaging). */
  packagedFeedExists: boolean;
}

export type UpdatePlan =
  | { enabled: false; reason: string }
  | { enabled: true; source: 'packaged-feed' }
  | { enabled: true; source: 'environment'; url: string };

export function updatePlan(facts: UpdateFacts): UpdatePlan {
  if (!facts.packaged) return { enabled: false, reason: 'updates apply to installed copies only' };
  const configured = facts.feedUrlFromEnvironment?.trim();
  if (configured) {
    const url = updateFeedUrl(configured);
    return url === undefined ? { enabled: false, reason: `ATELIER_UPDATE_URL is not an https address: ${configured}` } : { enabled: true, source: 'environment', url };
  }
  if (facts.packagedFeedExists) return { enabled: true, source: 'packaged-feed' };
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
