/** Where the CLI writes: results and summaries on stdout, notes and errors on stderr. */
export interface CliIo {
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  env: NodeJS.ProcessEnv;
}
