/**
 * A small module-named logger. App code logs through this, never `console` directly (lint enforces
 * it). In web mode the console is the user's terminal: text lines are escaped, since they may quote
 * what a browser or the gateway sent.
 */
import { inspect } from 'node:util';
import { escapeForTerminal } from './terminal-text';

export interface Logger {
  info(message: string, ...rest: unknown[]): void;
  warn(message: string, ...rest: unknown[]): void;
  error(message: string, ...rest: unknown[]): void;
}

type Level = 'info' | 'warn' | 'error';

const quiet = process.env.ATELIER_LOG === 'silent';

export function createLogger(module: string): Logger {
  const write = (level: Level, message: string, rest: unknown[]): void => {
    if (quiet) return;
    const line = `${new Date().toISOString()} ${level.padEnd(5)} [${module}] ${escapeForTerminal(message)}`;
    // eslint-disable-next-line no-console -- the logger is the one place that writes to the console
    (level === 'info' ? console.log : console.error)(line, ...rest.map(escapedPart));
  };
  return {
    info: (m, ...r) => write('info', m, r),
    warn: (m, ...r) => write('warn', m, r),
    error: (m, ...r) => write('error', m, r),
  };
}

/** A further part of a log line as escaped text: an error or object as the console would show it (its message may quote the gateway). */
function escapedPart(part: unknown): string {
  return typeof part === 'string' ? escapeForTerminal(part) : escapeForTerminal(inspect(part), { lines: true });
}
