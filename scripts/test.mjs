#!/usr/bin/env node
// `npm test`: type-check, lint, unit, renderer, integration, build, packaging check, security scan and end-to-end tests, in that order.
// Every stage runs even after a failure so one run shows everything; the exit code is non-zero if any failed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, '.tmp', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const bin = (name) => join(root, 'node_modules', '.bin', name);
const vitest = (project) => [bin('vitest'), ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, `${project}.json`)}`]];

const stages = [
  { name: 'type-check', command: ['npm', ['run', '-s', 'typecheck']] },
  { name: 'lint', command: ['npm', ['run', '-s', 'lint']] },
  { name: 'unit', command: vitest('unit'), counts: () => vitestCounts('unit') },
  { name: 'renderer', command: vitest('renderer'), counts: () => vitestCounts('renderer') },
  { name: 'integration', command: vitest('integration'), counts: () => vitestCounts('integration') },
  { name: 'build', command: ['npm', ['run', '-s', 'build']] },
  { name: 'packaging', command: vitest('packaging'), counts: () => vitestCounts('packaging') },
  { name: 'security scan', command: [process.execPath, [join(root, 'scripts/security-scan.mjs')]] },
  {
    name: 'end-to-end',
    command: [bin('playwright'), ['test', '--reporter=list,json']],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'e2e.json') },
    counts: playwrightCounts,
  },
];

const totals = { passed: 0, failed: 0, skipped: 0 };
const summary = [];
for (const stage of stages) {
  console.log(`\n=== ${stage.name} ===`);
  const [command, args] = stage.command;
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...stage.env } });
  const ok = result.status === 0;
  const counts = stage.counts?.();
  if (counts) for (const key of Object.keys(totals)) totals[key] += counts[key];
  summary.push({ stage: stage.name, ok, counts });
}

console.log('\n=== summary ===');
for (const { stage, ok, counts } of summary) {
  const detail = counts ? ` (${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped)` : '';
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${stage}${detail}`);
}
const allOk = summary.every((s) => s.ok);
// A stage that failed without reporting test failures (type errors, lint, build) still counts as one failure.
const failed = totals.failed + summary.filter((s) => !s.ok && !(s.counts?.failed > 0)).length;
console.log(`${totals.passed} passed, ${failed} failed, ${totals.skipped} skipped`);
process.exit(allOk ? 0 : 1);

function readJson(file) {
  try {
    return JSON.parse(readFileSync(join(reports, file), 'utf8'));
  } catch {
    return undefined;
  }
}

function vitestCounts(project) {
  const report = readJson(`${project}.json`);
  if (!report) return { passed: 0, failed: 0, skipped: 0 };
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

function playwrightCounts() {
  const stats = readJson('e2e.json')?.stats;
  if (!stats) return { passed: 0, failed: 0, skipped: 0 };
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
}
