import { describe, expect, it } from 'vitest';
import { variantById, type VariantEntry } from '../../../shared/catalog';
import { describeDuration, overduePollDelay, pollTimingsFromSettings, timingFor } from './cadence';

function entry(id: string): VariantEntry {
  const found = variantById(id);
  if (!found) throw new Error(id);
  return found;
}

describe('poll timings', () => {
  it('follow the interface: images 2 s then 3 s up to 40 polls, videos 5 s, characters 5 s for 5 minutes', () => {
    expect(timingFor(entry('image.nova-3-pro-image.official'), 'image')).toEqual({ initialDelayMs: 2000, intervalMs: 3000, deadlineMs: 122_000 });
    expect(timingFor(entry('video.clip-3.0-turbo'), 'video')).toMatchObject({ initialDelayMs: 5000, intervalMs: 5000 });
    expect(timingFor(entry('character.vid-2-vvip.create'), 'character')).toMatchObject({ intervalMs: 5000, deadlineMs: 300_000 });
  });

  it("keep a variant's own longer deadline unless the deadline itself is overridden", () => {
    expect(timingFor(entry('image.gen-image-2.task'), 'image').deadlineMs).toBe(300_000);
    expect(timingFor(entry('image.gen-image-2.task'), 'image', { image: { intervalMs: 50 } })).toEqual({
      initialDelayMs: 2000,
      intervalMs: 50,
      deadlineMs: 300_000,
    });
    expect(timingFor(entry('image.gen-image-2.task'), 'image', { image: { deadlineMs: 9_000 } }).deadlineMs).toBe(9_000);
  });

  it('give a slower request a longer deadline: variant E at 4K waits longer than at 1K', () => {
    const official = entry('image.nova-3-pro-image.official');
    const at = (resolution: string): number => timingFor(official, 'image', {}, { prompt: 'p', metadata: { resolution } }).deadlineMs;
    expect([at('1K'), at('2K'), at('4K')]).toEqual([122_000, 180_000, 300_000]);
    expect(timingFor(official, 'image', {}, { prompt: 'p' }).deadlineMs).toBe(122_000);
  });

  it('poll a task past its deadline less and less often, never stopping', () => {
    const timing = { initialDelayMs: 2_000, intervalMs: 3_000, deadlineMs: 122_000 };
    const delays = [0, 4_000, 30_000, 60_000, 600_000, 86_400_000].map((overdue) => overduePollDelay(timing, overdue));
    expect(delays).toEqual([3_000, 3_000, 15_000, 30_000, 61_000, 61_000]);
    const video = { initialDelayMs: 5_000, intervalMs: 5_000, deadlineMs: 30 * 60_000 };
    expect(overduePollDelay(video, 3_600_000)).toBe(300_000);
  });

  it('clamp settings into sane bounds and drop what is not a number', () => {
    const clamped = pollTimingsFromSettings({ image: { intervalMs: 10, deadlineMs: 1e12 }, video: { initialDelayMs: Number.NaN } });
    expect(clamped).toEqual({ image: { intervalMs: 1000, deadlineMs: 86_400_000 }, video: {} });
  });

  it('describe durations for messages', () => {
    expect([describeDuration(300), describeDuration(45_000), describeDuration(300_000)]).toEqual(['300 ms', '45 s', '5 min']);
  });
});
