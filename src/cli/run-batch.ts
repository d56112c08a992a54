/**
 * Running a checked jobs file on the job engine: connect, find or create the batch, run it
 * with live progress, and report. Ctrl-C stops submitting, lets submissions on the wire be
 * recorded, and says how to resume.
 */
import { existsSync } from 'node:fs';
import { errorText } from '../shared/contract';
import { GatewayError, InvalidRequestError } from '../main/core/gateway';
import { studioErrorOf } from '../main/core/gateway/routes/failures';
import { JobEngine, pollTimingsFromSettings, type JobEngineEvent, type PollTimingOverrides } from '../main/core/jobs';
import { LibraryDatabase, SqliteUploadCache } from '../main/core/library';
import { prepareLibraryDatabase } from '../main/core/library/database-location';
import { defaultDataDir } from '../main/core/paths';
import { ensurePrivateDir, isSharedWithOthers, PRIVATE_MODES, SHARED_MODES } from '../main/core/private-files';
import { EXIT, type BatchArgs } from './args';
import type { CliIo } from './cli-io';
import type { BatchInput } from './batch-input';
import { BatchJobs } from './batch-jobs';
import { setUpBatch, type BatchSetup } from './batch-setup';
import { API_KEY_VARIABLE, connectGateway, type GatewayConnection } from './gateway-connection';
import { Interruption } from './interruption';
import { libraryInUseProblem } from './library-guard';
import { createProgressView, type ProgressView } from './progress-view';
import { exitCodeFor, jsonResult, summaryLines, totalsOf } from './report';
import { batchSourceKey } from './source-key';

export interface RunBatchContext {
  args: BatchArgs;
  io: CliIo;
  input: BatchInput;
  apiKey: string | undefined;
  libraryRoot: string;
}

/** Environment override of the poll cadence (all families), within the engine's sane bounds. */
const POLL_INTERVAL_VARIABLE = 'ATELIER_POLL_INTERVAL_MS';

function pollTimings(env: NodeJS.ProcessEnv): PollTimingOverrides {
  const value = Number(env[POLL_INTERVAL_VARIABLE]);
  if (!Number.isFinite(value) || value <= 0) return {};
  const timing = { initialDelayMs: value, intervalMs: value };
  return pollTimingsFromSettings({ image: timing, video: timing, character: timing });
}

/** The command that resumes this run (the key stays in the environment). */
function resumeCommand(args: BatchArgs): string {
  const quote = (text: string): string => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);
  const parts = ['npm run atelier -- batch', quote(args.jobsFile)];
  if (args.gateway !== undefined) parts.push('--gateway', quote(args.gateway));
  if (args.library !== undefined) parts.push('--library', quote(args.library));
  parts.push('--concurrency', String(args.concurrency));
  if (args.json) parts.push('--json');
  return parts.join(' ');
}

function describeEvent(event: JobEngineEvent): string | undefined {
  if (event.type === 'queue.changed' && event.paused && event.reason) return `The queue stopped: ${event.reason}`;
  if (event.type === 'batch.changed' && event.reason) return `The batch stopped: ${event.reason}`;
  return undefined;
}

/** Runs the batch until it settles or the user interrupts; returns the exit code. */
export async function runBatch(context: RunBatchContext): Promise<number> {
  const { args, io, input, libraryRoot } = context;
  const note = (message: string): void => {
    io.stderr.write(`${message}\n`);
  };
  const interruption = new Interruption(() => {
    // The progress bar hides the cursor; give it back before leaving mid-draw.
    for (const stream of [io.stdout, io.stderr]) if (stream.isTTY) stream.write('\u001b[?25h\n');
    note('Stopped at once. Jobs caught mid-submission are checked on the next run, never silently sent twice.');
    process.exit(EXIT.interrupted);
  });
  interruption.install(() =>
    note('\nStopping: no new jobs are submitted; submissions already on their way are being recorded (Ctrl-C again to quit at once)...'),
  );
  // Results are the user's alone, unless --library names a folder set up for sharing (another account's, or writable by others).
  const fileModes = isSharedWithOthers(libraryRoot) ? SHARED_MODES : PRIVATE_MODES;
  // The database of this library folder in the data folder, as the studio keeps it (moved there from the folder if needed).
  if (!existsSync(libraryRoot)) ensurePrivateDir(libraryRoot);
  const db = LibraryDatabase.open(prepareLibraryDatabase(defaultDataDir(), libraryRoot).file);
  let connection: GatewayConnection | undefined;
  let engine: JobEngine | undefined;
  try {
    connection = await connectGateway(args.gateway, context.apiKey, new SqliteUploadCache(db));
    if (connection.demo) {
      note(
        `No --gateway given: running against the embedded demo gateway at ${connection.baseUrl}. ` +
          'Results are simulated, nothing is charged, and an interrupted demo run cannot be resumed.',
      );
      if (io.env[API_KEY_VARIABLE]) note(`(${API_KEY_VARIABLE} is used only with --gateway.)`);
    }
    const profileId = connection.demo ? 'cli:demo' : `cli:${connection.baseUrl}`;
    const inUse = libraryInUseProblem(db, profileId, libraryRoot);
    if (inUse !== undefined) {
      note(inUse);
      if (args.json) io.stdout.write(`${JSON.stringify(jsonResult([], { id: null, resumed: false }, [{ line: 0, message: inUse }]))}\n`);
      return EXIT.usage;
    }
    const client = connection.client;
    engine = new JobEngine({
      db,
      libraryRoot,
      connectionFor: (id) => {
        if (id !== profileId) throw new Error(`this command holds no key for the jobs of ${id ?? 'the studio'}`);
        return client;
      },
      queue: { maxActive: args.concurrency, maxActivePerModel: args.concurrency },
      pollTimings: pollTimings(io.env),
      fileModes,
    });
    let setup: BatchSetup;
    try {
      setup = await setUpBatch({
        db,
        engine,
        client,
        input,
        profileId,
        note,
        sourceKey: connection.demo ? null : batchSourceKey(input.path, input.content, connection.baseUrl),
        concurrency: args.concurrency,
        fresh: args.fresh,
        signal: interruption.signal,
      });
    } catch (error) {
      if (interruption.interrupted) {
        note('Interrupted before any job was submitted.');
        if (args.json) io.stdout.write(`${JSON.stringify(jsonResult([], { id: null, resumed: false }))}\n`);
        return EXIT.interrupted;
      }
      // The gateway refused an upload (bad key, unreachable...): say so plainly, nothing was sent.
      if (!(error instanceof GatewayError) && !(error instanceof InvalidRequestError)) throw error;
      // Worded from the same source as the window's messages, in English.
      const message = `Nothing was submitted: ${errorText(studioErrorOf(error))}`;
      note(message);
      if (args.json) io.stdout.write(`${JSON.stringify(jsonResult([], { id: null, resumed: false }, [{ line: 0, message }]))}\n`);
      return EXIT.jobsFailed;
    }
    return await runToEnd(context, db, engine, setup, connection.demo, interruption);
  } finally {
    interruption.uninstall();
    await engine?.stop();
    await connection?.close();
    db.close();
  }
}

