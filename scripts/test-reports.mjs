// Reads the JSON reports of vitest and Playwright for `npm test`'s summary: the counts of each project, and the
// tests that failed or passed only on a retry, named with the first line of their error. CI keeps only the end of
// the output, so the summary, not the stage's full output, must say which test failed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function readReport(folder, file) {
  try {
    return JSON.parse(readFileSync(join(folder, file), 'utf8'));
  } catch {
    return undefined;
  }
}

/** Counts of each vitest project from one report; `projects` say which files are whose. */
export function vitestCounts(report, root, projects) {
  const counts = Object.fromEntries(projects.map((p) => [p.name, { passed: 0, failed: 0, skipped: 0 }]));
  for (const file of report?.testResults ?? []) {
    const project = projects.find((p) => p.owns(relativeTo(root, file.name)));
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

/** The failed tests of a vitest report, and files that failed before any test ran (an import error). */
export function vitestProblems(report, root) {
  const problems = [];
  for (const file of report?.testResults ?? []) {
    const where = relativeTo(root, file.name);
    const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failedTests) problems.push(`failed  ${where} › ${test.fullName}: ${vitestError(test.failureMessages?.[0])}`);
    if (file.status === 'failed' && failedTests.length === 0) problems.push(`failed  ${where}: ${firstLine(file.message)}`);
  }
  return problems;
}

export function playwrightCounts(report) {
  const stats = report?.stats;
  if (!stats) return { passed: 0, failed: 0, skipped: 0, flaky: 0 };
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped, flaky: stats.flaky };
}

/** Playwright tests that failed, or failed first and passed on a retry ("flaky"), each with its first error. */
export function playwrightProblems(report) {
  const problems = [];
  const visit = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results?.find((result) => result.error)?.error?.message;
        const label = test.status === 'flaky' ? 'flaky ' : 'failed';
        problems.push(`${label}  ${file}:${spec.line} › ${spec.title}: ${firstLine(error)}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, child.file ?? file);
  };
  for (const suite of report?.suites ?? []) visit(suite, suite.file);
  return problems;
}

function relativeTo(root, file) {
  return file.slice(root.length + 1).replaceAll('\\', '/');
}

/** The last lines a stage printed, for a failure no report names (a type error, a lint finding), each led by the stage's name. */
export function lastLinesOf(text, stage, count = 6) {
  const lines = withoutColours(text)
    .split('\n')
    .filter((line) => line.trim() !== '');
  return lines.slice(-count).map((line) => `${stage}: ${line.trim().slice(0, 240)}`);
}

/**
 * The first line of a vitest failure. A test or hook past its deadline reaches the report as the stack of vitest's
 * placeholder error (its message and the placeholder's are swapped), so it reads "Error: STACK_TRACE_ERROR": said plainly.
 */
function vitestError(message) {
  const line = firstLine(message);
  return line === 'Error: STACK_TRACE_ERROR' ? 'timed out (vitest reports its deadline as "Error: STACK_TRACE_ERROR")' : line;
}

// Error messages carry terminal colours and long call logs; one plain line is enough to find the test.
function firstLine(message) {
  const plain = withoutColours(String(message ?? 'no message'));
  const line = plain.split('\n').find((l) => l.trim() !== '') ?? plain;
  return line.trim().slice(0, 240);
}

function withoutColours(text) {
  // eslint-disable-next-line no-control-regex
  return text.replaceAll(/\u001b\[[0-9;]*m/g, '');
}
