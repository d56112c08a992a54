import { describe, expect, it } from 'vitest';
import type { VideoRecipe } from './recipes';
import { posterCaption } from './video-poster';

const base: VideoRecipe = {
  kind: 'video',
  width: 1280,
  height: 720,
  seconds: 8,
  audio: false,
  prompt: 'a walk in the park',
  model: 'vid-2',
  index: 0,
  count: 1,
  characters: [],
  createsCharacter: false,
};

describe('what a video poster says', () => {
  it('gives model, size and length, and says when there is sound', () => {
    expect(posterCaption(base)).toEqual({ prompt: 'a walk in the park', badges: [], details: 'vid-2  ·  1280×720  ·  8 s' });
    expect(posterCaption({ ...base, audio: true, index: 1, count: 2 }).details).toBe('vid-2  ·  1280×720  ·  8 s  ·  with sound  ·  2 / 2');
  });

  it('shows a character the video uses once: in the prompt when it is there, on its own line when the prompt was cut', () => {
    expect(posterCaption({ ...base, prompt: '@mira_1a2b waves', characters: ['mira_1a2b'] }).badges).toEqual([]);
    const long = `${'a very long description of the scene '.repeat(8)}with @mira_1a2b at the end`;
    expect(posterCaption({ ...base, prompt: long, characters: ['mira_1a2b'] }).badges).toEqual(['@mira_1a2b']);
  });

  it('names the character a video creates, and the video a remix comes from', () => {
    expect(posterCaption({ ...base, prompt: 'Mira the baker', characters: ['mira_1a2b'], createsCharacter: true }).badges).toEqual([
      'new character @mira_1a2b',
    ]);
    expect(posterCaption({ ...base, remixOf: { id: 'task_abc', recipe: base } }).badges).toEqual(['remix of task_abc']);
  });
});
