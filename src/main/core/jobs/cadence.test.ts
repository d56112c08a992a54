import { describe, expect, it } from 'vitest';
import { variantById, type VariantEntry } from '../../../shared/catalog';
import { describeDuration, pollTimingsFromSettings, timingFor } from './cadence';

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

  it("keep a variant's own longer deadline unless the family is overridden", () => {
    expect(timingFor(entry('image.gen-image-2.task'), 'image').deadlineMs).toBe(300_000);
    expect(timingFor(entry('image.gen-image-2.task'), 'image', { image: { intervalMs: 50 } })).toEqual({ initialDelayMs: 2000, intervalMs: 50, deadlineMs: 122_000 });
  });

  it('clamp settings into sane bounds and drop what is not a number', () => {
    const clamped = pollTimingsFromSettings({ image: { intervalMs: 10, deadlineMs: 1e12 }, video: { initialDelayMs: Number.NaN } });
    expect(clamped).toEqual({ image: { intervalMs: 1000, deadlineMs: 86_400_000 }, video: {} });
  });

  it('describe durations for messages', () => {
    expect([describeDuration(300), describeDuration(45_000), describeDuration(300_000)]).toEqual(['300 ms', '45 s', '5 min']);
  });
});
