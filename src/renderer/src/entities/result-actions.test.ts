import { describe, expect, it } from 'vitest';
import { nextSteps } from './result-actions';

describe('the next steps a result offers', () => {
  it('an image of a model that takes references: again, vary, as a reference, and each larger tier at its ratio', () => {
    const steps = nextSteps({ kind: 'image', variantId: 'image.nova-3-pro-image', request: { prompt: 'a harbour at dawn', size: '1360x768' } });
    expect(steps).toEqual({ again: true, vary: true, reference: true, larger: ['2K', '4K'] });
  });

  it('at the largest tier there is no larger version', () => {
    expect(nextSteps({ kind: 'image', variantId: 'image.nova-3-pro-image', request: { prompt: 'a harbour', size: '5504x3072' } }).larger).toEqual([]);
  });

  it('a video runs again, but is neither varied nor a reference image', () => {
    const steps = nextSteps({ kind: 'video', variantId: 'video.clip-3.0-turbo', request: { prompt: 'boats', aspect_ratio: '16:9' } });
    expect(steps).toEqual({ again: true, vary: false, reference: false, larger: [] });
  });

  it('a result whose recipe is unknown (imported, or a model no longer offered) can still be a reference', () => {
    expect(nextSteps({ kind: 'image', variantId: null, request: null })).toEqual({ again: false, vary: false, reference: true, larger: [] });
    expect(nextSteps({ kind: 'image', variantId: 'image.retired-model', request: { prompt: 'x' } })).toEqual({
      again: false,
      vary: false,
      reference: true,
      larger: [],
    });
  });
});
