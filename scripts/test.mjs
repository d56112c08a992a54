#!/usr/bin/env node
// `npm test`: type-check, lint, build, unit, renderer and integration tests, packaging check, security scan and end-to-end tests.
// The stages of one step run side by side (each one's output is printed whole when it ends); every stage runs even after a
// failure, so one run shows everything, and the exit code is non-zero if any failed. The summary times each stage and step.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, '.tmp', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const bin = (name) => join(root, 'node_modules', '.bin', name);
const vitestJson = join(reports, 'vitest.json');

/** The vitest projects, and which files are whose (for the counts of each). */
const projects = [
  { name: 'unit', owns: (file) => file.startsWith('src/') },
  { name: 'renderer', owns: (file) => file.startsWith('tests/renderer/') },
  { name: 'integration', owns: (file) => file.startsWith('tests/integration/') },
];

/**
 * Steps run one after another; the stages of a step run at the same time. The checks are CPU work
 * that waits on nothing, so they fill the time the tests spend waiting on sockets, timers and
 * child processes; the three vitest projects share one pool of workers. The packaging check and
 * the end-to-end tests need the build.
 */
const steps = [
  [
    { name: 'type-check', command: ['npm', ['run', '-s', 'typecheck']] },
    { name: 'lint', command: ['npm', ['run', '-s', 'lint']] },
    { name: 'build', command: ['npm', ['run', '-s', 'build']] },
    {
      name: 'unit, renderer and integration tests',
      command: [bin('vitest'), ['run', ...projects.flatMap((p) => ['--project', p.name]), '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]],
      counts: vitestCounts,
    },
  ],
  [
    {
      name: 'end-to-end',
      command: [bin('playwright'), ['test', '--reporter=list,json']],
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'e2e.json') },
      counts: () => ({ 'end-to-end': playwrightCounts() }),
    },
    {
      name: 'packaging',
      command: [bin('vitest'), ['run', '--project', 'packaging', '--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, 'packaging.json')}`]],
      counts: () => ({ packaging: countsOf(readJson('packaging.json')) }),
    },
    { name: 'security scan', command: [process.execPath, [join(root, 'scripts/security-scan.mjs')]] },
  ],
];

const started = process.hrtime.bigint();
const summary = [];
const stepTimes = [];
for (const step of steps) {
  const cpuBefore = childrenCpuSeconds();
  const began = process.hrtime.bigint();
  summary.push(...(await Promise.all(step.map(runStage))));
  const cpuAfter = childrenCpuSeconds();
  stepTimes.push({ names: step.map((stage) => stage.name).join(' + '), wallS: secondsSince(began), cpuS: cpuAfter === undefined ? undefined : cpuAfter - cpuBefore });
}

console.log('\n=== summary ===');
const totals = { passed: 0, failed: 0, skipped: 0 };
for (const { stage, ok, counts, wallS } of summary) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${stage} (${wallS.toFixed(0)} s)`);
  for (const [name, count] of Object.entries(counts ?? {})) {
    console.log(`       ${name}: ${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped`);
    for (const key of Object.keys(totals)) totals[key] += count[key];
  }
}
for (const { names, wallS, cpuS } of stepTimes) console.log(`time: ${names}: ${wallS.toFixed(0)} s wall${cpuS === undefined ? '' : `, ${cpuS.toFixed(0)} s CPU`}`);
console.log(`time: all: ${secondsSince(started).toFixed(0)} s wall`);
// A stage that failed without reporting test failures (type errors, lint, build) still counts as one failure.
const failed = totals.failed + summary.filter((s) => !s.ok && !Object.values(s.counts ?? {}).some((c) => c.failed > 0)).length;
console.log(`${totals.passed} passed, ${failed} failed, ${totals.skipped} skipped`);
process.exit(summary.every((s) => s.ok) ? 0 : 1);

function secondsSince(start) {
  return Number(process.hrtime.bigint() - start) / 1e9;
}

/** Runs one stage with its output collected, printed whole when it ends (the stages of a step would interleave). */
function runStage(stage) {
  const [command, args] = stage.command;
  const began = process.hrtime.bigint();
  console.log(`--- ${stage.name}: started`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...stage.env } });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      console.log(`\n=== ${stage.name} ===`);
      process.stdout.write(Buffer.concat(output));
      resolve({ stage: stage.name, ok: code === 0, counts: stage.counts?.(), wallS: secondsSince(began) });
    });
  });
}

/** User and system time of this process's finished children, from /proc (Linux); undefined elsewhere. */
function childrenCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // cutime and cstime (fields 16 and 17 of stat; 14th and 15th after the name), in clock ticks of 1/100 s.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(join(reports, file), 'utf8'));
  } catch {
    return undefined;
  }
}

function countsOf(report) {
  if (!report) return { passed: 0, failed: 0, skipped: 0 };
  return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
}

/** Counts of each vitest project, from the one report of the shared run. */
function vitestCounts() {
  const report = readJson('vitest.json');
  const counts = Object.fromEntries(projects.map((p) => [p.name, { passed: 0, failed: 0, skipped: 0 }]));
  for (const file of report?.testResults ?? []) {
    const relative = file.name.slice(root.length + 1).replaceAll('\\', '/');
    const project = projects.find((p) => p.owns(relative));
    if (!project) continue;
    for (const test of file.assertionResults) {
      const count = counts[project.name];
      if (test.status === 'passed') count.passed += 1;
      else if (test.status === 'failed') count.failed += 1;
      else count.skipped += 1;
    }
  }
  return counts;
}

function playwrightCounts() {
  const stats = readJson('e2e.json')?.stats;
  if (!stats) return { passed: 0, failed: 0, skipped: 0 };
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
}
