/**
 * Encrypts secrets (gateway API keys) before they touch disk. Electron's safeStorage implements it in
 * the shell; `createFileKeyVault` implements it for web mode and the CLI.
 */
export interface Vault {
  /** Human-readable name of the protection in use, for the settings page. */
  readonly kind: 'os-keychain' | 'file-key';
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
}
