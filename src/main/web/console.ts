/**
 * Web mode's console: the terminal it was started from is the one place that is surely the person
 * at this computer, not a browser. Enter prints a new one-time launch address; a change of the
 * library folder proposed in a browser waits for "yes" here. Nothing a browser sent is printed
 * unescaped: the proposal is shown as its real path with every deceptive character spelt out.
 */
import { createInterface } from 'node:readline';
import type { LibraryFolderChooser } from '../core/settings/library-folder';
import { StudioFailure } from '../core/router/failure';
import { escapeForTerminal } from '../core/terminal-text';

/** How long a proposal waits for its answer before it counts as declined. */
const CONFIRM_TIMEOUT_MS = 5 * 60 * 1000;

export interface WebConsoleOptions {
  input: NodeJS.ReadableStream & { isTTY?: boolean };
  output: NodeJS.WritableStream;
  confirmTimeoutMs?: number;
}

export interface WebConsole {
  /** Asks on the console to confirm the folder a browser proposed. */
  readonly libraryFolderChooser: LibraryFolderChooser;
  /** Where Enter gets a new launch address from, once the server is listening. */
  offerLaunchAddresses(newLaunchUrl: () => string): void;
  close(): void;
}

interface Question {
  answer(yes: boolean): void;
}

export function startWebConsole(options: WebConsoleOptions): WebConsole {
  const { input, output } = options;
  const say = (text: string): void => void output.write(`${text}\n`);
  let open = true;
  let pending: Question | undefined;
  let newLaunchUrl: (() => string) | undefined;
  const lines = createInterface({ input, terminal: false });
  lines.on('line', (line) => {
    const question = pending;
    if (question !== undefined) {
      pending = undefined;
      question.answer(/^\s*y(es)?\s*$/i.test(line));
    } else if (line.trim() === '' && newLaunchUrl !== undefined) {
      say(`A new launch address (it works once, for one browser):\n  ${newLaunchUrl()}`);
    }
  });
  lines.on('close', () => {
    open = false;
    pending?.answer(false);
    pending = undefined;
  });

  const ask = (text: string): Promise<boolean> =>
    new Promise((resolve) => {
      // A newer proposal replaces one still waiting: that one is declined.
      pending?.answer(false);
      const timer = setTimeout(() => {
        if (pending !== question) return;
        pending = undefined;
        say('No answer came; nothing was changed.');
        resolve(false);
      }, options.confirmTimeoutMs ?? CONFIRM_TIMEOUT_MS);
      const question: Question = {
        answer: (yes) => {
          clearTimeout(timer);
          say(yes ? 'Confirmed.' : 'Declined; nothing was changed.');
          resolve(yes);
        },
      };
      pending = question;
      say(text);
    });

  return {
    libraryFolderChooser: {
      async choose(proposed) {
        if (!open) throw StudioFailure.of('library_folder_unconfirmable');
        if (proposed === undefined) return undefined;
        const yes = await ask(
          `\nA browser asks to keep the studio's results in:\n  ${escapeForTerminal(proposed)}\n` +
            'From the next start the studio serves every file in that folder to its browser sessions.\n' +
            'Type "yes" and press Enter to allow it (anything else declines):',
        );
        return yes ? proposed : undefined;
      },
    },
    offerLaunchAddresses(source) {
      newLaunchUrl = source;
      if (input.isTTY === true) say('Press Enter here for another launch address.');
    },
    close() {
      lines.close();
    },
  };
}
