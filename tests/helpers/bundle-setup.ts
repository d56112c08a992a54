// Global setup of the integration project, once per run: bundles the programs tests start as child processes, and
// empties the folder of the demo gateway's fixture clips, so this run encodes each clip once, with this run's encoder.
import { rmSync } from 'node:fs';
import { bundleEntries } from './bundled-entries';
import { FIXTURE_CLIP_DIR } from './fixture-clips';

export default async function setup(): Promise<void> {
  rmSync(FIXTURE_CLIP_DIR, { recursive: true, force: true });
  await bundleEntries();
}
