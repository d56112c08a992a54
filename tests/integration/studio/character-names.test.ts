/**
 * Naming characters through the studio's routes, on the demo gateway: the name asked for when a
 * character is made is its name once it arrives; a taken or malformed name is refused before
 * anything is paid for, in English and Chinese; a rename is checked the same way, and a name
 * can be taken away again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchView, CharacterView, JobView } from '../../../src/shared/contract';
import { wordError } from '../../../src/shared/contract';
import type { Studio } from '../../../src/main/core/studio';
import { FAST_ENGINE, FAST_TASKS } from '../jobs/harness';
import { callRoute, createTestStudio, until } from '../../helpers/studio';

let studio: Studio;
let sourceTaskId = '';

const call = <T>(route: string, input: unknown): Promise<T> => callRoute<T>(studio, route, input);

async function finished(jobId: string, timeoutMs?: number): Promise<JobView> {
  const [job] = await until(
    () => call<JobView[]>('jobs.get_jobs', { ids: [jobId] }),
    (jobs) => jobs[0]?.state === 'done' || jobs[0]?.state === 'failed',
    `job ${jobId}`,
    timeoutMs,
  );
  if (!job) throw new Error('job vanished');
  return job;
}

async function refusal(route: string, input: unknown): Promise<{ en: string; zh: string; reason: string | undefined }> {
  const answer = await studio.router.dispatch(route, input);
  if (answer.ok) throw new Error(`${route} was accepted`);
  return { en: wordError(answer.error, 'en').summary, zh: wordError(answer.error, 'zh-CN').summary, reason: answer.error.reason };
}

beforeAll(async () => {
  ({ studio } = await createTestStudio({ demo: { timing: FAST_TASKS }, engine: FAST_ENGINE }));
  const { batch } = await call<{ batch: BatchView }>('jobs.create_batch', {
    name: 'Source',
    variantIds: ['video.vid-2-vvip'],
    prompts: ['a dancer in a red coat'],
    countPerPrompt: 1,
    values: {},
  });
  const { items } = await call<{ items: JobView[] }>('jobs.list_jobs', { batchId: batch.id });
  // The first video's poster compiles ffmpeg in WebAssembly, which can take a while on a busy machine.
  sourceTaskId = (await finished(items[0]?.id ?? '', 90_000)).taskId ?? '';
}, 120_000);
afterAll(async () => {
  await studio.stop();
});

describe('naming a character', () => {
  let mira: CharacterView;

  it('gives the character the name asked for when it was made', async () => {
    const asked = await call<JobView>('characters.create', { description: 'Mira the dancer', name: 'mira', fromTaskId: sourceTaskId });
    const job = await finished(asked.id);
    expect(job.state).toBe('done');
    const characters = await call<CharacterView[]>('characters.list', {});
    const made = characters.find((character) => character.sourceTaskId === job.taskId);
    expect(made).toMatchObject({ name: 'mira', username: expect.stringMatching(/^mira_[0-9a-f]{4}$/) as unknown });
    if (made) mira = made;
  });

  it('refuses a name already taken, ignoring case, before anything is sent', async () => {
    const before = (await call<{ items: JobView[] }>('jobs.list_jobs', {})).items.length;
    const taken = await refusal('characters.create', { description: 'Another Mira', name: 'MIRA', fromTaskId: sourceTaskId });
    expect(taken.reason).toBe('character_name_taken');
    expect(taken.en).toBe(
      'The name "MIRA" is taken: another character is called that, or has it as its gateway username (names are compared ignoring case). Choose another.',
    );
    expect(taken.zh).toMatch(/^名字“MIRA”已被占用/);
    expect((await call<{ items: JobView[] }>('jobs.list_jobs', {})).items).toHaveLength(before);
  });

  it('refuses a gateway username as another character’s name, so a mention is never ambiguous', async () => {
    const taken = await refusal('characters.create', { description: 'An impostor', name: mira.username, fromTaskId: sourceTaskId });
    expect(taken.reason).toBe('character_name_taken');
  });

  it('refuses a name that cannot follow @, in both languages', async () => {
    const invalid = await refusal('characters.create', { description: 'Kai', name: 'kai the second', fromTaskId: sourceTaskId });
    expect(invalid.reason).toBe('character_name_invalid');
    expect(invalid.en).toMatch(/^"kai the second" cannot be used after @ in a prompt\./);
    expect(invalid.zh).toMatch(/^“kai the second”不能用在提示词的 @ 后面。/);
  });

  it('renames a character, refuses a taken name, and takes the name away', async () => {
    const asked = await call<JobView>('characters.create', { description: 'Kai the drummer', fromTaskId: sourceTaskId });
    const job = await finished(asked.id);
    const kai = (await call<CharacterView[]>('characters.list', {})).find((character) => character.sourceTaskId === job.taskId);
    expect(kai?.name).toBeNull();

    expect((await refusal('characters.rename', { id: kai?.id ?? '', name: 'Mira' })).reason).toBe('character_name_taken');
    expect(await call<CharacterView>('characters.rename', { id: kai?.id ?? '', name: 'kai.drums' })).toMatchObject({ name: 'kai.drums' });
    // Keeping its own name, or taking its own username, is no clash.
    expect(await call<CharacterView>('characters.rename', { id: mira.id, name: 'mira' })).toMatchObject({ name: 'mira' });
    expect(await call<CharacterView>('characters.rename', { id: mira.id, name: null })).toMatchObject({ name: null, username: mira.username });
    expect((await refusal('characters.rename', { id: 'no-such-character', name: 'ghost' })).reason).toBe('character_not_found');
  });

  it('sends a batch that mentions the name as @username and lists the prompt as written', async () => {
    const { batch } = await call<{ batch: BatchView }>('jobs.create_batch', {
      name: 'Duet',
      variantIds: ['video.vid-2.character'],
      prompts: ['@kai.drums plays, @kai.drums bows'],
      countPerPrompt: 1,
      values: {},
    });
    const { items } = await call<{ items: JobView[] }>('jobs.list_jobs', { batchId: batch.id });
    const job = await finished(items[0]?.id ?? '');
    expect(job.state, job.errorMessage ?? '').toBe('done');
    expect(job.prompt).toBe('@kai.drums plays, @kai.drums bows');
    expect(job.request).toMatchObject({ prompt: expect.stringMatching(/^@kai_[0-9a-f]{4} plays, @kai_[0-9a-f]{4} bows$/) as unknown });
  });
});
