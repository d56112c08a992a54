// Entry of web mode: `npm start -- --web [--port N] [--no-open]`. Serves the studio on 127.0.0.1.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { defaultDataDir, packageVersion } from '../core/paths';
import { createConfStore } from '../core/settings/key-value-store';
import { createStudio } from '../core/studio';
import { createFileKeyVault } from '../core/vault/file-key-vault';
import { demoGatewayFor } from '../demo/demo-gateway';
import { startWebServer } from './server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'no-open': { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
    web: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a number from 0 to 65535 (got "${values.port}")`);
  process.exit(2);
}

const dataDir = values['data-dir'] ?? defaultDataDir();
const studio = createStudio({
  shell: 'web',
  version: packageVersion(import.meta.url),
  store: createConfStore(dataDir),
  vault: createFileKeyVault(join(dataDir, 'vault.key')),
  dataDir,
  demoGateway: demoGatewayFor(dataDir),
});
await studio.start();
const server = await startWebServer({
  studio,
  port,
  rendererDir: fileURLToPath(new URL('../renderer', import.meta.url)),
});

console.log(`Atelier is running in web mode at ${server.url}`);
console.log(`Open this address in a browser (it carries this launch's access token):\n  ${server.launchUrl}`);
if (!values['no-open']) openBrowser(server.launchUrl);

const shutdown = (): void => {
  void Promise.all([server.close(), studio.stop()]).finally(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

function openBrowser(url: string): void {
  const hasDisplay = process.platform !== 'linux' || Boolean(process.env.DISPLAY ?? process.env.WAYLAND_DISPLAY);
  if (!hasDisplay) return;
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const child = spawn(command, [url], { detached: true, stdio: 'ignore' });
  child.on('error', () => console.log('(No browser could be opened; use the address above.)'));
  child.unref();
}
