import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { applicationMenuTemplate, trayMenuTemplate, type MenuPage } from './menus';
import { shellText } from './shell-text';

/** Every item of a template, submenus included. */
function items(template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return template.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? items(item.submenu) : [])]);
}

function recorder() {
  const visited: MenuPage[] = [];
  let libraryOpened = 0;
  return {
    visited,
    opened: () => libraryOpened,
    actions: {
      navigate: (page: MenuPage) => visited.push(page),
      openLibraryFolder: () => {
        libraryOpened++;
      },
    },
  };
}

const click = (item: MenuItemConstructorOptions | undefined): void => {
  (item?.click as (() => void) | undefined)?.();
};

describe('the application menu', () => {
  it.each(['linux', 'win32', 'darwin'])('has the standard menus and shortcuts on %s', (platform) => {
    const { actions } = recorder();
    const all = items(applicationMenuTemplate(platform, shellText('en'), actions, false));
    const roles = all.map((i) => i.role).filter(Boolean);
    for (const role of [
      'undo',
      'redo',
      'cut',
      'copy',
      'paste',
      'selectAll',
      'quit',
      'close',
      'minimize',
      'togglefullscreen',
      'zoomIn',
      'zoomOut',
      'resetZoom',
      'about',
    ]) {
      expect(roles).toContain(role);
    }
    const accelerators = all.map((i) => i.accelerator).filter(Boolean);
    for (const key of ['CmdOrCtrl+,', 'CmdOrCtrl+1', 'CmdOrCtrl+2', 'CmdOrCtrl+3', 'CmdOrCtrl+4', 'CmdOrCtrl+N', 'CmdOrCtrl+Shift+O'])
      expect(accelerators).toContain(key);
    // One shortcut, one action.
    expect(new Set(accelerators).size).toBe(accelerators.length);
    expect(roles).not.toContain('toggleDevTools');
  });

  it('puts the app menu first on macOS, with Settings and Quit in it', () => {
    const { actions } = recorder();
    const [first] = applicationMenuTemplate('darwin', shellText('en'), actions, false);
    expect(first?.label).toBe('Atelier');
    const inside = items(Array.isArray(first?.submenu) ? first.submenu : []);
    expect(inside.some((i) => i.accelerator === 'CmdOrCtrl+,')).toBe(true);
    expect(inside.some((i) => i.role === 'quit')).toBe(true);
    expect(applicationMenuTemplate('linux', shellText('en'), actions, false)[0]?.label).toBe('File');
  });

  it('opens the pages and the library folder from their items', () => {
    const { actions, visited, opened } = recorder();
    const all = items(applicationMenuTemplate('linux', shellText('en'), actions, false));
    for (const key of ['CmdOrCtrl+1', 'CmdOrCtrl+2', 'CmdOrCtrl+3', 'CmdOrCtrl+4', 'CmdOrCtrl+,']) click(all.find((i) => i.accelerator === key));
    expect(visited).toEqual(['create', 'gallery', 'timeline', 'account', 'settings']);
    click(all.find((i) => i.accelerator === 'CmdOrCtrl+Shift+O'));
    expect(opened()).toBe(1);
  });

  it('speaks Chinese when the studio does, and offers developer tools only from source', () => {
    const { actions } = recorder();
    const labels = applicationMenuTemplate('linux', shellText('zh-CN'), actions, true).map((m) => m.label);
    expect(labels).toEqual(['文件', '编辑', '视图', '窗口', '帮助']);
    expect(items(applicationMenuTemplate('linux', shellText('en'), actions, true)).map((i) => i.role)).toContain('toggleDevTools');
  });
});

describe('the tray menu', () => {
  it('shows the window, says how many jobs run, and quits', () => {
    let shown = 0;
    let quit = 0;
    const template = trayMenuTemplate(shellText('en'), 3, {
      show: () => {
        shown++;
      },
      quit: () => {
        quit++;
      },
    });
    expect(template.map((i) => i.label).filter(Boolean)).toEqual(['Show Atelier', 'Atelier: 3 jobs running', 'Quit Atelier']);
    click(template[0]);
    click(template.at(-1));
    expect({ shown, quit }).toEqual({ shown: 1, quit: 1 });
  });
});
