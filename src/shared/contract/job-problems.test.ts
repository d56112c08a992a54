import { describe, expect, it } from 'vitest';
import { wordError } from './error-wording';
import { jobProblem, jobProblemText, type JobProblemSource } from './job-problems';

const job = (over: Partial<JobProblemSource>): JobProblemSource => ({ state: 'failed', errorCode: null, errorMessage: null, gatewayMessage: null, ...over });

describe('a job’s problem in words', () => {
  it('is nothing for a job without a code or a message', () => {
    expect(jobProblem(job({ state: 'done' }))).toBeNull();
    expect(jobProblemText(job({ state: 'queued' }))).toBeNull();
  });

  it('words the engine’s codes in English and Chinese and keeps its account as the message', () => {
    const summaryOnly = jobProblem(
      job({ state: 'done', errorCode: 'summary_only', errorMessage: 'The gateway answered this edit with a summary only (1 image(s))' }),
    );
    expect(summaryOnly).toMatchObject({ reason: 'job_summary_only', message: expect.stringMatching(/1 image/) as unknown });
    const unknown = jobProblem(job({ state: 'unknown', errorCode: 'outcome_unknown', errorMessage: 'The connection broke.' }));
    expect(wordError(unknown as NonNullable<typeof unknown>, 'en').summary).toMatch(/may have accepted it and charged for it/);
    expect(wordError(unknown as NonNullable<typeof unknown>, 'zh-CN').summary).toMatch(/可能已经接受并扣费/);
    expect(jobProblem(job({ errorCode: 'no_result_address', errorMessage: 'looked in result_url' }))?.reason).toBe('job_no_result_address');
  });

  it('uses the recognised gateway case for a refusal, and a plain failure for a code nobody knows', () => {
    const blocked = jobProblem(job({ errorCode: 'prompt_blocked', gatewayMessage: '提示词违规' }));
    expect(wordError(blocked as NonNullable<typeof blocked>, 'en')).toMatchObject({
      summary: 'The prompt was blocked by the content filter. Rephrase it.',
      gatewayText: '提示词违规',
    });
    const odd = jobProblem(job({ errorCode: 'http_418', errorMessage: 'I am a teapot' }));
    expect(odd).toMatchObject({ reason: 'job_failed', params: { code: 'http_418' }, message: 'I am a teapot' });
  });

  it('says it on one line for the command line, without repeating the gateway’s words as details', () => {
    const text = jobProblemText(job({ errorCode: 'task_failed', errorMessage: '上游拒绝', gatewayMessage: '上游拒绝' }));
    expect(text).toBe(
      'The gateway reported that this task failed. Retry to send it again (a new, paid request), or change the prompt first. Gateway said: 上游拒绝',
    );
    expect(jobProblemText(job({ errorCode: 'deadline', errorMessage: 'No result after 2 min.' }))).toMatch(
      /stopped waiting for this task .*Details: No result after 2 min\.$/,
    );
  });
});
