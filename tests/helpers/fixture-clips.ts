/**
 * Where the demo gateway keeps its fixture clips during a test run (`ATELIER_DEMO_FIXTURE_CLIPS`,
 * set in vitest.config.ts and inherited by child processes): each clip is encoded once per run,
 * not once per demo gateway and process. The integration project's global setup empties it.
 */
import { join, resolve } from 'node:path';

export const FIXTURE_CLIP_DIR = join(resolve(import.meta.dirname, '../..'), '.tmp', 'fixture-clips');
