/**
 * `npm run bench` runs every benchmark; `npm run bench -- paging search` runs the named ones;
 * `--quick` runs a smaller version of each (under two minutes). Each figure is printed beside
 * its raw baseline and the ratio (and the target it should meet, where there is one); the run is
 * written to bench/results.json (in place of the same benchmarks' earlier figures), plots to bench/plots/. Benchmark modules are loaded only when
 * they run (after `quiet` has silenced the app's log).
 */
import './quiet';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { BenchContext, BenchmarkModule } from './context';
import { elapsedMs } from './measure';
import { finishMachineFacts, machineFacts, recordTable, tallyTargets, type BenchmarkRecord, type RunRecord } from './results';
import { mergeResults, readResultsFile } from './results-file';
import { formatTable } from './table';

interface BenchmarkEntry {
  summary: string;
  /** Starts the built app (`out/`): the run builds it first. */
  needsBuild?: boolean;
  load: () => Promise<BenchmarkModule>;
}

const ROOT = join(import.meta.dirname, '..');
const RESULTS_FILE = join(ROOT, 'bench', 'results.json');
const PLOTS_FOLDER = join(ROOT, 'bench', 'plots');

/** In the order they run: the library's first (they share one seeded library), the slow media ones last. */
const benchmarks: Record<string, BenchmarkEntry> = {
  'library-open': { summary: 'cold open of the library to its first page vs raw better-sqlite3 on the same file', load: () => import('./library-open') },
  paging: { summary: 'gallery pages (first, deep, filtered) via listAssets vs hand-written keyset SQL', load: () => import('./paging') },
  search: { summary: 'prompt search via listAssets vs the same FTS query by hand and a LIKE scan', load: () => import('./search') },
  facets: { summary: 'countAssetFacets vs a bare COUNT(*)', load: () => import('./facets') },
  'prompt-history': { summary: 'the prompt history Create asks for as it opens vs the newest jobs read by hand', load: () => import('./prompt-history') },
  'library-rebuild': {
    summary: 'a library folder without its database: 100,000 results read back from their sidecars, first page and total, vs reading the files',
    load: () => import('./library-rebuild'),
  },
  startup: { summary: 'web mode from process start to the first gallery page served, 100,000 items', needsBuild: true, load: () => import('./startup') },
  transfers: { summary: 'a 200 MB result download and a 10 MB reference upload vs raw undici, with peak memory', load: () => import('./transfers') },
  ingest: {
    summary: 'a burst of finished tasks ingested (download, thumbnail, poster, row, sidecar) vs sharp and ffmpeg alone',
    load: () => import('./ingest'),
  },
  contract: { summary: 'router.dispatch and web-mode HTTP vs direct call and bare servers', load: () => import('./contract') },
  polling: { summary: 'GatewayClient task polling vs a bare undici request', load: () => import('./polling') },
  'engine-load': {
    summary: 'the job engine with 1,000 tasks in flight: polls vs the advised cadences, CPU, event-loop delay, latency, memory',
    load: () => import('./engine-load'),
  },
  'demo-media': { summary: 'demo gateway 4K image and 15 s video renders vs flat files', load: () => import('./demo-media') },
  'media-builds': { summary: "image library's WebAssembly build vs native libvips; video facts without ffmpeg", load: () => import('./media-builds') },
  'gallery-scroll': {
    summary: 'the gallery scrolled through 20,000 items in Chromium vs bare page requests',
    needsBuild: true,
    load: () => import('./gallery-scroll'),
  },
  'gallery-frames': {
    summary: 'gallery frame times, first thumbnails and search in Chromium over 100,000 items with thumbnails vs a bare virtualised grid',
    needsBuild: true,
    load: () => import('./gallery-frames'),
  },
};

function parseArguments(argv: readonly string[]): { names: string[]; quick: boolean; noBuild: boolean; unknown: string[] } {
  const words = argv.filter((arg) => arg !== '--');
  const quick = words.includes('--quick');
  // The app already in out/ (an earlier commit's build, for a before-and-after).
  const noBuild = words.includes('--no-build');
  const asked = words.filter((word) => word !== '--quick' && word !== '--no-build');
  return { names: asked.length > 0 ? asked : Object.keys(benchmarks), quick, noBuild, unknown: asked.filter((name) => !(name in benchmarks)) };
}

