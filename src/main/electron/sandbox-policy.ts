// Atelier never runs its windows without Chromium's sandbox. The AppImage's launcher (AppRun) adds
// `--no-sandbox` where the system refuses user namespaces (Ubuntu 23.10 and later allow them only to
// programs with an AppArmor profile, which an AppImage cannot install): an installed copy refuses
// such a start and says to install the deb. Pure: tested on plain Node.

export interface SandboxFacts {
  /** An installed copy (`app.isPackaged`); from source, a developer's own flags are theirs. */
  packaged: boolean;
  /** Whether Chromium was told `--no-sandbox`. */
  noSandbox: boolean;
  /** `APPIMAGE`, which the AppImage runtime sets to the image's path. */
  appImage: string | undefined;
}

/** Why this start is refused: `appimage` when the AppImage's launcher turned the sandbox off, `switch` for any other `--no-sandbox`. */
export type SandboxRefusal = 'appimage' | 'switch';

export function sandboxRefusal(facts: SandboxFacts): SandboxRefusal | undefined {
  if (!facts.packaged || !facts.noSandbox) return undefined;
  return (facts.appImage ?? '') === '' ? 'switch' : 'appimage';
}
