import type { PollSpec, VariantEntry } from './types';

/** The plural video route: the clip and vid-2 task models are posted here. */
export const PLURAL_VIDEO_PATH = '/v1/videos/generations';

export const PLURAL_VIDEO_POLL: PollSpec = { pathTemplate: '/v1/videos/generations/{task_id}', recordShape: 'generation-task', cadence: 'video' };

/** "GET /v1/characters_tasks/{task_id}": the id of the character creation task. */
export const CHARACTER_POLL: PollSpec = { pathTemplate: '/v1/characters_tasks/{task_id}', recordShape: 'generation-task', cadence: 'character' };

// Where deployments without a result address serve a finished video's bytes.
export const VIDEO_CONTENT_PATH = '/v1/videos/{task_id}/content';

/** Request and polling of an entry posted as a task on the plural route and polled there; spread into the entry. */
export const PLURAL_VIDEO_TASK: Pick<VariantEntry, 'method' | 'path' | 'response' | 'poll' | 'contentPathTemplate'> = {
  method: 'POST',
  path: PLURAL_VIDEO_PATH,
  response: 'task',
  poll: PLURAL_VIDEO_POLL,
  contentPathTemplate: VIDEO_CONTENT_PATH,
};
