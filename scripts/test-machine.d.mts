// Types of test-machine.mjs, for its tests.
type Mode = 'auto' | 'no' | 'dry-run';
type Sudo = 'works' | 'password' | 'missing';
type Decision =
  | { action: 'run' }
  | { action: 'install'; runner: string[]; command: string }
  | { action: 'stop'; reason: string; command: string }
  | { action: 'dry-run'; command: string };
export interface Machine {
  env: Record<string, string | undefined>;
  platform: string;
  root: boolean;
  run(command: string, args: string[], options?: { inherit?: boolean }): { status: number | null; stdout: string };
  readOsRelease(): string | undefined;
  exists(path: string): boolean;
  playwrightChromium(): Promise<boolean>;
  print(line: string): void;
}
export const NEEDED: readonly { name: string; why: string }[];
export function installMode(value: string | undefined): Mode | undefined;
export function distributionOf(osRelease: string | undefined): 'ubuntu' | 'debian' | undefined;
export function missingPackages(listing: string, names: readonly string[]): string[];
export function installCommand(names: readonly string[], who: { root: boolean; sudo?: Sudo; distribution?: 'ubuntu' | 'debian' }): string;
export function decide(facts: { missing: readonly string[]; distribution: 'ubuntu' | 'debian' | undefined; mode: Mode; root: boolean; sudo: Sudo }): Decision;
export function report(decision: Decision, missing: readonly string[], distribution: 'ubuntu' | 'debian' | undefined): string[];
export function thisMachine(): Machine;
export function prepareTestMachine(machine?: Machine): Promise<number | undefined>;
