/**
 * The job engine with 1,000 tasks in flight (200 with `--quick`) across image, video and
 * character families, polled at the interface's advised cadences against the demo gateway in a
 * process of its own (engine-gateway.ts). Polls are counted where they arrive (the gateway's
 * admin stats) and set against the fewest the cadences allow (engine-plan.ts); this process's
 * CPU, event-loop delay, memory and the latency of a window's `settings.get` call are sampled
 * while it runs, against the same process idle before the run.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { GatewayClient } from '../src/main/core/gateway/client';
import { JobEngine, type EngineJobInput } from '../src/main/core/jobs';
import { LibraryDatabase } from '../src/main/core/library';
import { createTestStudio } from '../tests/helpers/studio';
import { sized, type BenchContext } from './context';
import type { GatewayAddress } from './engine-gateway';
import { cpuMicros, LoopDelayMonitor, pollsAtGateway, sampleUntil, SAMPLE_EVERY_MS, takeSample, type LoopDelay, type Sample } from './engine-probe';
import { characterJob, describeCadences, familyOf, FULL_PLAN, imageJob, minimumPollOffsets, QUICK_PLAN, videoJob, type LoadPlan } from './engine-plan';
import { percentile } from './measure';
import { timeSeriesPlot } from './plot';
import type { FigureRow, Table } from './table';
import { describeTurns, TurnMonitor, type TurnReport } from './engine-turns';

const GATEWAY = join(import.meta.dirname, 'engine-gateway.ts');

async function startGateway(plan: LoadPlan): Promise<{ address: GatewayAddress; child: ChildProcessWithoutNullStreams }> {
  const child = spawn(process.execPath, ['--import', 'tsx', GATEWAY, JSON.stringify(plan.timing)], { env: { ...process.env, ATELIER_LOG: 'silent' } });
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  const lines = createInterface({ input: child.stdout });
  const [line] = (await once(lines, 'line')) as [string];
  return { address: JSON.parse(line) as GatewayAddress, child };
}

interface FinishedTask {
  family: 'image' | 'video' | 'character';
  submittedAt: number;
  finishedAt: number;
  /** When the engine recorded the task's last poll (it saw the task finished). */
  seenAt: number;
  polls: number;
}

function figure(label: string, value: number, unit: string, raw?: { label: string; value: number }, target?: FigureRow['target']): FigureRow {
  return { figure: { label, value, unit }, ...(raw ? { raw: { ...raw, unit } } : {}), ...(target ? { target } : {}) };
}

const p = (values: readonly number[], at: number): number =>
  values.length === 0
    ? Number.NaN
    : percentile(
        [...values].sort((a, b) => a - b),
        at,
      );

