import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { diagnoseStartupFailure, setAsideName, startupActions, startupStep } from './startup-failure';
import { writeStartupLog } from './startup-log';
import { shellText, startupDialogText } from './shell-text';

const folders: string[] = [];
const scratch = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-startup-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The error a step throws, as start-up sees it. */
async function failedStep(step: Parameters<typeof startupStep>[0], path: string, run: () => unknown): Promise<unknown> {
  return startupStep(step, path, run).then(
    () => {
      throw new Error('the step did not fail');
    },
    (error: unknown) => error,
  );
}

describe('the start-up failure dialog', () => {
  it('names a damaged settings file, offers to set it aside, and says what is kept', async () => {
    const error = await failedStep('settings', '/home/a/.config/Atelier/settings.json', () => JSON.parse('{"language": "en",'));
    const problem = diagnoseStartupFailure(error);
    expect(problem).toMatchObject({ kind: 'settings-damaged', path: '/home/a/.config/Atelier/settings.json' });
    expect(startupActions(problem)).toEqual(['quit', 'set-aside-settings', 'show-log']);
    const { message, detail } = startupDialogText(shellText('en').startup, problem, '/logs/startup.log');
    expect(message).toContain('The settings file is damaged and cannot be read (/home/a/.config/Atelier/settings.json).');
    expect(message).toContain('Your library and results are kept');
    expect(detail).toMatch(/^Details: .*JSON[\s\S]*\nLog: \/logs\/startup\.log$/);
    expect(startupDialogText(shellText('zh-CN').startup, problem, undefined).message).toContain(
      '设置文件已损坏，无法读取（/home/a/.config/Atelier/settings.json）。',
    );
  });

  it('tells a library database another program holds (a real SQLite lock) from a folder it cannot write', async () => {
    const dir = scratch();
    const file = join(dir, 'library.sqlite');
    const holder = new Database(file);
    holder.pragma('journal_mode = WAL');
    holder.exec('CREATE TABLE t (x); BEGIN IMMEDIATE; INSERT INTO t VALUES (1);');
    try {
      const locked = await failedStep('library', dir, () => {
        const second = new Database(file, { timeout: 0 });
        try {
          second.exec('BEGIN IMMEDIATE');
        } finally {
          second.close();
        }
      });
      const problem = diagnoseStartupFailure(locked);
      expect(problem.kind).toBe('database-locked');
      expect(startupDialogText(shellText('en').startup, problem, undefined).message).toContain('in use by another program');
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
    const denied = Object.assign(new Error("EACCES: permission denied, mkdir '/media/disk/Atelier'"), { code: 'EACCES' });
    const unwritable = diagnoseStartupFailure(await failedStep('library', '/media/disk/Atelier', () => Promise.reject(denied)));
    expect(unwritable).toMatchObject({ kind: 'library-unwritable', path: '/media/disk/Atelier' });
    expect(startupActions(unwritable)).toEqual(['quit', 'show-log']);
    expect(startupDialogText(shellText('en').startup, unwritable, undefined).message).toContain('cannot write to the library folder (/media/disk/Atelier)');
  });

  it('says something unexpected happened, and points to the log, for any other error', () => {
    const problem = diagnoseStartupFailure(new TypeError('x is not a function'));
    expect(problem).toEqual({ kind: 'unknown', path: undefined, cause: 'x is not a function' });
    expect(startupDialogText(shellText('en').startup, problem, '/logs/startup.log').message).toContain('The log file has the details');
  });

  it('sets a damaged settings file aside under a dated name beside it', () => {
    expect(setAsideName('/data/settings.json', new Date('2026-01-02T03:04:05.678Z'))).toBe('/data/settings.damaged-2026-01-02T03-04-05.json');
  });
});

describe('the start-up log', () => {
  it('appends the cause, the stack and the chain of causes to an owner-only file in the logs folder', async () => {
    const logs = join(scratch(), 'logs');
    const denied = Object.assign(new Error("EACCES: permission denied, mkdir '/media/disk/Atelier'"), { code: 'EACCES' });
    const error = await failedStep('library', '/media/disk/Atelier', () => Promise.reject(denied));
    const at = new Date('2026-01-02T03:04:05.000Z');
    const file = writeStartupLog(logs, { at, version: '1.2.3', problem: diagnoseStartupFailure(error), error });
    writeStartupLog(logs, { at, version: '1.2.3', problem: diagnoseStartupFailure(new Error('second')), error: new Error('second') });
    const text = readFileSync(file, 'utf8');
    expect(file).toBe(join(logs, 'startup.log'));
    expect(text).toContain('2026-01-02T03:04:05.000Z Atelier 1.2.3 could not start: library-unwritable (/media/disk/Atelier)');
    expect(text).toMatch(/caused by:\n\s+Error: EACCES: permission denied[\s\S]*code: EACCES/);
    expect(text).toContain('could not start: unknown');
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
