// The library folder, chosen in the system's folder dialog: main asks, so the window can never
// name a folder by itself (what `atelier-media:` serves follows the library folder).
import { dialog, type BrowserWindow, type OpenDialogOptions } from 'electron';
import type { LibraryFolderChooser } from '../core/settings/library-folder';
import type { ShellLanguage } from './shell-text';

const TITLES: Record<ShellLanguage, { title: string; button: string }> = {
  en: { title: 'Choose the library folder', button: 'Use this folder' },
  'zh-CN': { title: '选择作品库文件夹', button: '使用此文件夹' },
};

/** The dialog's options: folders only, starting in the folder in use. */
function libraryFolderDialogOptions(language: ShellLanguage, current: string): OpenDialogOptions {
  const text = TITLES[language];
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