export async function run(context: BenchContext): Promise<Table[]> {
  const plan = sized(context, FULL_PLAN, QUICK_PLAN);
  const total = plan.counts.image + plan.counts.video + plan.counts.character;
  const { address, child } = await startGateway(plan);
  const root = mkdtempSync(join(tmpdir(), 'atelier-engine-load-'));
  const db = LibraryDatabase.open(join(root, 'library.sqlite'));
  const client = new GatewayClient({ baseUrl: address.url, apiKey: address.demoKey });
  // The concurrency setting caps a studio at 12 jobs at once; lifted here to see the poller at scale.
  const engine = new JobEngine({ db, libraryRoot: root, connectionFor: () => client, queue: { maxActive: 10_000, maxActivePerModel: 10_000 } });
  // A studio in the same process, whose router answers the window's calls while the engine works.
  const { studio, dataDir } = await createTestStudio();
  const read = (): Promise<Sample> => takeSample(studio, address);
  try {
    await engine.start();

    // The same process idle, for the baselines: event-loop delay, settings.get, memory.
    const idleMonitor = new LoopDelayMonitor();
    const idleSamples = await sampleUntil(sleep(sized(context, 3_000, 1_500)), read);
    const idleDelay = idleMonitor.stop();

    const jobs: EngineJobInput[] = [
      ...Array.from({ length: plan.counts.image }, (_unused, index) => imageJob(index)),
      ...Array.from({ length: plan.counts.video }, (_unused, index) => videoJob(index)),
      ...Array.from({ length: plan.counts.character }, (_unused, index) => characterJob(index)),
    ];
    const pollsBefore = await pollsAtGateway(address);
    const cpuBefore = cpuMicros();
    const startedAt = Date.now();
    // Three phases: creating (the batch checked and stored), submitting (until every task is recorded), then in flight (until the last result is in the library).
    const submittingMonitor = new LoopDelayMonitor();
    const creatingMonitor = new LoopDelayMonitor();
    // Which turns held the loop while submitting, and whether this process's own work or a garbage collection filled them.
    const submittingTurns = new TurnMonitor();
    let inFlight: { monitor: LoopDelayMonitor; since: number; submittingDelay: LoopDelay; submittingTurns: TurnReport } | undefined;
    const { batch } = await engine.commands.createBatch({ name: `${total} tasks in flight`, jobs });
    const creatingDelay = creatingMonitor.stop();
    const createdAt = Date.now();
    const countTasks = db.connection.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM tasks t JOIN jobs j ON j.id = t.job_id WHERE j.batch_id = ?');
    // Generous: at a load average above 20 on two cores the full run took longer than 240 s.
    const idle = engine.waitForIdle({ timeoutMs: sized(context, 480_000, 180_000) });
    const samples = await sampleUntil(idle, read, (sample) => {
      if (inFlight || (countTasks.get(batch.id)?.n ?? 0) < total) return;
      inFlight = { submittingDelay: submittingMonitor.stop(), submittingTurns: submittingTurns.stop(), monitor: new LoopDelayMonitor(), since: sample.atMs };
    });
    await idle;
    const doneAt = Date.now();
    if (!inFlight) throw new Error('not every task was recorded');
    const submittingDelay = inFlight.submittingDelay;
    const inFlightDelay = inFlight.monitor.stop();
    const inFlightSince = inFlight.since;
    const cpuUsed = cpuMicros() - cpuBefore;
    const pollsAtIdle = await pollsAtGateway(address);
    // Anything polled after every task was seen finished would show up here.
    await sleep(sized(context, 6_000, 3_000));
    const pollsAfter = (await pollsAtGateway(address)) - pollsAtIdle;

    const finished = db.connection
      .prepare<[string], { variant_id: string; state: string; submitted_at: number; finished_at: number; seen_at: number; polls: number }>(
        `SELECT j.variant_id, j.state, t.created_at AS submitted_at, j.finished_at, t.updated_at AS seen_at, t.polls
           FROM jobs j JOIN tasks t ON t.job_id = j.id WHERE j.batch_id = ?`,
      )
      .all(batch.id);
    const notDone = finished.filter((row) => row.state !== 'done');
    if (finished.length !== total || notDone.length > 0) {
      throw new Error(`${finished.length} of ${total} tasks recorded, ${notDone.length} not done (${notDone[0]?.state ?? ''})`);
    }
    const tasks: FinishedTask[] = finished.map((row) => ({
      family: familyOf(row.variant_id),
      submittedAt: row.submitted_at,
      finishedAt: row.finished_at,
      seenAt: row.seen_at,
      polls: row.polls,
    }));
    const minimumTimes = tasks.flatMap((task) => minimumPollOffsets(task.family, plan).map((offset) => task.submittedAt + offset)).sort((a, b) => a - b);
    const minimum = minimumTimes.length;
    const polled = pollsAtIdle - pollsBefore;
    const overPolled = tasks.filter((task) => task.polls > minimumPollOffsets(task.family, plan).length).length;
    const endOf = (task: FinishedTask): number => task.submittedAt + plan.timing[task.family];
    const latencies = tasks.map((task) => (task.finishedAt - endOf(task)) / 1000);
    const pollLags = tasks.map((task) => (task.seenAt - endOf(task)) / 1000);
    // Polls only: every task submitted, none finished on the gateway yet.
    const firstEnd = Math.min(...tasks.map((task) => task.submittedAt + plan.timing[task.family]));
    const window = samples.filter((sample) => sample.atMs >= inFlightSince && sample.atMs < firstEnd);
    const windowFirst = window[0];
    const windowLast = window.at(-1);
    const windowPolls = windowFirst && windowLast ? windowLast.polls - windowFirst.polls : 0;
    const windowCpu = windowFirst && windowLast ? windowLast.cpuMicros - windowFirst.cpuMicros : 0;

    const plotPath = context.plot(
      'polls',
      timeSeriesPlot({
        title: `Polls of ${total.toLocaleString('en-US')} tasks in flight against the advised cadences`,
        xLabel: 'seconds since the batch was created',
        yLabel: 'poll requests (cumulative)',
        series: [
          {
            name: 'polls at the gateway',
            style: 'step',
            points: samples.map((sample) => [(sample.atMs - startedAt) / 1000, sample.polls - pollsBefore] as const),
          },
          { name: 'the fewest the cadences allow', style: 'dashed', points: minimumTimes.map((at, index) => [(at - startedAt) / 1000, index + 1] as const) },
        ],
      }),
    );

    const idleSettings = idleSamples.map((sample) => sample.settingsMs);
    const settingsIn = (from: number, to: number): number[] =>
      samples.filter((sample) => sample.atMs >= from && sample.atMs < to).map((sample) => sample.settingsMs);
    const submittingSettings = settingsIn(startedAt, inFlightSince);
    const inFlightSettings = settingsIn(inFlightSince, Number.POSITIVE_INFINITY);
    const idleMemory = idleSamples.at(-1);
    const idleRef = (value: number): { label: string; value: number } => ({ label: 'idle', value });
    return [
      {
        title: `Job engine with ${total.toLocaleString('en-US')} tasks in flight (${plan.counts.image} image, ${plan.counts.video} video, ${plan.counts.character} character)`,
        figures: [
          figure('poll requests at the gateway', polled, 'requests', { label: 'fewest the cadences allow', value: minimum }, { ratioAtMost: 1.05 }),
          figure('polls after every task was seen finished', pollsAfter, 'requests', undefined, { atMost: 0 }),
          figure('tasks polled more often than their minimum', overPolled, 'tasks'),
          figure('main-process CPU per 1,000 polls, polls only', windowPolls > 0 ? windowCpu / windowPolls : Number.NaN, 'ms'),
          figure('main-process CPU per 1,000 polls, whole run', cpuUsed / polled, 'ms'),
          figure('event-loop delay p99, creating the batch', creatingDelay.p99, 'ms', idleRef(idleDelay.p99), { atMost: 20 }),
          figure('event-loop delay max, creating the batch', creatingDelay.max, 'ms', idleRef(idleDelay.max)),
          figure('event-loop delay p50, submitting', submittingDelay.p50, 'ms', idleRef(idleDelay.p50)),
          figure('event-loop delay p99, submitting', submittingDelay.p99, 'ms', idleRef(idleDelay.p99), { atMost: 20 }),
          figure('event-loop delay max, submitting', submittingDelay.max, 'ms', idleRef(idleDelay.max)),
          figure('event-loop delay p50, in flight', inFlightDelay.p50, 'ms', idleRef(idleDelay.p50)),
          figure('event-loop delay p99, in flight', inFlightDelay.p99, 'ms', idleRef(idleDelay.p99), { atMost: 20 }),
          figure('event-loop delay max, in flight', inFlightDelay.max, 'ms', idleRef(idleDelay.max)),
          figure("a window's settings.get p95, submitting", p(submittingSettings, 95), 'ms', idleRef(p(idleSettings, 95))),
          figure("a window's settings.get p95, in flight", p(inFlightSettings, 95), 'ms', idleRef(p(idleSettings, 95))),
          figure('finished at the gateway -> seen by a poll, median', p(pollLags, 50), 's'),
          figure('finished at the gateway -> seen by a poll, p95', p(pollLags, 95), 's'),
          figure('finished at the gateway -> in the library, median', p(latencies, 50), 's'),
          figure('finished at the gateway -> in the library, p95', p(latencies, 95), 's'),
          figure('peak heap', Math.max(...samples.map((sample) => sample.heapMB)), 'MB', idleRef(idleMemory?.heapMB ?? Number.NaN)),
          figure('peak resident memory', Math.max(...samples.map((sample) => sample.rssMB)), 'MB', idleRef(idleMemory?.rssMB ?? Number.NaN)),
        ],
        notes: [
          `advised cadences: ${describeCadences()}; tasks take ${plan.timing.image / 1000} s (image), ${plan.timing.video / 1000} s (video), ${plan.timing.character / 1000} s (character) on the demo gateway`,
          `the fewest polls: each task's polls at its cadence until one sees it finished (a character task then asks its video route once): ${minimum.toLocaleString('en-US')}`,
          `creating: ${((createdAt - startedAt) / 1000).toFixed(2)} s to check and store the batch (its jobs a few at a time, batch-creation.ts); submitting: ${((inFlightSince - startedAt) / 1000).toFixed(1)} s from creating the batch to every task recorded (the creation included); in flight: ${((doneAt - inFlightSince) / 1000).toFixed(1)} s more to the last result in the library; one sample every ${SAMPLE_EVERY_MS} ms`,
          `CPU per 1,000 polls, polls only: ${windowPolls} polls in the ${window.length} samples after every task was recorded and before the first finished; whole run: submissions, polls, downloads and thumbnails`,
          'event-loop delay: beyond the 1 ms timer of monitorEventLoopDelay; the demo gateway runs in its own process (fixture media, no rate limit)',
          describeTurns('submitting', inFlight.submittingTurns),
          '"idle" = this process before the batch, the engine started and empty; settings.get goes through the router of a studio in this process',
          `latency = the job done (results stored) minus the task's end on the gateway (its recorded submission + its duration); includes the wait for the next poll`,
          `plot: ${plotPath}`,
        ],
      },
    ];
  } finally {
    await engine.stop();
    await studio.stop();
    db.close();
    await client.close();
    child.stdin.end();
    await once(child, 'exit');
    rmSync(root, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}
