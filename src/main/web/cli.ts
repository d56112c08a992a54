// Entry of web mode: `npm start -- --web [--port N] [--no-open]`. Serves the studio on 127.0.0.1.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { defaultDataDir, packageVersion } from '../core/paths';
import { ensurePrivateDir } from '../core/private-files';
import { createConfStore } from '../core/settings/key-value-store';
import { createStudio } from '../core/studio';
import { createFileKeyVault } from '../core/vault/file-key-vault';
import { pollTimingsFromSettings } from '../core/jobs';
import { demoGatewayFor } from '../demo/demo-gateway';
import { startWebConsole } from './console';
import { openInBrowser } from './launch-page';
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

/**
 * Optional timings from the environment: `ATELIER_DEMO_TASK_MS` (how long the demo gateway's
 * tasks take) and `ATELIER_POLL_INTERVAL_MS` (the poll cadence, within the engine's bounds), so
 * a demonstration or an end-to-end test need not wait the demo gateway's realistic times.
 */
function positive(name: string): number | undefined {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}
const demoTaskMs = positive('ATELIER_DEMO_TASK_MS');
const pollMs = positive('ATELIER_POLL_INTERVAL_MS');
const pollTiming = pollMs === undefined ? undefined : { initialDelayMs: pollMs, intervalMs: pollMs };

const dataDir = values['data-dir'] ?? defaultDataDir();
ensurePrivateDir(dataDir);
const demoGateway = demoGatewayFor(dataDir, demoTaskMs === undefined ? {} : { timing: { image: demoTaskMs, video: demoTaskMs, character: demoTaskMs } });
// The terminal is the person at this computer: it confirms library folders and hands out launch addresses.
const webConsole = startWebConsole({ input: process.stdin, output: process.stdout });
const studio = createStudio({
  shell: 'web',
  libraryFolderChooser: webConsole.libraryFolderChooser,
  version: packageVersion(import.meta.url),
  store: createConfStore(dataDir),
  vault: createFileKeyVault(join(dataDir, 'vault.key')),
  dataDir,
  demoGateway,
  ...(pollTiming === undefined ? {} : { engine: { pollTimings: pollTimingsFromSettings({ image: pollTiming, video: pollTiming, character: pollTiming }) } }),
});
await studio.start();
// End-to-end tests inject faults through the demo gateway's admin API. Its token goes to stdout
// only when this variable is set; without it the token exists in memory only, as always.
if (process.env.ATELIER_TEST_PRINT_DEMO_ADMIN === '1') {
  const admin = await demoGateway.adminAccess();
  console.log(`Demo gateway admin (tests only): ${admin.url} ${admin.adminToken}`);
}
const server = await startWebServer({
  studio,
  port,
  rendererDir: fileURLToPath(new URL('../renderer', import.meta.url)),
});

console.log(`Atelier is running in web mode at ${server.sessionOrigin}`);
console.log(`Open this address in a browser (it works once, for one browser):\n  ${server.launchUrl}`);
webConsole.offerLaunchAddresses(() => server.newLaunchUrl());
const opened = values['no-open'] ? undefined : openInBrowser(server, dataDir);

const shutdown = (): void => {
  webConsole.close();
  void Promise.all([server.close(), studio.stop(), opened?.remove()]).finally(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
