// Signing, notarisation and update-feed rules for `npm run dist`, read from the standard environment
// variables of electron-builder and Apple's notary service. Pure, so they are tested without packing.

type Environment = Record<string, string | undefined>;

const present = (env: Environment, ...names: string[]): boolean => names.every((name) => (env[name]?.trim() ?? '') !== '');

/** Whether electron-builder has a certificate to sign with for this platform (`CSC_LINK`, a keychain identity, or Windows' own variables). */
export function hasSigningCertificate(platform: string, env: Environment): boolean {
  if (platform === 'win32') {
    return present(env, 'WIN_CSC_LINK') || present(env, 'CSC_LINK') || present(env, 'AZURE_TENANT_ID', 'AZURE_CLIENT_ID');
  }
  if (platform === 'darwin') return present(env, 'CSC_LINK') || present(env, 'CSC_NAME');
  return false;
}

/** Apple's notary service is used when one of its three credential sets is in the environment. */
export function hasNotarisationCredentials(env: Environment): boolean {
  return (
    present(env, 'APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER') ||
    present(env, 'APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID') ||
    present(env, 'APPLE_KEYCHAIN', 'APPLE_KEYCHAIN_PROFILE')
  );
}

/**
 * Why an update feed may not be built into this platform's package, or undefined when it may.
 * electron-updater installs what the feed names only after checking its code signature against the
 * running app's (the publisher name on Windows, the designated requirement on macOS), so a feed
 * must come with a signed build; on Linux the app only announces updates (update-policy.ts).
 */
export function updateFeedProblem(platform: string, env: Environment): string | undefined {
  if (platform !== 'win32' && platform !== 'darwin') return undefined;
  if (hasSigningCertificate(platform, env)) return undefined;
  const variables = platform === 'win32' ? 'WIN_CSC_LINK or CSC_LINK (with its password), or Azure Trusted Signing' : 'CSC_LINK or CSC_NAME';
  return `ATELIER_UPDATE_URL needs a signed ${platform === 'win32' ? 'Windows' : 'macOS'} build (${variables}): unsigned, an update could not be checked against its publisher, and whoever controls the feed could replace the app.`;
}
