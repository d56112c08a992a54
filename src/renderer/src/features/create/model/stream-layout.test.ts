import { describe, expect, it } from 'vitest';
import type { AssetView, JobView } from '../../../../../shared/contract';
import { groupAspect, jobGroups, stepFrom, streamRows, viewOrder, wantedRowHeight, type StreamGroup } from './stream-layout';
import { jobView } from '../../../../../shared/contract/test-support';

const job = (id: string, createdAt: number, over: Partial<JobView> = {}): JobView =>
  jobView(id, createdAt, { variantId: 'image.gen-image-2.direct', state: 'done', ...over });

const asset = (id: string, width: number, height: number): AssetView => ({
  id,
  kind: 'image',
  mediaPath: `${id}.png`,
  thumbPath: null,
  mime: 'image/png',
  bytes: 1,
  width,
  height,
  durationMs: null,
  hasAudio: null,
  model: 'gen-image-2',
  variantId: 'image.gen-image-2.direct',
  prompt: id,
  request: {},
  taskId: null,
  jobId: null,
  createdAt: 0,
  favourite: false,
  tags: [],
  boardIds: [],
  batchId: null,
  preset: null,
});

const byId = (...list: AssetView[]): Record<string, AssetView> => Object.fromEntries(list.map((item) => [item.id, item]));

describe('grouping the stream by job', () => {
  it('puts each job’s results together, newest job first, in the shape of its first result', () => {
    const groups = jobGroups(
      [job('old', 1, { assetIds: ['a1'] }), job('new', 2, { assetIds: ['b1', 'b2', 'b3', 'b4'] })],
      byId(asset('a1', 1024, 1024), asset('b1', 1280, 720), asset('b2', 1280, 720), asset('b3', 1280, 720), asset('b4', 1280, 720)),
      10,
    );
    expect(groups.map((group) => [group.key, group.tiles, group.assets.map((item) => item.id)])).toEqual([
      ['new', 4, ['b1', 'b2', 'b3', 'b4']],
      ['old', 1, ['a1']],
    ]);
    expect(groups[0]?.aspect).toBeCloseTo(16 / 9);
  });

  it('keeps as many places as the job asked for while it runs, and the shape asked for', () => {
    const [running] = jobGroups([job('run', 1, { state: 'running', request: { n: 4, size: '720x1280' } })], {}, 10);
    expect(running).toMatchObject({ tiles: 4, assets: [] });
    expect(running?.aspect).toBeCloseTo(720 / 1280);
  });

  it('keeps a finished job’s places while its results are still being read, and shows at most four', () => {
    const [reading] = jobGroups([job('done', 1, { assetIds: ['x', 'y'] })], {}, 10);
    expect(reading?.tiles).toBe(2);
    const [many] = jobGroups([job('many', 1, { assetIds: ['1', '2', '3', '4', '5'] })], byId(...['1', '2', '3', '4', '5'].map((id) => asset(id, 10, 10))), 10);
    expect(many?.tiles).toBe(4);
  });

  it('lays a job that ended without a result out as a card of words, large enough to read and act on', () => {
    const groups = jobGroups(
      [job('failed', 3, { state: 'failed' }), job('canceled', 2, { state: 'canceled' }), job('running', 1, { state: 'running' })],
      {},
      10,
    );
    expect(groups.map((group) => group.note)).toEqual([true, true, false]);
    const rows = streamRows(groups.slice(0, 1), { width: 310, gap: 8, rowHeight: 110 });
    expect(rows[0]?.groups[0]?.width).toBeGreaterThan(300);
    expect(rows[0]?.height).toBeGreaterThan(180);
  });

  it('never draws a tile thinner or wider than the limits, and stops at the limit of jobs', () => {
    const groups = jobGroups([job('pano', 2, { request: { size: '4000x500' } }), job('tall', 1, { request: { size: '300x3000' } })], {}, 10);
    expect(groups.map((group) => group.aspect)).toEqual([2.2, 0.5]);
    expect(jobGroups([job('a', 1), job('b', 2), job('c', 3)], {}, 2).map((group) => group.key)).toEqual(['c', 'b']);
  });
});

const single = (key: string, aspect = 1): StreamGroup => ({ kind: 'job', key, job: job(key, 0), assets: [], tiles: 1, aspect, note: false });
const quad = (key: string, aspect = 1): StreamGroup => ({ kind: 'job', key, job: job(key, 0), assets: [], tiles: 4, aspect, note: false });

