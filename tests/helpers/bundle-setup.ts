// Global setup of the integration project, once per run: bundles the programs tests start as child processes, and
// empties the folder of the demo gateway's fixture clips (vitest.config.ts), so this run encodes each clip once, with
// this run's encoder.
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { bundleEntries } from './bundled-entries';

export default async function setup(project: TestProject): Promise<void> {
  const clips = project.config.env.ATELIER_DEMO_FIXTURE_CLIPS;
  if (clips !== undefined && clips !== '') rmSync(clips, { recursive: true, force: true });
  await bundleEntries();
}
