import { describe, expect, it } from 'vitest';
import { DEFAULT_CONCURRENCY, parseCliArgs, UsageError } from './args';

describe('parseCliArgs', () => {
  it('reads a batch command with every option', () => {
    expect(parseCliArgs(['batch', 'jobs.jsonl', '--gateway', 'https://gw.example.com/', '--library', '/lib', '--concurrency', '8', '--json', '--new'])).toEqual(
      {
        command: 'batch',
        jobsFile: 'jobs.jsonl',
        gateway: 'https://gw.example.com',
        library: '/lib',
        concurrency: 8,
        json: true,
        fresh: true,
      },
    );
  });

  it('defaults the options', () => {
    expect(parseCliArgs(['batch', 'jobs.jsonl'])).toMatchObject({
      gateway: undefined,
      library: undefined,
      concurrency: DEFAULT_CONCURRENCY,
      json: false,
      fresh: false,
    });
  });

  it('answers help with no arguments or --help', () => {
    expect(parseCliArgs([])).toEqual({ command: 'help' });
    expect(parseCliArgs(['batch', '--help'])).toEqual({ command: 'help' });
  });

  it.each([
    [['batch', 'a.jsonl', '--concurrency', '0'], /--concurrency must be a whole number/],
    [['batch', 'a.jsonl', '--concurrency', '2.5'], /--concurrency/],
    [['batch', 'a.jsonl', '--concurrency', '99'], /from 1 to 32/],
    [['batch'], /Name the jobs file/],
    [['run', 'a.jsonl'], /Unknown command "run"/],
    [['batch', 'a.jsonl', 'b.jsonl'], /Unexpected argument: b.jsonl/],
    [['batch', 'a.jsonl', '--gateway', 'ftp://x'], /http\(s\) address/],
    [['batch', 'a.jsonl', '--gateway', 'not a url'], /http\(s\) address/],
    [['batch', 'a.jsonl', '--frobnicate'], /Unknown option '--frobnicate'/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(UsageError);
    expect(() => parseCliArgs(argv)).toThrow(message);
  });

  it.each([['--key', 'sk-abc'], ['--api-key=sk-abc'], ['--API_KEY', 'x'], ['--token', 'x'], ['sk-0123456789abcdef']])(
    'refuses a key on the command line (%s) and points to ATELIER_API_KEY',
    (...extra) => {
      expect(() => parseCliArgs(['batch', 'a.jsonl', ...extra])).toThrow(/ATELIER_API_KEY/);
    },
  );

  it('refuses credentials inside the gateway address', () => {
    expect(() => parseCliArgs(['batch', 'a.jsonl', '--gateway', 'https://user:secret@gw.example.com'])).toThrow(/ATELIER_API_KEY/);
  });

  it('refuses plain http to another computer (the key would cross the network readable), accepts it for this one', () => {
    expect(() => parseCliArgs(['batch', 'a.jsonl', '--gateway', 'http://gw.example.com'])).toThrow(/--gateway: Use https:\/\//);
    expect(parseCliArgs(['batch', 'a.jsonl', '--gateway', 'http://127.0.0.1:8787'])).toMatchObject({ gateway: 'http://127.0.0.1:8787' });
  });
});
