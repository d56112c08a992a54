import { describe, expect, it } from 'vitest';
import { BuildChoice } from './video-tools';

describe('which build runs a video task', () => {
  it('is the WebAssembly build when no system ffmpeg can run', () => {
    const choice = new BuildChoice();
    for (let i = 0; i < 30; i++) expect(choice.choose('poster', ['wasm'])).toBe('wasm');
  });

  it('tries each build once, then runs each task on the one measured faster at it, now and then trying the other again', () => {
    const choice = new BuildChoice();
    expect(choice.choose('poster', ['wasm', 'native'])).toBe('wasm');
    choice.record('poster', 'wasm', 300);
    expect(choice.choose('poster', ['wasm', 'native'])).toBe('native');
    choice.record('poster', 'native', 60);
    expect(choice.preferred('poster')).toBe('native');
    // Frames are measured apart from posters.
    expect(choice.choose('frame', ['wasm', 'native'])).toBe('wasm');
    choice.record('frame', 'wasm', 40);
    choice.record('frame', 'native', 90);
    expect(choice.preferred('frame')).toBe('wasm');
    const picks = Array.from({ length: 50 }, () => choice.choose('poster', ['wasm', 'native']));
    expect(picks.filter((build) => build === 'wasm')).toHaveLength(2);
  });
});
