// Every text the Electron shell shows itself (menus, tray, dialogs, notifications), in English and
// Simplified Chinese. The window's own texts live with the renderer.
import type { NativeProblem } from './native-binding';
import type { SandboxRefusal } from './sandbox-policy';
import type { StartupProblem, StartupProblemKind } from './startup-failure';

export type ShellLanguage = 'en' | 'zh-CN';

/** The settings' language, with `system` resolved against the operating system's locale. */
export function shellLanguage(setting: string | undefined, systemLocale: string): ShellLanguage {
  if (setting === 'en' || setting === 'zh-CN') return setting;
  return systemLocale.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
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

const en: ShellText = {
  menu: {
    file: 'File',
    edit: 'Edit',
    view: 'View',
    window: 'Window',
    help: 'Help',
    create: 'Create',
    gallery: 'Gallery',
    timeline: 'Timeline',
    account: 'Account',
    settings: 'Settings…',
    openLibrary: 'Open Library Folder',
    about: 'About Atelier',
  },
  tray: {
    tooltip: (running) => (running === 0 ? 'Atelier' : `Atelier: ${running} ${running === 1 ? 'job' : 'jobs'} running`),
    show: 'Show Atelier',
    quit: 'Quit Atelier',
  },
  background: {
    title: 'Atelier keeps working in the background',
    body: (running) => `${running} ${running === 1 ? 'job is' : 'jobs are'} still running. Open Atelier or quit it from its icon in the tray.`,
    minimisedBody: (running) =>
      `${running} ${running === 1 ? 'job is' : 'jobs are'} still running, so Atelier is minimised rather than closed (this desktop shows no tray icon). Quit it from its menu or with Ctrl+Q.`,
  },
  batchFinished: (name, done, failed) => ({
    title: failed === 0 ? `“${name}” is finished` : `“${name}” finished with failures`,
    body: failed === 0 ? `${done} ${done === 1 ? 'result is' : 'results are'} in the library.` : `${done} done, ${failed} failed.`,
  }),
  updateReady: (version) => ({ title: `Atelier ${version} is ready`, body: 'It installs when you quit Atelier; running jobs are not interrupted.' }),
  updateAvailable: (version) => ({
    title: `Atelier ${version} is available`,
    body: 'Install it from where you got Atelier (your package manager or the download page).',
  }),
  quitting: {
    title: 'Atelier is quitting',
    heading: 'Finishing before quitting',
    submissions: (count, grace) =>
      `Waiting for ${count} ${count === 1 ? 'request' : 'requests'} on the way to the gateway, so none is lost or paid twice (at most ${grace} seconds).`,
    saving: 'Saving the library.',
    resume: (count) => `${count} running ${count === 1 ? 'job resumes' : 'jobs resume'} when Atelier starts again.`,
  },
  native: {
    title: 'Atelier cannot open its library',
    message: (problem, packaged, path) => {
      const what =
        problem.kind === 'abi-mismatch'
          ? `The SQLite module was built for another runtime (ABI ${problem.builtFor ?? '?'}; Electron needs ${problem.needs ?? '?'}).`
          : problem.kind === 'missing'
            ? `The SQLite module built for Electron is missing (${path}).`
            : 'The SQLite module could not be loaded.';
      const fix = packaged
        ? 'Reinstall Atelier from its installer; this copy is incomplete.'
        : 'Run "npm run native:electron" in the project folder (it builds the module for Electron in .native/), then start again. "npm start" does this by itself when it can.';
      return `${what}\n\n${fix}\n\nDetails: ${problem.cause}`;
    },
  },
  sandbox: {
    title: 'Atelier cannot start safely',
    message: (refusal) =>
      refusal === 'appimage'
        ? "This system does not let the AppImage use Chromium's sandbox (Ubuntu 23.10 and later allow it only to programs with an AppArmor profile, which an AppImage cannot install), and Atelier does not run without it.\n\nInstall Atelier's .deb package instead: it installs that profile. Your library and settings are kept."
        : "Atelier was started with --no-sandbox, and it does not run without Chromium's sandbox.\n\nStart it without that option.",
  },
  startup: {
    title: 'Atelier could not start',
    what: {
      'settings-damaged': (path) => `The settings file is damaged and cannot be read (${path}).`,
      'settings-unreadable': (path) => `The settings file cannot be read or written (${path}).`,
      'data-folder-unwritable': (path) => `Atelier cannot write to its data folder (${path}).`,
      'library-unwritable': (path) => `Atelier cannot write to the library folder (${path}).`,
      'database-locked': () => 'The library database is in use by another program: the atelier command line, or another copy of Atelier.',
      'database-damaged': () => 'The library database is damaged.',
      'database-too-new': () => 'The library was last opened by a newer version of Atelier.',
      unknown: () => 'Something unexpected stopped Atelier from starting.',
    },
    fix: {
      'settings-damaged':
        'Choose “Set it aside and start” to keep the file as a copy beside it and start with default settings. Your library and results are kept; gateway profiles and keys need to be entered again.',
      'settings-unreadable': 'Check that the file belongs to you and that you may read and write it, then start Atelier again.',
      'data-folder-unwritable': 'Check that the folder belongs to you and that the disk is neither full nor read-only, then start Atelier again.',
      'library-unwritable': 'Check that the folder exists, that the drive it is on is connected, and that you may write to it; then start Atelier again.',
      'database-locked': 'Close that program (or wait for its batch to finish), then start Atelier again.',
      'database-damaged':
        'Move the database file named in the log aside and start again. Your results and the recipe beside each one stay in the library folder.',
      'database-too-new': 'Install that version of Atelier (or a newer one) again.',
      unknown: 'The log file has the details; please include it when you report the problem.',
    },
    details: (cause, logFile) => `Details: ${cause}${logFile ? `\nLog: ${logFile}` : ''}`,
    buttons: { quit: 'Quit', showLog: 'Show the Log', setAsideSettings: 'Set It Aside and Start' },
  },
};

const zh: ShellText = {
  menu: {
    file: '文件',
    edit: '编辑',
    view: '视图',
    window: '窗口',
    help: '帮助',
    create: '创作',
    gallery: '作品库',
    timeline: '时间线',
    account: '账户',
    settings: '设置…',
    openLibrary: '打开作品库文件夹',
    about: '关于 Atelier',
  },
  tray: {
    tooltip: (running) => (running === 0 ? 'Atelier' : `Atelier：${running} 个任务运行中`),
    show: '显示 Atelier',
    quit: '退出 Atelier',
  },
  background: {
    title: 'Atelier 在后台继续工作',
    body: (running) => `仍有 ${running} 个任务在运行。可从托盘图标打开或退出 Atelier。`,
    minimisedBody: (running) => `仍有 ${running} 个任务在运行，因此 Atelier 已最小化而未关闭（此桌面不显示托盘图标）。可从菜单或按 Ctrl+Q 退出。`,
  },
  batchFinished: (name, done, failed) => ({
    title: failed === 0 ? `“${name}”已完成` : `“${name}”已结束，部分失败`,
    body: failed === 0 ? `${done} 个结果已存入作品库。` : `完成 ${done} 个，失败 ${failed} 个。`,
  }),
  updateReady: (version) => ({ title: `Atelier ${version} 已就绪`, body: '退出 Atelier 时安装，不会打断运行中的任务。' }),
  updateAvailable: (version) => ({ title: `Atelier ${version} 已发布`, body: '请从获取 Atelier 的地方安装（软件包管理器或下载页面）。' }),
  quitting: {
    title: 'Atelier 正在退出',
    heading: '退出前正在收尾',
    submissions: (count, grace) => `正在等待 ${count} 个发往网关的请求完成，以免丢失或重复扣费（最多 ${grace} 秒）。`,
    saving: '正在保存作品库。',
    resume: (count) => `${count} 个运行中的任务将在下次启动 Atelier 时继续。`,
  },
  native: {
    title: 'Atelier 无法打开作品库',
    message: (problem, packaged, path) => {
      const what =
        problem.kind === 'abi-mismatch'
          ? `SQLite 模块是为其他运行时编译的（ABI ${problem.builtFor ?? '?'}；Electron 需要 ${problem.needs ?? '?'}）。`
          : problem.kind === 'missing'
            ? `缺少为 Electron 编译的 SQLite 模块（${path}）。`
            : '无法加载 SQLite 模块。';
      const fix = packaged
        ? '请用安装程序重新安装 Atelier；当前安装不完整。'
        : '请在项目文件夹中运行 "npm run native:electron"（它会在 .native/ 中为 Electron 编译该模块），然后重新启动。"npm start" 在可以时会自动完成这一步。';
      return `${what}\n\n${fix}\n\n详情：${problem.cause}`;
    },
  },
  sandbox: {
    title: 'Atelier 无法安全启动',
    message: (refusal) =>
      refusal === 'appimage'
        ? '此系统不允许 AppImage 使用 Chromium 的沙箱（Ubuntu 23.10 及更高版本只允许带 AppArmor 配置的程序使用，而 AppImage 无法安装这种配置），Atelier 不会在没有沙箱的情况下运行。\n\n请改为安装 Atelier 的 .deb 软件包：它会安装该配置。你的作品库和设置都会保留。'
        : 'Atelier 以 --no-sandbox 启动，而它不会在没有 Chromium 沙箱的情况下运行。\n\n请不带该选项启动它。',
  },
  startup: {
    title: 'Atelier 无法启动',
    what: {
      'settings-damaged': (path) => `设置文件已损坏，无法读取（${path}）。`,
      'settings-unreadable': (path) => `无法读写设置文件（${path}）。`,
      'data-folder-unwritable': (path) => `Atelier 无法写入其数据文件夹（${path}）。`,
      'library-unwritable': (path) => `Atelier 无法写入作品库文件夹（${path}）。`,
      'database-locked': () => '作品库数据库正被其他程序使用：atelier 命令行，或另一个 Atelier。',
      'database-damaged': () => '作品库数据库已损坏。',
      'database-too-new': () => '该作品库上次由更新版本的 Atelier 打开。',
      unknown: () => '发生意外，Atelier 无法启动。',
    },
    fix: {
      'settings-damaged': '选择“移到一旁并启动”，原文件会作为副本保留在旁边，Atelier 以默认设置启动。作品库和结果都会保留；网关配置和密钥需要重新填写。',
      'settings-unreadable': '请确认该文件属于你，并且你可以读写它，然后重新启动 Atelier。',
      'data-folder-unwritable': '请确认该文件夹属于你，且磁盘未满、不是只读，然后重新启动 Atelier。',
      'library-unwritable': '请确认该文件夹存在、所在的磁盘已连接，并且你可以写入；然后重新启动 Atelier。',
      'database-locked': '请关闭该程序（或等它的批次完成），然后重新启动 Atelier。',
      'database-damaged': '请把日志中列出的数据库文件移到别处，然后重新启动。你的结果以及每个结果旁的配方文件仍在作品库文件夹中。',
      'database-too-new': '请重新安装该版本（或更新版本）的 Atelier。',
      unknown: '日志文件中有详细信息；报告问题时请附上它。',
    },
    details: (cause, logFile) => `详情：${cause}${logFile ? `\n日志：${logFile}` : ''}`,
    buttons: { quit: '退出', showLog: '显示日志', setAsideSettings: '移到一旁并启动' },
  },
};

export function shellText(language: ShellLanguage): ShellText {
  return language === 'zh-CN' ? zh : en;
}
