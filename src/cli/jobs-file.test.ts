import { describe, expect, it } from 'vitest';
import { parseJobsFile } from './jobs-file';

describe('parseJobsFile', () => {
  it('splits each line into its body and the CLI keys, skipping blank lines', () => {
    const text =
      '\uFEFF{"model":"gen-image-2","prompt":"a","references":["r.png"],"mask":"m.png","count":3}\r\n\n  \n{"model":"vid-2","prompt":"b","variant":"video.vid-2.official"}\n';
    const { lines, problems } = parseJobsFile(text);
    expect(problems).toEqual([]);
    expect(lines).toEqual([
      { line: 1, body: { model: 'gen-image-2', prompt: 'a' }, references: ['r.png'], mask: 'm.png', count: 3, variant: undefined },
      { line: 4, body: { model: 'vid-2', prompt: 'b' }, references: [], mask: undefined, count: 1, variant: 'video.vid-2.official' },
    ]);
  });

  it('reports every bad line with its number', () => {
    const text = ['{"model":"a"}', '{broken', '[1]', '{"model":"a","count":0}', '{"model":"a","references":"one.png"}', '{"model":"a","mask":5}'].join('\n');
    const { lines, problems } = parseJobsFile(text);
    expect(lines.map((line) => line.line)).toEqual([1]);
    expect(problems.map((problem) => problem.line)).toEqual([2, 3, 4, 5, 6]);
    expect(problems[0]?.message).toMatch(/not valid JSON/);
    expect(problems[1]?.message).toMatch(/must be a JSON object/);
    expect(problems[2]?.message).toMatch(/"count" must be at least 1/);
    expect(problems[3]?.message).toMatch(/"references" must be a list of file paths/);
    expect(problems[4]?.message).toMatch(/"mask" must be a file path/);
  });

  it('refuses an empty file and a file that makes too many jobs', () => {
    expect(parseJobsFile('\n\n').problems).toEqual([{ line: 0, message: expect.stringMatching(/no jobs/) as unknown }]);
    const many = Array.from({ length: 51 }, () => '{"model":"a","count":100}').join('\n');
    expect(parseJobsFile(many).problems[0]?.message).toMatch(/5100 jobs/);
  });
});