async function runToEnd(
  context: RunBatchContext,
  db: LibraryDatabase,
  engine: JobEngine,
  setup: BatchSetup,
  demo: boolean,
  interruption: Interruption,
): Promise<number> {
  const { args, io } = context;
  const human = args.json ? io.stderr : io.stdout;
  const jobs = new BatchJobs(db, context.libraryRoot, setup.origins);
  const refresh = (): void => {
    for (const { jobId } of setup.origins) {
      const view = engine.queries.job(jobId);
      if (view) jobs.apply(view);
    }
  };
  refresh();
  const total = setup.origins.length;
  const view: ProgressView = createProgressView(human, jobs.all());
  view.note(`${setup.resumed ? 'Resumed' : 'Started'} batch ${setup.batch.id}: ${total} job${total === 1 ? '' : 's'} from ${context.input.path}`);
  let settle: () => void = () => undefined;
  const settled = new Promise<void>((resolve) => (settle = resolve));
  const checkSettled = (): void => {
    if (jobs.allEnded()) settle();
  };
  const unsubscribe = engine.onChange((event) => {
    const message = describeEvent(event);
    if (message !== undefined) view.note(message);
    if (event.type !== 'jobs.changed') return;
    for (const changed of event.jobs) {
      const report = jobs.apply(changed);
      if (report) view.update(report, jobs.all());
    }
    checkSettled();
  });
  checkSettled();
  try {
    await engine.start();
    const outcome = await Promise.race([engine.waitForIdle().then(() => 'idle' as const), settled.then(() => 'settled' as const), interruption.requested]);
    await engine.stop();
    refresh();
    view.stop();
    for (const line of jobs.completionNotes()) io.stderr.write(`${line}\n`);
    const reports = jobs.all();
    if (args.json) io.stdout.write(`${JSON.stringify(jsonResult(reports, { id: setup.batch.id, resumed: setup.resumed }))}\n`);
    for (const line of summaryLines(reports)) human.write(`${line}\n`);
    if (outcome === 'interrupted') {
      const totals = totalsOf(reports);
      const notSent = reports.filter((job) => job.status === 'pending').length;
      io.stderr.write(
        `Interrupted: ${totals.total - notSent} of ${totals.total} jobs were sent and are recorded in ${context.libraryRoot}; ${notSent} not sent.\n` +
          (demo
            ? 'The embedded demo gateway stops with this command, so this run cannot be resumed.\n'
            : `Run the same command again to resume; nothing already sent is sent again:\n  ${resumeCommand(args)}\n`),
      );
      return EXIT.interrupted;
    }
    if (reports.some((job) => job.status === 'unknown')) {
      io.stderr.write(
        "Jobs of unknown outcome may have reached the gateway, so they are never resent by themselves (that could charge twice); check the gateway's records before running the file again with --new.\n",
      );
    }
    if (setup.resumed && reports.some((job) => job.status === 'failed' || job.status === 'canceled')) {
      io.stderr.write('A rerun does not retry failed or canceled jobs (each try may be charged); run with --new for a fresh batch of the whole file.\n');
    }
    const waiting = reports.filter((job) => job.status === 'pending').length;
    if (waiting > 0) {
      const reason = engine.queries.pauseReason ?? engine.queries.batch(setup.batch.id)?.note ?? 'the engine stopped before they could be sent';
      io.stderr.write(`${waiting} job${waiting === 1 ? ' was' : 's were'} not sent: ${reason}\n`);
    }
    return exitCodeFor(reports);
  } finally {
    unsubscribe();
    view.stop();
  }
}
