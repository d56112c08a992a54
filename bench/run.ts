/**
 * `npm run bench` runs every benchmark; `npm run bench -- paging search` runs the named ones.
 * Each benchmark module is loaded only when it runs (after `quiet` has silenced the app's log).
 */
import './quiet';
import { cpus } from 'node:os';
import { formatTable, type Table } from './table';

interface BenchmarkEntry {
  summary: string;
  load: () => Promise<{ run: () => Promise<Table[]> }>;
}

const benchmarks: Record<string, BenchmarkEntry> = {
  paging: { summary: 'gallery pages via listAssets vs hand-written keyset SQL', load: () => import('./paging') },
  search: { summary: 'prompt search (FTS index) vs a LIKE scan', load: () => import('./search') },
  facets: { summary: 'countAssetFacets vs a bare COUNT(*)', load: () => import('./facets') },
  contract: { summary: 'router.dispatch and web-mode HTTP vs direct call and bare servers', load: () => import('./contract') },
  polling: { summary: 'GatewayClient task polling vs a bare undici request', load: () => import('./polling') },
  'demo-media': { summary: 'demo gateway 4K image and 15 s video renders vs flat files', load: () => import('./demo-media') },
  'media-builds': { summary: "image library's WebAssembly build vs native libvips; video facts without ffmpeg", load: () => import('./media-builds') },
  'gallery-scroll': { summary: 'the gallery scrolled through 20,000 items in Chromium vs bare page requests (needs npm run build)', load: () => import('./gallery-scroll') },
};

async function main(): Promise<number> {
  const asked = process.argv.slice(2).filter((arg) => arg !== '--');
  const unknown = asked.filter((name) => !(name in benchmarks));
  if (unknown.length > 0) {
    console.error(`Unknown benchmark: ${unknown.join(', ')}. Choose from:`);
    for (const [name, entry] of Object.entries(benchmarks)) console.error(`  ${name.padEnd(14)} ${entry.summary}`);
    return 2;
  }
  const names = asked.length > 0 ? asked : Object.keys(benchmarks);
  console.log(`Node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}), ${process.platform}/${process.arch}`);
  console.log('median and p95 are per operation; "vs raw" = median / median of the raw baseline, timed in alternating turns with it.\n');

  const started = process.hrtime.bigint();
  try {
    for (const name of names) {
      const entry = benchmarks[name];
      if (!entry) continue;
      const module = await entry.load();
      for (const table of await module.run()) console.log(formatTable(table));
    }
  } finally {
    const { closeSharedLibrary } = await import('./library-fixture');
    closeSharedLibrary();
  }
  console.log(`done in ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(1)} s`);
  return 0;
}

process.exitCode = await main();
