import { describe, expect, it } from 'vitest';
import { MIN_FITTED_EDGE, nextFitScale, planReferenceFit, type FitSource } from './reference-fit-plan';

const MB = 1024 * 1024;
const PNG_JPEG = ['image/png', 'image/jpeg'];
const render: FitSource = { mimeType: 'image/png', size: 3 * MB, width: 1536, height: 864, hasAlpha: false };

describe('planReferenceFit', () => {
  it('leaves a picture within the bytes and types of the field as it is', () => {
    expect(planReferenceFit({ ...render, size: MB }, { maxBytes: 2 * MB, mimeTypes: PNG_JPEG })).toBeUndefined();
    expect(planReferenceFit(render, { maxBytes: undefined, mimeTypes: PNG_JPEG })).toBeUndefined();
  });

  it('re-encodes an opaque PNG over the byte limit as JPEG where the model takes it, else WebP', () => {
    expect(planReferenceFit(render, { maxBytes: 2 * MB, mimeTypes: PNG_JPEG })).toEqual({ format: 'jpeg', mimeType: 'image/jpeg', maxBytes: 2 * MB });
    expect(planReferenceFit(render, { maxBytes: 2 * MB, mimeTypes: ['image/png', 'image/webp'] })?.format).toBe('webp');
    // Only PNG taken: it stays PNG, to be scaled down until it fits.
    expect(planReferenceFit(render, { maxBytes: 2 * MB, mimeTypes: ['image/png'] })?.format).toBe('png');
  });

  it('keeps transparency where an accepted format can', () => {
    const cutout = { ...render, hasAlpha: true };
    expect(planReferenceFit(cutout, { maxBytes: 2 * MB, mimeTypes: ['image/jpeg', 'image/png', 'image/webp'] })?.format).toBe('webp');
    expect(planReferenceFit(cutout, { maxBytes: 2 * MB, mimeTypes: PNG_JPEG })?.format).toBe('png');
  });

  it('keeps a JPEG over the byte limit a JPEG', () => {
    expect(planReferenceFit({ ...render, mimeType: 'image/jpeg' }, { maxBytes: 2 * MB, mimeTypes: ['image/png', 'image/jpeg', 'image/webp'] })?.format).toBe(
      'jpeg',
    );
  });

  it('converts a type the model does not take, whatever its bytes', () => {
    const webp = { ...render, mimeType: 'image/webp', size: 100_000 };
    expect(planReferenceFit(webp, { maxBytes: 2 * MB, mimeTypes: PNG_JPEG })).toEqual({ format: 'jpeg', mimeType: 'image/jpeg', maxBytes: 2 * MB });
    const gif = { ...render, mimeType: 'image/gif', size: 100_000, hasAlpha: true };
    expect(planReferenceFit(gif, { maxBytes: undefined, mimeTypes: PNG_JPEG })?.format).toBe('png');
  });

  it('offers nothing when the field takes no format the studio writes', () => {
    expect(planReferenceFit(render, { maxBytes: 2 * MB, mimeTypes: ['image/gif'] })).toBeUndefined();
  });
});

describe('nextFitScale', () => {
  it('shrinks the side by the square root of the excess, with a margin', () => {
    // Four times the bytes: about half the side.
    expect(nextFitScale(1, 8 * MB, 2 * MB, 3840)).toBeCloseTo(0.45, 5);
    // Barely over: still a real step down, never a retry at almost the same size.
    expect(nextFitScale(1, 2.01 * MB, 2 * MB, 3840)).toBeCloseTo(0.9, 2);
  });

  it('stops at the smallest useful size', () => {
    const floor = MIN_FITTED_EDGE / 3840;
    expect(nextFitScale(0.1, 100 * MB, 2 * MB, 3840)).toBe(floor);
    expect(nextFitScale(floor, 100 * MB, 2 * MB, 3840)).toBeUndefined();
  });
});
