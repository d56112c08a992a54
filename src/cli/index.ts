/**
 * `npm run atelier -- batch <jobs.jsonl> [--gateway URL] [--library DIR] [--concurrency N] [--json]`:
 * the studio's job engine without a window, for batch users and scripts. `--help` explains.
 *
 * A bootstrap: stdout belongs to the command's own output (`--json` prints exactly one object),
 * so the studio's service logs are silenced unless ATELIER_LOG asks for them, and then go to
 * stderr. This must happen before the services' modules load, hence the dynamic import.
 */
process.env.ATELIER_LOG ??= 'silent';
console.log = console.error.bind(console);

const { main } = await import('./cli');
const { EXIT } = await import('./args');

const code = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env }).catch((error: unknown) => {
  process.stderr.write(`atelier: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  return EXIT.jobsFailed;
});
process.exitCode = code;
// A service's leftover timer must not keep a finished command alive; output is flushed first.
process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
export {};
