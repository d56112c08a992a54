/**
 * Command-line arguments of `atelier`: `batch <jobs.jsonl> [--gateway URL] [--library DIR]
 * [--concurrency N] [--json]`. The API key is never an argument (shell history, `ps`): it comes
 * from ATELIER_API_KEY, and anything that looks like a key on the command line is refused.
 */
import { parseArgs } from 'node:util';
import { gatewayAddressProblem } from '../shared/contract/gateway-address';
import { sayInEnglish } from '../shared/i18n/locales';

/** Exit codes of the CLI. */
export const EXIT = {
  /** Every job completed. */
  ok: 0,
  /** At least one job failed (or ended in an unknown state). */
  jobsFailed: 1,
  /** Bad usage or bad input: nothing was submitted. */
  usage: 2,
  /** Stopped by Ctrl-C; the same command resumes. */
  interrupted: 130,
} as const;

export const DEFAULT_CONCURRENCY = 4;
const MAX_CONCURRENCY = 32;

export const USAGE = `Usage: npm run atelier -- batch <jobs.jsonl> [options]

Runs every job of a JSONL file (one gateway request body per line) and downloads the results.

Options:
  --gateway <url>      gateway base address (the key is read from ATELIER_API_KEY);
                       without it, an embedded demo gateway answers
  --library <dir>      library folder for results and the batch record (default: a
                       "cli-library" folder beside the studio's; the studio's own library
                       works too while the studio is closed)
  --concurrency <n>    jobs running at once, 1-${MAX_CONCURRENCY} (default ${DEFAULT_CONCURRENCY})
  --json               print one JSON object with every job's result on stdout, nothing else
  --new                start a new batch even if this file already ran against this gateway
                       (by default the same command resumes, or reports, its earlier batch)
  -h, --help           show this help

Each line: {"model": "...", "prompt": "...", ...options of the model,
            "references": ["local/image.png"], "mask": "local/mask.png", "count": 2}
Paths are relative to the JSONL file. "variant": "<id>" picks a variant when a model has several.

Environment: ATELIER_API_KEY (the gateway key; never an argument), ATELIER_POLL_INTERVAL_MS
(poll every N ms instead of the interface's advice), ATELIER_LOG (service logs on stderr).

Exit codes: 0 all completed, 1 some failed, 2 bad usage or input, 130 interrupted (rerun to resume).`;

/** Bad usage: the message says what to do; the exit code is 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export interface BatchArgs {
  command: 'batch';
  jobsFile: string;
  gateway: string | undefined;
  library: string | undefined;
  concurrency: number;
  json: boolean;
  /** Start a new batch instead of resuming the one made from the same input. */
  fresh: boolean;
}

export type CliArgs = BatchArgs | { command: 'help' };

const KEY_FLAG = /^--?(api[-_]?key|key|token|secret|password|passwd|auth|authorization|bearer)(=.*)?$/i;
const KEY_VALUE = /^(sk-[A-Za-z0-9_-]{8,}|Bearer\s)/;
const KEY_MESSAGE =
  'The API key is never taken from the command line (it would stay in your shell history and be visible to other processes). ' +
  'Set it in the environment instead: ATELIER_API_KEY=sk-... npm run atelier -- batch ...';

/** Throws a UsageError when an argument is, or names, a secret. */
function refuseKeys(argv: readonly string[]): void {
  for (const arg of argv) {
    if (KEY_FLAG.test(arg) || KEY_VALUE.test(arg)) throw new UsageError(KEY_MESSAGE);
  }
}

function parseConcurrency(text: string | undefined): number {
  if (text === undefined) return DEFAULT_CONCURRENCY;
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isInteger(value) || value < 1 || value > MAX_CONCURRENCY) {
    throw new UsageError(`--concurrency must be a whole number from 1 to ${MAX_CONCURRENCY} (got "${text}")`);
  }
  return value;
}

function parseGateway(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--gateway must be an http(s) address such as https://gateway.example.com (got "${text}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`--gateway must be an http(s) address (got "${text}")`);
  }
  if (url.username !== '' || url.password !== '') throw new UsageError(KEY_MESSAGE);
  // The key goes with every request: plain http only to this computer.
  const problem = gatewayAddressProblem(text);
  if (problem !== undefined) throw new UsageError(`--gateway: ${sayInEnglish(problem)}`);
  return text.replace(/\/+$/, '');
}

/** Reads the command line (without `node` and the script). Throws UsageError. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  refuseKeys(argv);
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        gateway: { type: 'string' },
        library: { type: 'string' },
        concurrency: { type: 'string' },
        json: { type: 'boolean', default: false },
        new: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || command === 'help' || (command === undefined && argv.length === 0)) return { command: 'help' };
  if (command !== 'batch') {
    throw new UsageError(command === undefined ? 'Name a command: batch <jobs.jsonl>' : `Unknown command "${command}"; the command is: batch <jobs.jsonl>`);
  }
  const [jobsFile, ...extra] = rest;
  if (jobsFile === undefined || jobsFile.trim() === '') throw new UsageError('Name the jobs file: batch <jobs.jsonl>');
  if (extra.length > 0) throw new UsageError(`Unexpected argument${extra.length === 1 ? '' : 's'}: ${extra.join(' ')}`);
  if (values.library?.trim() === '') throw new UsageError('--library needs a folder');
  return {
    command: 'batch',
    jobsFile,
    gateway: parseGateway(values.gateway),
    library: values.library,
    concurrency: parseConcurrency(values.concurrency),
    json: values.json,
    fresh: values.new,
  };
}

/** Whether `--json` was asked for, read even from a command line that does not parse. */
export function wantsJson(argv: readonly string[]): boolean {
  return argv.includes('--json');
}
