/**
 * Cold open to first page: a new connection to the shared library's file (SQLite's page cache
 * empty; the operating system's file cache is warm, as it is for an artist reopening the studio),
 * the first gallery page read, the connection closed. The app opens it as the studio does
 * (`LibraryDatabase.open`: file modes, WAL, pragmas, the schema check, the search function), the
 * raw baseline with a bare better-sqlite3 `new Database(file)` and the same page by hand.
 */
import Database from 'better-sqlite3';
import { LibraryDatabase, listAssets } from '../src/main/core/library';
import { sized, type BenchContext } from './context';
import { sharedLibrary, LIBRARY_SIZE, QUICK_LIBRARY_SIZE } from './library-fixture';
import { compare } from './measure';
import { distributionPlot } from './plot';
import { rawPage } from './raw-pages';
import type { Table } from './table';

const PAGE = 60;

export async function run(context: BenchContext): Promise<Table[]> {
  const fixture = sharedLibrary(sized(context, LIBRARY_SIZE, QUICK_LIBRARY_SIZE));
  fixture.db.connection.pragma('wal_checkpoint(TRUNCATE)');
  const [raw, app] = await compare(
    [
      {
        label: 'new Database(file) + first page by hand + close',
        operation: () => {
          const connection = new Database(fixture.file);
          try {
            return rawPage(connection, { where: '1', params: [], limit: PAGE + 1 })();
          } finally {
            connection.close();
          }
        },
      },
      {
        label: 'LibraryDatabase.open(file) + listAssets + close',
        operation: () => {
          const db = LibraryDatabase.open(fixture.file);
          try {
            return listAssets(db, { limit: PAGE });
          } finally {
            db.close();
          }
        },
      },
    ],
    { iterations: sized(context, 100, 30), budgetMs: sized(context, 8000, 3000) },
  );
  const plot = context.plot(
    'cold-open',
    distributionPlot({
      title: `Cold open to first page, ${fixture.assets.toLocaleString('en-US')} assets`,
      valueLabel: 'milliseconds per open + first page + close',
      series: [
        { name: 'raw better-sqlite3', values: raw.samplesNs.map((ns) => ns / 1e6) },
        { name: 'LibraryDatabase + listAssets', values: app.samplesNs.map((ns) => ns / 1e6) },
      ],
    }),
  );
  return [
    {
      title: `Library cold open to first page (${fixture.assets.toLocaleString('en-US')} assets, page of ${PAGE})`,
      rows: [{ stats: raw }, { stats: app, raw, target: { ratioAtMost: 1.5, atMost: 150 } }],
      notes: [
        'each call opens a new connection (SQLite page cache empty), reads the first page and closes; the file is in the OS cache',
        'the app adds what the studio does at open: owner-only file modes, WAL and synchronous pragmas, the schema version check, the search function',
        `distribution: ${plot}`,
      ],
    },
  ];
}
