#!/usr/bin/env node
// `npm run security:scan`: Electronegativity's static review of the app's source (main, preload,
// renderer page) for Electron misconfigurations. Prints every finding; fails on any HIGH or CRITICAL.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const electronVersion = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version;
const report = join(root, '.tmp', 'electronegativity.csv');
mkdirSync(dirname(report), { recursive: true });
rmSync(report, { force: true });

// It looks up Electron releases and translations online first; offline it says so and goes on.
const scan = spawnSync(
  process.execPath,
  [require.resolve('@doyensec/electronegativity/dist/index.js'), '-i', join(root, 'src'), '-r', '-e', electronVersion, '-o', report],
  { cwd: root, encoding: 'utf8', env: { ...process.env, LANG: 'en_US.UTF-8' } },
);
let rows;
try {
  rows = parseCsv(readFileSync(report, 'utf8')).slice(1);
} catch {
  console.error(scan.stdout, scan.stderr);
  console.error('Electronegativity wrote no report.');
  process.exit(1);
}

const findings = rows.map(([check, severity, confidence, file, location, , description]) => ({ check, severity, confidence, file, location, description }));
const order = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFORMATIONAL'];
findings.sort((a, b) => order.indexOf(a.severity) - order.indexOf(b.severity));
console.log(`Electronegativity (Electron ${electronVersion}) over src/: ${findings.length} findings`);
for (const f of findings) {
  console.log(`  ${f.severity.padEnd(13)} ${f.confidence.padEnd(9)} ${f.check.padEnd(28)} src/${f.file}:${f.location}  ${f.description}`);
}
const blocking = findings.filter((f) => f.severity === 'HIGH' || f.severity === 'CRITICAL');
console.log(blocking.length === 0 ? 'No high-severity finding.' : `${blocking.length} high-severity findings: fix them (see the wiki link of each check).`);
process.exit(blocking.length === 0 ? 0 : 1);

/** RFC 4180 CSV: quoted fields may hold commas, quotes (doubled) and newlines. */
function parseCsv(text) {
  const out = [];
  let row = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field.trim());
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n') {
      endField();
      out.push(row);
      row = [];
    } else if (c !== '\r') field += c;
  }
  if (field !== '' || row.length > 0) {
    endField();
    out.push(row);
  }
  return out.filter((r) => r.length > 1);
}
