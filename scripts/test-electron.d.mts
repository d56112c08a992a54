// Types of test-electron.mjs, for its tests.
export function electronTestCommand(facts: {
  platform: string;
  env: Record<string, string | undefined>;
  runtime: string | undefined;
  xvfbRun: string | undefined;
  root: boolean;
}): { command: string; args: string[] } | { problem: string };
