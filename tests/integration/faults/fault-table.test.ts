/**
 * The fault table (see fault-table.ts). `npm test` runs the rows marked short with a short
 * outage; `npm run test:faults` (ATELIER_FAULT_TABLE=full) runs every row with the one-minute
 * outage and writes the table to `.tmp/fault-table.md` for `docs/reliability.md`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { FAULT_ROWS, formatTable, runFaultRow, type Mode, type RowResult } from './fault-table';

const mode: Mode = process.env.ATELIER_FAULT_TABLE === 'full' ? 'full' : 'short';
const rows = FAULT_ROWS.filter((row) => mode === 'full' || row.short);
const results: RowResult[] = [];

afterAll(() => {
  const table = formatTable(results);
  mkdirSync('.tmp', { recursive: true });
  writeFileSync(`.tmp/fault-table-${mode}.md`, `${table}\n`);
  process.stdout.write(`\nFault table (${mode}):\n${table}\n`);
});

describe(`the fault table (${mode})`, () => {
  it.each(rows.map((row) => [row.fault, row] as const))(
    '%s: nothing lost, nothing paid twice',
    async (_name, row) => {
      const result = await runFaultRow(row, mode);
      results.push(result);
      expect(result.lostStates, 'jobs neither completed nor failed for a reason the fault explains').toEqual([]);
      expect(result.unexercised, 'answers the fault should have changed').toEqual([]);
      expect(result.duplicates, 'submissions paid twice').toBe(0);
      expect(result.completed + result.failedCorrectly).toBe(result.jobs);
    },
    180_000,
  );
});
