import { Menu } from 'electron';
import { applicationMenuTemplate, type MenuActions } from './menus';
import type { ShellText } from './shell-text';

/** Installs the application menu (again after a language change). */
export function installApplicationMenu(text: ShellText, actions: MenuActions, development: boolean): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(applicationMenuTemplate(process.platform, text, actions, development)));
}
