#!/usr/bin/env node
// `node scripts/run-timed.mjs <report.json> <command> [args...]`: runs the command with this process's output and exit code,
// then writes the CPU time (user + system) of it and everything it waited for to the report. npm test runs each stage this
// way, as stages run side by side and only a stage's own parent can tell its CPU time from the others'.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const [report, command, ...args] = process.argv.slice(2);
const result = spawnSync(command, args, { stdio: 'inherit' });
if (result.error) console.error(result.error.message);
try {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  // cutime and cstime (fields 16 and 17 of stat; 14th and 15th after the name), in clock ticks of 1/100 s.
  writeFileSync(report, JSON.stringify({ cpuS: (Number(fields[13]) + Number(fields[14])) / 100 }));
} catch {
  // No /proc (not Linux): the summary shows wall time only.
}
process.exit(result.status ?? 1);
