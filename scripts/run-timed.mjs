#!/usr/bin/env node
// `node scripts/run-timed.mjs <report.json> <command> [args...]`: runs the command with this process's output and exit code,
// then writes the CPU time (user + system) of it and everything it waited for to the report. npm test runs each stage this
// way, as stages run side by side and only a stage's own parent can tell its CPU time from the others'.
// With RUN_TIMED_NICENESS set, the command runs at that lower priority (it and everything it starts).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';

const [report, command, ...args] = process.argv.slice(2);
const { RUN_TIMED_NICENESS: niceness, ...env } = process.env;
if (niceness !== undefined) {
  try {
    setPriority(Number(niceness));
  } catch {
    // Where priorities cannot be changed the stage runs at the usual one.
  }
}
const result = spawnSync(command, args, { stdio: 'inherit', env });
if (result.error) console.error(result.error.message);
try {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  // cutime and cstime (fields 16 and 17 of stat; 14th and 15th after the name), in clock ticks of 1/100 s.
  writeFileSync(report, JSON.stringify({ cpuS: (Number(fields[13]) + Number(fields[14])) / 100 }));
} catch {
  // No /proc (not Linux): the summary shows wall time only.
}
process.exit(result.status ?? 1);
