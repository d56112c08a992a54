import { describe, expect, it } from 'vitest';
import { compareBatch } from './compare';
import { presetOf, presetStart } from './date-presets';
import { translatorFor } from '../../../../../shared/i18n/translate';
import en from '../../../i18n/en.json';
import { formatBytes, formatDuration, jobDurations, recipeRows } from './recipe';

const t = translatorFor(en, 'en');

describe('recipe rows', () => {
  it('lists every parameter of the request, nested ones by path, the prompt apart', () => {
    const rows = recipeRows({ model: 'vid-2', prompt: 'x', size: '1280x720', metadata: { n: 2, audio: true }, image_urls: ['a', 'b'], seed: null });
    expect(rows).toEqual([
      { key: 'model', value: 'vid-2' },
      { key: 'size', value: '1280x720' },
      { key: 'metadata.n', value: '2' },
      { key: 'metadata.audio', value: 'true' },
      { key: 'image_urls[1]', value: 'a' },
      { key: 'image_urls[2]', value: 'b' },
      { key: 'seed', value: 'null' },
    ]);
  });

  it('times the queue and the generation, and words durations and sizes', () => {
    expect(jobDurations({ createdAt: 0, submittedAt: 1500, finishedAt: 9500 })).toEqual({ queued: 1500, generating: 8000, total: 9500 });
    expect(jobDurations({ createdAt: 0, submittedAt: null, finishedAt: null })).toEqual({ queued: null, generating: null, total: null });
    expect([formatDuration(850, t), formatDuration(12_400, t), formatDuration(185_000, t), formatDuration(3_720_000, t)]).toEqual([
      '850 ms',
      '12 s',
      '3 min 05 s',
      '1 h 02 min',
    ]);
    expect([formatBytes(512), formatBytes(86_000), formatBytes(3_355_443)]).toEqual(['512 B', '84 KB', '3.2 MB']);
  });
});

describe('compare a fan-out batch', () => {
  it('puts each prompt in a row and each model or setting in a column, naming only what differs', () => {
    const asset = (id: string, prompt: string, model: string, size: string, at: number) => ({
      id,
      prompt,
      model,
      request: { model, prompt, size, image_urls: [id] },
      createdAt: at,
    });
    const { columns, rows } = compareBatch([
      asset('1', 'fox', 'gen-image-2', '1K', 1),
      asset('2', 'fox', 'nova', '1K', 2),
      asset('3', 'fox', 'nova', '2K', 3),
      asset('4', 'cat', 'gen-image-2', '1K', 4),
      asset('5', 'fox', 'nova', '2K', 5),
    ]);
    expect(columns.map((c) => [c.model, c.differences])).toEqual([
      ['gen-image-2', ['size: 1K']],
      ['nova', ['size: 1K']],
      ['nova', ['size: 2K']],
    ]);
    expect(rows.map((r) => [r.prompt, r.cells.map((cell) => cell.map((a) => a.id))])).toEqual([
      ['fox', [['1'], ['2'], ['3', '5']]],
      ['cat', [['4'], [], []]],
    ]);
  });
});

describe('date presets', () => {
  it('start at local midnight and are recognised back from the filter', () => {
    const now = new Date(2026, 4, 20, 15, 30);
    expect(presetStart('today', now)).toBe(new Date(2026, 4, 20).getTime());
    expect(presetStart('week', now)).toBe(new Date(2026, 4, 14).getTime());
    expect(presetOf(presetStart('month', now), undefined, now)).toBe('month');
    expect(presetOf(presetStart('month', now), 5, now)).toBeNull();
  });
});
