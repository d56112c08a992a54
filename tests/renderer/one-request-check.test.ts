/**
 * The Create form and main judge a request the same way: generated prompts and options go through
 * the form's check and through main's (batch creation, the engine's intake, the submitter's last
 * look before sending), and both accept or both refuse, for the same reasons. Mentions that once
 * split them (`a@b`, `@name`, a lone `@` at the end) are always among the prompts, and so is a
 * character's own name (`@mira`), which main sends as its gateway username.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeForm, variantById, type ProblemCode } from '../../src/shared/catalog';
import { GatewayHttp } from '../../src/main/core/gateway/http';
import { GenerationApi } from '../../src/main/core/gateway/generation';
import { InvalidRequestError } from '../../src/main/core/gateway/invalid-request';
import { batchJobsFrom } from '../../src/main/core/jobs/batch-request';
import { prepareJobs } from '../../src/main/core/jobs/engine-types';
import { wireRequestOf } from '../../src/main/core/jobs/job-request';
import { StudioFailure } from '../../src/main/core/router/failure';
import { checkForm, type FormInput } from '../../src/renderer/src/features/create/model/form-check';
import { requestValues } from '../../src/renderer/src/features/create/model/form-values';

// Nothing is sent: the address only lets the client be built.
const generation = new GenerationApi(new GatewayHttp({ baseUrl: 'http://127.0.0.1:9', apiKey: 'unused' }));

interface Verdict {
  accepted: boolean;
  codes: string[];
}

function formVerdict(input: FormInput): Verdict {
  const check = checkForm(input);
  return { accepted: check.ok, codes: [...new Set(Object.values(check.issues).map((issue) => issue.code))].sort() };
}

/** Main's path: the batch the form would send, the engine's intake, then the last look before sending. */
function mainVerdict(input: FormInput): Verdict {
  const values = requestValues(input.description, input, {}, null);
  let jobs;
  try {
    jobs = batchJobsFrom({ name: 'property', variantIds: [input.description.variantId], prompts: [input.prompt], countPerPrompt: 1, values });
  } catch (error) {
    // A blank prompt is refused before any job is planned (`template_invalid`); the form says `no_prompt`.
    if (!(error instanceof StudioFailure)) throw error;
    return { accepted: false, codes: [...new Set((error.issues ?? []).flatMap((issue) => issue.code ?? []))].sort() };
  }
  const entry = variantById(input.description.variantId);
  if (!entry) throw new Error('catalog');
  for (const job of prepareJobs(jobs, NAMED)) {
    try {
      generation.prepareRequest(entry, wireRequestOf(job));
    } catch (error) {
      if (error instanceof InvalidRequestError) return { accepted: false, codes: ['sent-refused'] };
      throw error;
    }
  }
  return { accepted: true, codes: [] };
}

/** A character the artist named: prompts say `@mira`, the gateway gets `@lumi_ca03`. */
const NAMED = [{ id: 'ch_1', username: 'lumi_ca03', name: 'mira' }];

const MENTION_PIECES = ['a@b', '@name', '@', 'see @mira_1a2b', 'mail x@y.z', '@a.b.', '(@hero)', '@@twice', '@_', ' ', '@mira', 'with @mira.'];
const prompts = fc
  .tuple(fc.array(fc.constantFrom(...MENTION_PIECES), { maxLength: 4 }), fc.string({ maxLength: 12 }), fc.boolean())
  // Every prompt is built from the pieces; half of them end with a lone `@`.
  .map(([pieces, noise, trailingAt]) => `${pieces.join(' ')}${noise}${trailingAt ? ' @' : ''}`);

/** Everything the prompt mentions is a character of the artist's, so only the catalog's rules decide. */
function knownMentions(prompt: string): string[] {
  return [...prompt.matchAll(/@([A-Za-z0-9_.]+)/g)].map((match) => (match[1] ?? '').replace(/\.+$/, ''));
}

function inputFor(variantId: string, prompt: string, values: Record<string, unknown>): FormInput {
  const entry = variantById(variantId);
  if (!entry) throw new Error(`no variant ${variantId}`);
  return { description: describeForm(entry), modelId: entry.modelIds[0], prompt, values, files: {}, maskUrl: null, characters: knownMentions(prompt) };
}

function agree(input: FormInput): void {
  const form = formVerdict(input);
  const main = mainVerdict(input);
  expect(main.accepted, `form ${JSON.stringify(form)} main ${JSON.stringify(main)}`).toBe(form.accepted);
  // Without a prompt main stops before looking at the options; otherwise the form keeps the first
  // problem of each field and main lists them all, so the form's reasons are among main's.
  if (form.codes.includes('no_prompt')) return;
  for (const code of form.codes) if (code !== 'unknown_mention') expect(main.codes).toContain(code as ProblemCode);
}

describe('the form and main check a request the same way', () => {
  it('for mentions of created characters, with or without a character task id', () => {
    const characterTask = fc.option(fc.constantFrom('task_01HX', 'not an id', 'task/1', ''), { nil: undefined });
    fc.assert(
      fc.property(prompts, characterTask, (prompt, task) => {
        agree(inputFor('video.vid-2.character', prompt, task === undefined ? {} : { 'metadata.character_url': task }));
      }),
      { numRuns: 300 },
    );
  });

  it('for durations, ratios, counts and styles of the same model', () => {
    const options = fc.record(
      {
        duration: fc.constantFrom(4, 8, 10, 12, '8', 'eight'),
        aspect_ratio: fc.constantFrom('16:9', '9:16', '1:1', ''),
        'metadata.n': fc.constantFrom(0, 1, 4, 5, '2', 2.5),
        'metadata.style': fc.constantFrom('comic', 'noir'),
        'metadata.character_timestamps': fc.constantFrom('3,5', '1,4', 'soon'),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(prompts, options, (prompt, values) => {
        agree(inputFor('video.vid-2-vvip', prompt, values));
      }),
      { numRuns: 300 },
    );
  });

  it('refuses `a@b` alone as a mention in both, and takes `@name`', () => {
    expect(mainVerdict(inputFor('video.vid-2.character', 'a@b', {})).accepted).toBe(false);
    expect(formVerdict(inputFor('video.vid-2.character', 'a@b', {})).accepted).toBe(false);
    expect(formVerdict(inputFor('video.vid-2.character', 'meet @name', {})).accepted).toBe(true);
    expect(mainVerdict(inputFor('video.vid-2.character', 'meet @name', {})).accepted).toBe(true);
    expect(formVerdict(inputFor('video.vid-2.character', 'meet @', {})).codes).toEqual(['mention_required']);
  });
});
