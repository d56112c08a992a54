// Every text the Electron shell shows itself (menus, tray, dialogs, notifications), read from the
// shared locale files (`src/shared/i18n/<language>/shell.json`) that the window reads too.
import type { NativeProblem } from './native-binding';
import type { SandboxRefusal } from './sandbox-policy';
import { STARTUP_PROBLEM_KINDS, type StartupProblem, type StartupProblemKind } from './startup-failure';
import { isLocaleId, matchLocale, sharedTranslator, type LocaleId } from '../../shared/i18n/locales';
import type { Translate } from '../../shared/i18n/translate';

export type ShellLanguage = LocaleId;

/** The settings' language, with `system` resolved against the operating system's locale. */
export function shellLanguage(setting: string | undefined, systemLocale: string): ShellLanguage {
  if (isLocaleId(setting)) return setting;
  return matchLocale(systemLocale);
}

export interface ShellText {
  menu: {
    file: string;
    edit: string;
    view: string;
    window: string;
    help: string;
    create: string;
    gallery: string;
    timeline: string;
    account: string;
    settings: string;
    openLibrary: string;
    about: string;
  };
  tray: { tooltip: (running: number) => string; show: string; quit: string };
  /** Closing the window with jobs running: to the tray, or minimised where the desktop shows no tray. */
  background: { title: string; body: (running: number) => string; minimisedBody: (running: number) => string };
  batchFinished: (name: string, done: number, failed: number) => { title: string; body: string };
  updateReady: (version: string) => { title: string; body: string };
  updateAvailable: (version: string) => { title: string; body: string };
  quitting: { title: string; heading: string; submissions: (count: number, graceSeconds: number) => string; saving: string; resume: (count: number) => string };
  native: { title: string; message: (problem: NativeProblem, packaged: boolean, path: string) => string };
  /** An installed copy started without Chromium's sandbox (sandbox-policy.ts). */
  sandbox: { title: string; message: (refusal: SandboxRefusal) => string };
  startup: StartupText;
  libraryFolder: { title: string; button: string };
}

export interface StartupText {
  title: string;
  /** What went wrong and how to fix it, per problem; `path` is the file or folder concerned. */
  what: Record<StartupProblemKind, (path: string) => string>;
  fix: Record<StartupProblemKind, string>;
  details: (cause: string, logFile: string | undefined) => string;
  buttons: { quit: string; showLog: string; setAsideSettings: string };
}

/** The start-up dialog's message (what and the fix) and its details (the cause and the log file). */
export function startupDialogText(text: StartupText, problem: StartupProblem, logFile: string | undefined): { message: string; detail: string } {
  return { message: `${text.what[problem.kind](problem.path ?? '')}\n\n${text.fix[problem.kind]}`, detail: text.details(problem.cause, logFile) };
}

/** The shell's texts from a translator over the shared locale files. */
export function shellTextFrom(t: Translate): ShellText {
  const menu = Object.fromEntries(MENU_ITEMS.map((item) => [item, t(`shell.menu.${item}`)])) as ShellText['menu'];
  return {
    menu,
    tray: {
      tooltip: (running) => (running === 0 ? t('shell.tray.idle') : t('shell.tray.running', { count: running })),
      show: t('shell.tray.show'),
      quit: t('shell.tray.quit'),
    },
    background: {
      title: t('shell.background.title'),
      body: (count) => t('shell.background.body', { count }),
      minimisedBody: (count) => t('shell.background.minimisedBody', { count }),
    },
    batchFinished: (name, done, failed) =>
      failed === 0
        ? { title: t('shell.batchFinished.title', { name }), body: t('shell.batchFinished.body', { count: done }) }
        : { title: t('shell.batchFinished.titleWithFailures', { name }), body: t('shell.batchFinished.bodyWithFailures', { done, failed }) },
    updateReady: (version) => ({ title: t('shell.updateReady.title', { version }), body: t('shell.updateReady.body') }),
    updateAvailable: (version) => ({ title: t('shell.updateAvailable.title', { version }), body: t('shell.updateAvailable.body') }),
    quitting: {
      title: t('shell.quitting.title'),
      heading: t('shell.quitting.heading'),
      submissions: (count, graceSeconds) => t('shell.quitting.submissions', { count, graceSeconds }),
      saving: t('shell.quitting.saving'),
      resume: (count) => t('shell.quitting.resume', { count }),
    },
    native: {
      title: t('shell.native.title'),
      message: (problem, packaged, path) => {
        const what =
          problem.kind === 'abi-mismatch'
            ? t('shell.native.abiMismatch', { builtFor: problem.builtFor ?? '?', needs: problem.needs ?? '?' })
            : problem.kind === 'missing'
              ? t('shell.native.missing', { path })
              : t('shell.native.unloadable');
        const fix = t(packaged ? 'shell.native.fixPackaged' : 'shell.native.fixFromSource');
        return `${what}\n\n${fix}\n\n${t('shell.native.details', { cause: problem.cause })}`;
      },
    },
    sandbox: { title: t('shell.sandbox.title'), message: (refusal) => t(`shell.sandbox.${refusal}`) },
    startup: {
      title: t('shell.startup.title'),
      what: Object.fromEntries(STARTUP_PROBLEM_KINDS.map((kind) => [kind, (path: string) => t(`shell.startup.what.${kind}`, { path })])) as StartupText['what'],
      fix: Object.fromEntries(STARTUP_PROBLEM_KINDS.map((kind) => [kind, t(`shell.startup.fix.${kind}`)])) as StartupText['fix'],
      details: (cause, logFile) => [t('shell.startup.details', { cause }), ...(logFile ? [t('shell.startup.log', { logFile })] : [])].join('\n'),
      buttons: {
        quit: t('shell.startup.buttons.quit'),
        showLog: t('shell.startup.buttons.showLog'),
        setAsideSettings: t('shell.startup.buttons.setAsideSettings'),
      },
    },
    libraryFolder: { title: t('shell.libraryFolder.title'), button: t('shell.libraryFolder.button') },
  };
}

const MENU_ITEMS = ['file', 'edit', 'view', 'window', 'help', 'create', 'gallery', 'timeline', 'account', 'settings', 'openLibrary', 'about'] as const;

export function shellText(language: ShellLanguage): ShellText {
  return shellTextFrom(sharedTranslator(language));
}
