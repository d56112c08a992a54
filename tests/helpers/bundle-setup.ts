// Global setup of the integration project: bundles the programs tests start as child processes, once per run.
import { bundleEntries } from './bundled-entries';

export default async function setup(): Promise<void> {
  await bundleEntries();
}
