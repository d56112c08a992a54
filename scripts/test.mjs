#!/usr/bin/env node
// `npm test`: type-check, lint, build, unit, renderer and integration tests, the end-to-end smoke tests, packaging check
// and security scan. `npm run test:all` (what CI runs) is the same with every end-to-end test instead of the smoke tests.
// Stages run side by side (each one's output is printed whole when it ends); every stage runs even after a failure, so
// one run shows everything, and the exit code is non-zero if any failed. The summary gives each stage's wall and CPU time.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareTestMachine } from './test-machine.mjs';
import { lastLinesOf, playwrightCounts, playwrightProblems, readReport, vitestCounts, vitestProblems } from './test-reports.mjs';

// The browsers and the font the tests need from the machine, installed first where this user may; otherwise it stops
// here with the command to run (scripts/test-machine.mjs).
const notReady = await prepareTestMachine();
if (notReady !== undefined) process.exit(notReady);

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, '.tmp', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const bin = (name) => join(root, 'node_modules', '.bin', name);

/**
 * `--all`: every end-to-end test. Without it only those tagged `@smoke`: the built studio opened in
 * Chromium through its launch address, its content policy, one image made from the form and found
 * in the gallery, and the Electron shell where its runtime exists. The whole browser suite costs
 * about twice the CPU time of everything else together, which on two cores would make `npm test`
 * take three times as long; CI runs it (`.ci/run`), as does `npm run test:e2e` on its own.
 */
const everyEndToEndTest = process.argv.includes('--all');
const vitestJson = join(reports, 'vitest.json');

/** The vitest projects, and which files are whose (for the counts of each). */
const projects = [
  { name: 'unit', owns: (file) => file.startsWith('src/') || file.startsWith('scripts/') || file.startsWith('bench/') },
  { name: 'renderer-isolated', owns: (file) => file.startsWith('tests/renderer/') && file.endsWith('.isolated.test.tsx') },
  { name: 'renderer', owns: (file) => file.startsWith('tests/renderer/') },
  { name: 'integration', owns: (file) => file.startsWith('tests/integration/') },
];

/**
 * Every stage starts as soon as the stages it comes `after` have ended (whether they passed or
 * not). The checks (`background`) are CPU work that waits on nothing: they run at a lower
 * priority, so they take the cores only while the tests wait on sockets, timers, browsers and
 * child processes, and a test's deadline never competes with the type-checker or the linter.
 * The three vitest projects share one pool of workers; end-to-end and packaging need the build.
 */
const stages = [
  { name: 'type-check', background: true, command: ['npm', ['run', '-s', 'typecheck']] },
  // `npm run lint`'s four parts side by side: each would otherwise wait for the one before.
  { name: 'lint', background: true, command: ['npm', ['run', '-s', 'lint:code']] },
  { name: 'type-aware lint', background: true, command: ['npm', ['run', '-s', 'lint:types']] },
  { name: 'format check', background: true, command: ['npm', ['run', '-s', 'format:check']] },
  { name: 'unused exports', background: true, command: [bin('knip'), []] },
  { name: 'build', command: ['npm', ['run', '-s', 'build']] },
  {
    name: 'unit, renderer and integration tests',
    command: [
      bin('vitest'),
      ['run', ...projects.flatMap((p) => ['--project', p.name]), '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
    ],
    counts: () => vitestCounts(readJson('vitest.json'), root, projects),
    problems: () => vitestProblems(readJson('vitest.json'), root),
  },
  {
    name: everyEndToEndTest ? 'end-to-end' : 'end-to-end (smoke)',
    after: ['build'],
    // One retry: a test that fails and then passes counts as passed but is named in the summary ("only on a retry"),
    // so a load-dependent failure is seen and fixed without refusing the whole run.
    command: [bin('playwright'), ['test', '--reporter=list,json', '--retries=1', ...(everyEndToEndTest ? [] : ['--grep', '@smoke'])]],
    // The review screenshots are left to `npm run test:e2e` (tests/e2e/support/screenshots.ts): no test reads them.
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'e2e.json'), ATELIER_E2E_SCREENSHOTS: 'off' },
    counts: () => ({ 'end-to-end': playwrightCounts(readJson('e2e.json')) }),
    problems: () => playwrightProblems(readJson('e2e.json')),
  },
  {
    name: 'packaging',
    after: ['build'],
    command: [
      bin('vitest'),
      ['run', '--project', 'packaging', '--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, 'packaging.json')}`],
    ],
    counts: () => ({ packaging: countsOf(readJson('packaging.json')) }),
    problems: () => vitestProblems(readJson('packaging.json'), root),
  },
  { name: 'security scan', background: true, command: [process.execPath, [join(root, 'scripts/security-scan.mjs')]] },
];