describe('laying the stream out in rows', () => {
  const sizing = { width: 700, gap: 10, rowHeight: 160 };

  it('fills each full row to the width exactly, each box at its own shape', () => {
    const rows = streamRows([single('a'), single('b', 16 / 9), single('c'), single('d', 0.75), single('e')], sizing);
    const [first] = rows;
    expect(first?.groups.map((placed) => placed.group.key)).toEqual(['a', 'b', 'c', 'd']);
    const used = (first?.groups.reduce((sum, placed) => sum + placed.width, 0) ?? 0) + sizing.gap * 3;
    expect(used).toBeCloseTo(700);
    for (const placed of first?.groups ?? []) expect(placed.width / (first?.height ?? 1)).toBeCloseTo(groupAspect(placed.group));
  });

  it('lets the last row keep its wanted height instead of stretching a lone result', () => {
    const rows = streamRows([single('a')], sizing);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.height).toBe(160);
    expect(rows[0]?.groups[0]?.width).toBe(160);
  });

  it('gives a 2×2 group twice the height and never a row with single results', () => {
    const rows = streamRows([quad('q1'), quad('q2'), single('s1'), single('s2')], sizing);
    expect(rows.map((row) => row.groups.map((placed) => placed.group.key))).toEqual([
      ['q1', 'q2'],
      ['s1', 's2'],
    ]);
    // Two 2×2 groups nearly fill the width at twice the height: they are stretched to fill it.
    expect(rows[0]?.height).toBeCloseTo((700 - 10) / 2);
    expect(rows[1]?.height).toBe(160);
    // A row that would stay mostly empty keeps its wanted height instead.
    expect(streamRows([quad('q1'), single('s1')], sizing)[0]?.height).toBe(320);
  });

  it('leaves a group out of a row when taking it in would shrink the row further from its wanted height', () => {
    const rows = streamRows([quad('q1'), quad('q2'), quad('q3')], { width: 620, gap: 8, rowHeight: 147 });
    expect(rows.map((row) => row.groups.length)).toEqual([2, 1]);
    expect(rows[0]?.height).toBeCloseTo((620 - 8) / 2);
  });

  it('keeps a last row that cannot fill the width no taller than the full rows above it', () => {
    const rows = streamRows([quad('q1'), quad('q2'), quad('q3')], { width: 310, gap: 8, rowHeight: 110 });
    expect(rows.map((row) => row.groups.length)).toEqual([2, 1]);
    expect(rows[1]?.height).toBeCloseTo(rows[0]?.height ?? 0);
    // A narrow stream of one group a row: the last, nearly full, is as wide as the others.
    const narrow = streamRows([quad('a'), quad('b')], { width: 256, gap: 8, rowHeight: 110 });
    expect(narrow.map((row) => row.groups[0]?.width)).toEqual([256, 256]);
  });

  it('shows at least eight results in a laptop’s stream and in a small window’s', () => {
    for (const { width, height } of [
      { width: 700, height: 760 },
      { width: 420, height: 520 },
    ]) {
      const rows = streamRows(
        Array.from({ length: 12 }, (_, index) => quad(`q${String(index)}`)),
        { width, gap: 8, rowHeight: wantedRowHeight(width) },
      );
      let top = 0;
      let inView = 0;
      for (const row of rows) {
        if (top + row.height > height) break;
        inView += row.groups.reduce((sum, placed) => sum + placed.group.tiles, 0);
        top += row.height + 8;
      }
      expect(inView).toBeGreaterThanOrEqual(8);
    }
  });
});

describe('stepping through the stream in the view over Create', () => {
  const groups = jobGroups(
    [job('j2', 2, { assetIds: ['b1', 'b2'] }), job('j1', 1, { assetIds: ['a1'] }), job('j0', 0, { state: 'failed' })],
    byId(asset('a1', 1, 1), asset('b1', 1, 1), asset('b2', 1, 1)),
    10,
  );
  const order = viewOrder(groups);

  it('goes through every result newest job first, skipping jobs without one', () => {
    expect(order.map((item) => item.id)).toEqual(['b1', 'b2', 'a1']);
  });

  it('stops at either end', () => {
    expect(stepFrom(order, 'b2', 1)).toBe('a1');
    expect(stepFrom(order, 'b2', -1)).toBe('b1');
    expect(stepFrom(order, 'a1', 1)).toBeNull();
    expect(stepFrom(order, 'b1', -1)).toBeNull();
    expect(stepFrom(order, 'gone', 1)).toBeNull();
  });
});
