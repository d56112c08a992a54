// Presses a key as a person at the keyboard would, for the system's own windows (the save dialog),
// which no browser automation reaches. Linux: the X server's XTEST extension over the X11 protocol
// (x11, plain JavaScript, so nothing to install beside Xvfb); macOS: System Events; Windows: SendKeys.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import x11, { type Display, type XTest } from 'x11';

const run = promisify(execFile);

/** X11's keysym for Return (XK_Return). */
const XK_RETURN = 0xff0d;

/** Presses and releases Return in the X display of `DISPLAY`, on whatever window has the focus. */
async function pressReturnOnX11(): Promise<void> {
  const display = await new Promise<Display>((resolve, reject) => {
    const client = x11.createClient((error, opened) => (error ? reject(error) : resolve(opened)));
    client.on('error', reject);
  });
  const X = display.client;
  try {
    const xtest = await new Promise<XTest>((resolve, reject) => X.require('xtest', (error, extension) => (error ? reject(error) : resolve(extension))));
    const first = display.min_keycode;
    const rows = await new Promise<number[][]>((resolve, reject) =>
      X.GetKeyboardMapping(first, display.max_keycode - first + 1, (error, list) => (error ? reject(error) : resolve(list))),
    );
    const index = rows.findIndex((keysyms) => keysyms.includes(XK_RETURN));
    if (index < 0) throw new Error('the X keyboard map has no Return key');
    const root = display.screen[0]?.root ?? 0;
    xtest.FakeInput(xtest.KeyPress, first + index, 0, root, 0, 0);
    xtest.FakeInput(xtest.KeyRelease, first + index, 0, root, 0, 0);
    // A round trip, so the server has taken both events before the connection closes.
    await X.sync();
  } finally {
    await new Promise<void>((resolve) => X.close(resolve));
  }
}

/** Accepts the system's focused dialog with Return, as a person would. */
export async function pressReturn(): Promise<void> {
  if (process.platform === 'darwin') await run('osascript', ['-e', 'tell application "System Events" to keystroke return']);
  else if (process.platform === 'win32')
    await run('powershell', ['-NoProfile', '-Command', "Add-Type -AssemblyName System.Windows.Forms; [System.Windows.Forms.SendKeys]::SendWait('{ENTER}')"]);
  else await pressReturnOnX11();
}
