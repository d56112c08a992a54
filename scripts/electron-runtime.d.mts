// Types of electron-runtime.mjs.
export function findElectronRuntime(options?: { onDownload?: () => void }): string | undefined;
export function appArmorRestricted(): boolean;
