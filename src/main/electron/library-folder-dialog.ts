// The library folder, chosen in the system's folder dialog: main asks, so the window can never
// name a folder by itself (what `atelier-media:` serves follows the library folder).
import { dialog, type BrowserWindow, type OpenDialogOptions } from 'electron';
import type { LibraryFolderChooser } from '../core/settings/library-folder';
import { shellText, type ShellLanguage } from './shell-text';

/** The dialog's options: folders only, starting in the folder in use. */
function libraryFolderDialogOptions(language: ShellLanguage, current: string): OpenDialogOptions {
  const text = shellText(language).libraryFolder;
  return { title: text.title, buttonLabel: text.button, defaultPath: current, properties: ['openDirectory', 'createDirectory', 'dontAddToRecent'] };
}

/** Asks with the folder dialog, attached to the studio's window when it is open. */
export function libraryFolderDialog(deps: {
  window: () => BrowserWindow | undefined;
  language: () => Promise<ShellLanguage>;
  current: () => string;
}): LibraryFolderChooser {
  return {
    async choose() {
      const options = libraryFolderDialogOptions(await deps.language(), deps.current());
      const parent = deps.window();
      const result = parent && !parent.isDestroyed() ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
      return result.canceled ? undefined : result.filePaths[0];
    },
  };
}
