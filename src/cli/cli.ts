/** The command line after the bootstrap (`index.ts`): parse, dispatch, exit code. */
import { EXIT, parseCliArgs, USAGE, UsageError, wantsJson } from './args';
import { runBatchCommand } from './batch-command';
import type { CliIo } from './cli-io';
import { jsonResult } from './report';

/** Runs the command line; resolves to the exit code. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const args = parseCliArgs(argv);
    if (args.command === 'help') {
      io.stdout.write(`${USAGE}\n`);
      return EXIT.ok;
    }
    return await runBatchCommand(args, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`atelier: ${error.message}\n`);
    if (wantsJson(argv)) io.stdout.write(`${JSON.stringify(jsonResult([], { id: null, resumed: false }, [{ line: 0, message: error.message }]))}\n`);
    else io.stderr.write('Run "npm run atelier -- --help" for usage.\n');
    return EXIT.usage;
  }
}