const started = process.hrtime.bigint();
const machineBusyAtStart = busySecondsOfMachine();
const ended = new Map();
const running = new Map();
await Promise.all(stages.map((stage) => start(stage)));
const summary = stages.map((stage) => ended.get(stage.name));

console.log('\n=== summary ===');
const totals = { passed: 0, failed: 0, skipped: 0 };
for (const { stage, ok, counts, startS, wallS, cpuS } of summary) {
  const cpu = cpuS === undefined ? '' : `, ${cpuS.toFixed(0)} s CPU`;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${stage} (from ${startS.toFixed(0)} s: ${wallS.toFixed(0)} s wall${cpu})`);
  for (const [name, count] of Object.entries(counts ?? {})) {
    const flaky = count.flaky ? ` (${count.flaky} only on a retry)` : '';
    console.log(`       ${name}: ${count.passed} passed${flaky}, ${count.failed} failed, ${count.skipped} skipped`);
    for (const key of Object.keys(totals)) totals[key] += count[key];
  }
}
const problems = summary.flatMap((s) => s.problems ?? []);
if (problems.length > 0) console.log(`what failed, or passed only on a retry:\n${problems.map((p) => `  ${p}`).join('\n')}`);
const cpuTotal = summary.every((s) => s.cpuS !== undefined) ? `, ${summary.reduce((sum, s) => sum + s.cpuS, 0).toFixed(0)} s CPU` : '';
// A stage's CPU time misses the browser's renderer processes (they are not its children by the time they end): the machine's is the whole.
const machineBusy = busySecondsOfMachine();
const machineTotal =
  machineBusy === undefined || machineBusyAtStart === undefined ? '' : ` (${(machineBusy - machineBusyAtStart).toFixed(0)} s on the whole machine)`;
console.log(`time: ${secondsSince(started).toFixed(0)} s wall${cpuTotal}${machineTotal}`);
// A stage that failed without reporting test failures (type errors, lint, build) still counts as one failure.
const failed = totals.failed + summary.filter((s) => !s.ok && !Object.values(s.counts ?? {}).some((c) => c.failed > 0)).length;
console.log(`${totals.passed} passed, ${failed} failed, ${totals.skipped} skipped`);
process.exit(summary.every((s) => s.ok) ? 0 : 1);

/** Seconds every core of this machine spent busy since boot (Linux's /proc/stat; undefined elsewhere). */
function busySecondsOfMachine() {
  try {
    const [user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return (user + nice + system + irq + softirq) / 100;
  } catch {
    return undefined;
  }
}

function secondsSince(start) {
  return Number(process.hrtime.bigint() - start) / 1e9;
}

/** Runs a stage once the stages it comes after have ended; resolves when it ends. */
function start(stage) {
  if (!running.has(stage.name)) {
    const before = (stage.after ?? []).map((name) => start(stages.find((candidate) => candidate.name === name)));
    running.set(
      stage.name,
      Promise.all(before).then(() => runStage(stage)),
    );
  }
  return running.get(stage.name);
}

/** Runs one stage with its output collected, printed whole when it ends (stages side by side would interleave). */
function runStage(stage) {
  const [command, args] = stage.command;
  const startS = secondsSince(started);
  const cpuReport = `${stage.name.replaceAll(/\W+/g, '-')}.cpu.json`;
  console.log(`--- ${stage.name}: started at ${startS.toFixed(0)} s`);
  return new Promise((resolve) => {
    const timed = [join(root, 'scripts/run-timed.mjs'), join(reports, cpuReport), command, ...args];
    const env = { ...process.env, ...stage.env, ...(stage.background ? { RUN_TIMED_NICENESS: '10' } : {}) };
    const child = spawn(process.execPath, timed, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      console.log(`\n=== ${stage.name} ===`);
      const printed = Buffer.concat(output);
      process.stdout.write(printed);
      const { cpuS } = readJson(cpuReport) ?? {};
      // A stage that failed with no failed test to name (types, lint, formatting, a crash) is quoted by the end of what it printed.
      const reported = stage.problems?.() ?? [];
      const problems = code !== 0 && reported.length === 0 ? lastLinesOf(printed.toString(), stage.name) : reported;
      ended.set(stage.name, {
        stage: stage.name,
        ok: code === 0,
        counts: stage.counts?.(),
        problems,
        startS,
        wallS: secondsSince(started) - startS,
        cpuS,
      });
      resolve();
    });
  });
}

function readJson(file) {
  return readReport(reports, file);
}

function countsOf(report) {
  if (!report) return { passed: 0, failed: 0, skipped: 0 };
  return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
}
