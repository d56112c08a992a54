import { describe, expect, it } from 'vitest';
import { batchViewSchema, jobViewSchema } from '../../../shared/contract';
import { toBatchView, toJobView } from './routes';
import type { BatchDetail } from './engine';
import type { JobDetail } from './events';

const detail: JobDetail = {
  id: 'job-1',
  batchId: 'batch-1',
  position: 0,
  variantId: 'image.gen-image-2.task',
  model: 'gen-image-2',
  request: { model: 'gen-image-2', prompt: 'a lantern' },
  pathParams: {},
  prompt: 'a lantern',
  state: 'done',
  attempts: 1,
  errorMessage: null,
  errorCode: null,
  clientBusinessId: 'business-1',
  profileId: 'profile-1',
  createdAt: 1,
  updatedAt: 2,
  submittedAt: 1,
  startedAt: 1,
  finishedAt: 2,
  nextAttemptAt: 5,
  gatewayMessage: null,
  answerStyle: 'task',
  rawAnswer: null,
  revisedPrompt: null,
  priceKey: 'gen-image-2|1:1',
  credits: 4,
  creditsMeasured: true,
  taskId: 'task-1',
  progress: 100,
  assetIds: ['asset-1'],
  thumbPath: 'thumbs/asset-1.webp',
  overdueSince: null,
  characters: [],
  waitingFor: null,
  waitingMessage: null,
  waitingSince: null,
  retryAt: null,
  resultValidUntil: null,
  preset: { id: 'preset-1', name: 'Ink wash' },
};

describe('the views main sends the window', () => {
  it('a job carries exactly the contract fields: nothing main keeps for itself goes out', () => {
    const view = toJobView(detail);
    expect(jobViewSchema.strict().parse(view)).toEqual(view);
    expect(view).toMatchObject({
      creditsSpent: 4,
      creditsMeasured: true,
      taskId: 'task-1',
      assetIds: ['asset-1'],
      preset: { id: 'preset-1', name: 'Ink wash' },
    });
    for (const kept of ['profileId', 'clientBusinessId', 'priceKey', 'nextAttemptAt', 'credits']) expect(view).not.toHaveProperty(kept);
  });

  it('a batch carries exactly the contract fields: its budget and key cap, not the rest of its options', () => {
    const batch: BatchDetail = {
      id: 'batch-1',
      name: 'lanterns',
      status: 'active',
      options: { creditBudget: 100, dedicatedTokenId: 42, dedicatedKeyCredits: 500, concurrency: 2 },
      note: null,
      createdAt: 1,
      updatedAt: 2,
      counts: {
        draft: 0,
        queued: 1,
        submitting: 0,
        submitted: 0,
        running: 0,
        downloading: 0,
        done: 1,
        failed: 0,
        canceled: 0,
        unknown: 0,
        expired: 0,
        total: 2,
      },
      creditsSpent: 4,
    };
    const view = toBatchView(batch);
    expect(batchViewSchema.strict().parse(view)).toEqual(view);
    expect(view).toMatchObject({ creditBudget: 100, dedicatedKeyCredits: 500, creditsSpent: 4 });
    expect(view).not.toHaveProperty('options');
  });
});
