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

/** The variable that asks `npm run dist` for an unsigned macOS or Windows build, for testing only. */
export const UNSIGNED_VARIABLE = 'ATELIER_UNSIGNED';

/** Whether the packager asked for an unsigned build (`ATELIER_UNSIGNED=1`). */
export const unsignedRequested = (env: Environment): boolean => env[UNSIGNED_VARIABLE]?.trim() === '1';

/**
 * Why this platform's installer may not be built, or undefined when it may. A macOS package must be
 * signed and notarised and a Windows installer signed, unless an unsigned build is asked for
 * explicitly (its file name then says so, `unsignedArtifactName`); such a request with a certificate
 * present is refused too, as the file would be named for what it is not. Linux packages are not
 * signed, and an unpacked folder (`--dir`, the target `dir`, for tests on this machine) is no installer.
 */
export function releaseSigningProblem(platform: string, env: Environment, targets: readonly string[]): string | undefined {
  if (platform !== 'win32' && platform !== 'darwin') return undefined;
  if (targets.every((target) => target === 'dir')) return undefined;
  const signed = hasSigningCertificate(platform, env);
  if (unsignedRequested(env)) {
    return signed ? `${UNSIGNED_VARIABLE}=1 asks for an unsigned build, but a signing certificate is set: remove one or the other.` : undefined;
  }
  const missing = [
    ...(signed
      ? []
      : [
          platform === 'win32'
            ? 'a certificate (WIN_CSC_LINK or CSC_LINK with its password, or Azure Trusted Signing)'
            : 'a certificate (CSC_LINK with CSC_KEY_PASSWORD, or CSC_NAME)',
        ]),
    ...(platform === 'darwin' && !hasNotarisationCredentials(env)
      ? [
          "Apple's notary credentials (APPLE_API_KEY, APPLE_API_KEY_ID, APPLE_API_ISSUER; or APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID; or APPLE_KEYCHAIN, APPLE_KEYCHAIN_PROFILE)",
        ]
      : []),
  ];
  if (missing.length === 0) return undefined;
  const name = platform === 'win32' ? 'Windows installer' : 'macOS package';
  return `A ${name} for artists must be ${platform === 'darwin' ? 'signed and notarised' : 'signed'}; missing: ${missing.join('; ')}. For an unsigned build to test with, set ${UNSIGNED_VARIABLE}=1: its file name says "unsigned".`;
}

/** The file name (electron-builder's macros) of an unsigned build, as options to spread; none for a signed build, which keeps electron-builder's own. */
export function unsignedArtifactName(platform: 'darwin' | 'win32', env: Environment): { artifactName?: string } {
  if (!unsignedRequested(env)) return {};
  return { artifactName: platform === 'darwin' ? '${productName}-${version}-${arch}-unsigned.${ext}' : '${productName}-Setup-${version}-unsigned.${ext}' };
}
