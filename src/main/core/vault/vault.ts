/**
 * Encrypts secrets (gateway API keys) before they touch disk. Electron's safeStorage implements it in
 * the shell; `createFileKeyVault` implements it for web mode and the CLI.
 *
 * `associatedData` binds a sealed value to its context (a profile and the gateway origin the key
 * belongs to): it is not secret and not stored inside the value, and `decrypt` refuses the value
 * unless it is given the same text again.
 */
export interface Vault {
  /** Human-readable name of the protection in use, for the settings page. */
  readonly kind: 'os-keychain' | 'file-key';
  encrypt(plain: string, associatedData?: string): string;
  /** Throws when the value was tampered with or sealed with other associated data. */
  decrypt(sealed: string, associatedData?: string): string;
}