/** `npm run build`, once, when a chosen benchmark starts the built app. */
function build(): void {
  console.log('building the app for the benchmarks that start it (electron-vite build)...');
  const built = spawnSync(process.execPath, [join(ROOT, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error('the build failed; see the messages above');
}

function contextFor(name: string, quick: boolean, plots: string[]): BenchContext {
  return {
    quick,
    plot: (plotName, svg) => {
      mkdirSync(PLOTS_FOLDER, { recursive: true });
      const file = join(PLOTS_FOLDER, `${name}-${plotName}.svg`);
      writeFileSync(file, svg);
      const path = relative(ROOT, file);
      plots.push(path);
      return path;
    },
  };
}

async function runOne(name: string, entry: BenchmarkEntry, quick: boolean): Promise<BenchmarkRecord> {
  const started = process.hrtime.bigint();
  const record: BenchmarkRecord = { name, summary: entry.summary, seconds: 0, tables: [], plots: [] };
  try {
    const module = await entry.load();
    for (const table of await module.run(contextFor(name, quick, record.plots))) {
      console.log(formatTable(table));
      record.tables.push(recordTable(table));
    }
  } catch (error) {
    record.error = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.log(`!! ${name} did not finish: ${record.error}\n`);
  }
  record.seconds = Number((elapsedMs(started) / 1000).toFixed(1));
  return record;
}

async function main(): Promise<number> {
  const { names, quick, noBuild, unknown } = parseArguments(process.argv.slice(2));
  if (unknown.length > 0) {
    console.error(`Unknown benchmark: ${unknown.join(', ')}. Choose from (and --quick for a smaller run):`);
    for (const [name, entry] of Object.entries(benchmarks)) console.error(`  ${name.padEnd(14)} ${entry.summary}`);
    return 2;
  }
  const machine = machineFacts();
  console.log(
    `Node ${machine.node}, ${machine.cores} CPUs (${machine.cpuModel}), ${machine.platform}, load average ${machine.loadAverageAtStart.join(' ')}${quick ? ', quick run' : ''}`,
  );
  console.log('median and p95 are per operation; "vs raw" = median / median of the raw baseline, timed in alternating turns with it.\n');

  const started = process.hrtime.bigint();
  const records: BenchmarkRecord[] = [];
  try {
    if (!noBuild && names.some((name) => benchmarks[name]?.needsBuild === true)) build();
    for (const name of names) {
      const entry = benchmarks[name];
      if (entry) records.push(await runOne(name, entry, quick));
    }
  } finally {
    const { closeSharedLibrary } = await import('./library-fixture');
    closeSharedLibrary();
  }
  const seconds = Number((elapsedMs(started) / 1000).toFixed(1));
  const run: RunRecord = {
    machine: finishMachineFacts(machine),
    quick,
    command: ['npm run bench', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2).filter((arg) => arg !== '--')] : [])].join(' '),
    seconds,
    benchmarks: records,
    targets: tallyTargets(records),
  };
  // The file keeps the latest figures of every benchmark: this run replaces only its own.
  const file = mergeResults(readResultsFile(RESULTS_FILE), run, Object.keys(benchmarks));
  writeFileSync(RESULTS_FILE, `${JSON.stringify(file, null, 2)}\n`);
  console.log(
    `targets of this run: ${run.targets.met} met, ${run.targets.missed} missed${run.targets.missed > 0 ? `:\n  ${run.targets.missedList.join('\n  ')}` : ''}`,
  );
  console.log(
    `done in ${seconds} s; written to ${relative(ROOT, RESULTS_FILE)}${records.some((record) => record.plots.length > 0) ? ` and ${relative(ROOT, PLOTS_FOLDER)}/` : ''}`,
  );
  return records.some((record) => record.error !== undefined) ? 1 : 0;
}

process.exitCode = await main();
