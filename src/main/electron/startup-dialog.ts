import { renameSync } from 'node:fs';
import { app, dialog, shell } from 'electron';
import { createLogger } from '../core/log';
import { diagnoseStartupFailure, setAsideName, startupActions, type StartupAction } from './startup-failure';
import { writeStartupLog } from './startup-log';
import { shellLanguage, shellText, startupDialogText, type StartupText } from './shell-text';

const log = createLogger('startup');

const label = (action: StartupAction, text: StartupText): string =>
  action === 'quit' ? text.buttons.quit : action === 'show-log' ? text.buttons.showLog : text.buttons.setAsideSettings;

/**
 * The studio could not start: writes the error to the start-up log in the app's logs folder, shows
 * a dialog with the cause and the fix, carries out the user's choice, and leaves.
 */
export async function reportStartupFailure(error: unknown): Promise<void> {
  const problem = diagnoseStartupFailure(error);
  log.error(`the studio could not start (${problem.kind})`, error);
  let logFile: string | undefined;
  try {
    logFile = writeStartupLog(app.getPath('logs'), { at: new Date(), version: app.getVersion(), problem, error });
  } catch (logError) {
    log.error('could not write the start-up log', logError);
  }
  await app.whenReady();
  // The settings may be what failed: the system's language, not the settings'.
  const text = shellText(shellLanguage(undefined, app.getLocale())).startup;
  const { message, detail } = startupDialogText(text, problem, logFile);
  const actions = startupActions(problem);
  const choice = dialog.showMessageBoxSync({
    type: 'error',
    title: text.title,
    message,
    detail,
    buttons: actions.map((action) => label(action, text)),
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  });
  const action = actions[choice] ?? 'quit';
  if (action === 'show-log' && logFile !== undefined) shell.showItemInFolder(logFile);
  if (action === 'set-aside-settings' && problem.path !== undefined) {
    try {
      // Kept beside it under a dated name: nothing in it is lost, and the next start has defaults.
      renameSync(problem.path, setAsideName(problem.path, new Date()));
      app.relaunch();
    } catch (renameError) {
      log.error('could not set the settings file aside', renameError);
    }
  }
  app.exit(1);
}
