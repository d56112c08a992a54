// Types of start-diagnosis.mjs, for its tests.
export function runtimeMissingMessage(): string;
export function sqliteBuildFailedMessage(): string;
export function recogniseSandboxFailure(stderr: string): 'suid-helper' | 'no-sandbox-available' | undefined;
export function appArmorRestrictsUserNamespaces(sysctl: string | undefined): boolean;
export function sandboxFailureMessage(facts: { electronBinary: string; chromeSandbox: string; appArmorRestricted: boolean }): string;
export function keepTail(kept: string, chunk: string, limit?: number): string;
