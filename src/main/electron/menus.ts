// The application menu and the tray menu as plain templates (Electron's MenuItemConstructorOptions):
// built and tested here without Electron; menu-bar.ts turns them into menus.
import type { MenuItemConstructorOptions } from 'electron';
import type { ShellText } from './shell-text';

/** Pages a menu item can open in the window (the renderer's routes). */
export type MenuPage = 'create' | 'gallery' | 'timeline' | 'account' | 'settings';

export interface MenuActions {
  navigate(page: MenuPage): void;
  openLibraryFolder(): void;
}

const pageItem = (label: string, page: MenuPage, accelerator: string, actions: MenuActions): MenuItemConstructorOptions => ({
  label,
  accelerator,
  click: () => actions.navigate(page),
});

/** The standard menu of a desktop app, with the studio's pages under View and the usual shortcuts. */
export function applicationMenuTemplate(platform: string, text: ShellText, actions: MenuActions, development: boolean): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const settings = pageItem(text.menu.settings, 'settings', 'CmdOrCtrl+,', actions);
  const appMenu: MenuItemConstructorOptions = {
    label: 'Atelier',
    submenu: [
      { role: 'about', label: text.menu.about },
      { type: 'separator' },
      settings,
      { type: 'separator' },
      { role: 'services' },
      { type: 'separator' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { type: 'separator' },
      { role: 'quit' },
    ],
  };
  const file: MenuItemConstructorOptions = {
    label: text.menu.file,
    submenu: [
      pageItem(text.menu.create, 'create', 'CmdOrCtrl+N', actions),
      { label: text.menu.openLibrary, accelerator: 'CmdOrCtrl+Shift+O', click: () => actions.openLibraryFolder() },
      { type: 'separator' },
      ...(mac ? [] : [settings, { type: 'separator' } as const]),
      { role: 'close', accelerator: 'CmdOrCtrl+W' },
      ...(mac ? [] : [{ role: 'quit', accelerator: 'CmdOrCtrl+Q' } as const]),
    ],
  };
  const edit: MenuItemConstructorOptions = {
    label: text.menu.edit,
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'delete' },
      { type: 'separator' },
      { role: 'selectAll' },
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: text.menu.view,
    submenu: [
      pageItem(text.menu.create, 'create', 'CmdOrCtrl+1', actions),
      pageItem(text.menu.gallery, 'gallery', 'CmdOrCtrl+2', actions),
      pageItem(text.menu.timeline, 'timeline', 'CmdOrCtrl+3', actions),
      pageItem(text.menu.account, 'account', 'CmdOrCtrl+4', actions),
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
      ...(development ? [{ type: 'separator' } as const, { role: 'reload' } as const, { role: 'toggleDevTools' } as const] : []),
    ],
  };
  const window: MenuItemConstructorOptions = {
    label: text.menu.window,
    submenu: mac ? [{ role: 'minimize' }, { role: 'zoom' }, { type: 'separator' }, { role: 'front' }] : [{ role: 'minimize' }, { role: 'close' }],
  };
  const help: MenuItemConstructorOptions = { role: 'help', label: text.menu.help, submenu: [{ role: 'about', label: text.menu.about }] };
  return mac ? [appMenu, file, edit, view, window, help] : [file, edit, view, window, help];
}

export interface TrayActions {
  show(): void;
  quit(): void;
}

/** The tray icon's menu: open the window, see how much is running, quit (which waits for the studio). */
export function trayMenuTemplate(text: ShellText, runningJobs: number, actions: TrayActions): MenuItemConstructorOptions[] {
  return [
    { label: text.tray.show, click: () => actions.show() },
    { type: 'separator' },
    { label: text.tray.tooltip(runningJobs), enabled: false },
    { type: 'separator' },
    { label: text.tray.quit, click: () => actions.quit() },
  ];
}
