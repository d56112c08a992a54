#!/usr/bin/env node
// `npm run security:scan`: Electronegativity's static review of the app's source (main, preload,
// renderer page) for Electron misconfigurations. Prints every finding; fails on any HIGH or CRITICAL.
// Through its library API, which answers the findings themselves: its CSV report is written by two
// racing writes (the header can land over the first finding), which made the scan fail at random.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const electronVersion = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version;
const run = require('@doyensec/electronegativity');

// It looks up Electron releases and translations online first; offline it says so and goes on.
process.env.LANG = 'en_US.UTF-8';
let result;
try {
  result = await run({
    input: join(root, 'src'),
    output: undefined,
    isSarif: false,
    customScan: [],
    excludeFromScan: [],
    severitySet: undefined,
    confidenceSet: undefined,
    isRelative: true,
    isVerbose: false,
    electronUpgrade: undefined,
    electronVersionOverride: electronVersion,
    parserPlugins: [],
  });
} catch (error) {
  console.error('Electronegativity could not scan the source:', error);
  process.exit(1);
}
const unreadable = result.errors.filter((e) => !e.tolerable);
for (const e of unreadable) console.error(`  could not parse ${e.file}: ${e.message}`);

const findings = result.issues.map((issue) => ({
  check: issue.id,
  severity: issue.severity.name,
  confidence: issue.confidence.name,
  file: issue.file,
  location: `${issue.location.line}:${issue.location.column}`,
  description: issue.description,
}));
const order = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFORMATIONAL'];
findings.sort((a, b) => order.indexOf(a.severity) - order.indexOf(b.severity));
console.log(`Electronegativity (Electron ${electronVersion}) over src/: ${findings.length} findings`);
for (const f of findings) {
  console.log(`  ${f.severity.padEnd(13)} ${f.confidence.padEnd(9)} ${f.check.padEnd(28)} src/${f.file}:${f.location}  ${f.description}`);
}
const blocking = findings.filter((f) => f.severity === 'HIGH' || f.severity === 'CRITICAL');
console.log(blocking.length === 0 ? 'No high-severity finding.' : `${blocking.length} high-severity findings: fix them (see the wiki link of each check).`);
process.exit(blocking.length === 0 && unreadable.length === 0 ? 0 : 1);
