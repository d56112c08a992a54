// Every text the Electron shell shows itself (menus, tray, dialogs, notifications), in English and
// Simplified Chinese. The window's own texts live with the renderer.
import type { NativeProblem } from './native-binding';

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
  background: { title: string; body: (running: number) => string };
  batchFinished: (name: string, done: number, failed: number) => { title: string; body: string };
  updateReady: (version: string) => { title: string; body: string };
  quitting: { title: string; heading: string; submissions: (count: number, graceSeconds: number) => string; saving: string; resume: (count: number) => string };
  native: { title: string; message: (problem: NativeProblem, packaged: boolean, path: string) => string };
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
  },
  batchFinished: (name, done, failed) => ({
    title: failed === 0 ? `“${name}” is finished` : `“${name}” finished with failures`,
    body: failed === 0 ? `${done} ${done === 1 ? 'result is' : 'results are'} in the library.` : `${done} done, ${failed} failed.`,
  }),
  updateReady: (version) => ({ title: `Atelier ${version} is ready`, body: 'It installs when you quit Atelier; running jobs are not interrupted.' }),
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
  },
  batchFinished: (name, done, failed) => ({
    title: failed === 0 ? `“${name}”已完成` : `“${name}”已结束，部分失败`,
    body: failed === 0 ? `${done} 个结果已存入作品库。` : `完成 ${done} 个，失败 ${failed} 个。`,
  }),
  updateReady: (version) => ({ title: `Atelier ${version} 已就绪`, body: '退出 Atelier 时安装，不会打断运行中的任务。' }),
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
};

export function shellText(language: ShellLanguage): ShellText {
  return language === 'zh-CN' ? zh : en;
}
