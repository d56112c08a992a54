import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent, type WebFrameMain } from 'electron';
import type { Studio } from '../core/studio';
import { createLogger } from '../core/log';
import { mayNavigate } from './web-contents-policy';

const log = createLogger('ipc');

const INVOKE_CHANNEL = 'atelier:invoke';
const EVENT_CHANNEL = 'atelier:event';

/**
 * The Electron transport: one `ipcMain.handle` channel for every route and one channel for events.
 * The sender is checked (our own origin, top frame) before the router sees the input.
 */
export function registerIpcTransport(studio: Studio, isTrustedOrigin: (origin: string) => boolean): () => void {
  ipcMain.handle(INVOKE_CHANNEL, async (event: IpcMainInvokeEvent, route: unknown, input: unknown) => {
    if (!isTrustedSender(event, isTrustedOrigin)) {
      log.warn(`refused a call from an untrusted frame (${event.senderFrame?.url ?? 'unknown'})`);
      return { ok: false, error: { code: 'forbidden', message: 'This window may not call the studio.' } };
    }
    if (typeof route !== 'string') {
      return { ok: false, error: { code: 'invalid_input', message: 'A route name must be a string.' } };
    }
    return studio.router.dispatch(route, input);
  });
  return () => ipcMain.removeHandler(INVOKE_CHANNEL);
}

/** Forwards main's events to one window for as long as it lives. */
export function forwardEvents(studio: Studio, window: BrowserWindow): void {
  const unsubscribe = studio.bus.subscribe((name, payload) => {
    if (!window.isDestroyed()) window.webContents.send(EVENT_CHANNEL, name, payload);
  });
  window.on('closed', unsubscribe);
}

function isTrustedSender(event: IpcMainInvokeEvent, isTrustedOrigin: (origin: string) => boolean): boolean {
  const frame: WebFrameMain | null = event.senderFrame;
  if (!frame || frame !== event.sender.mainFrame) return false;
  return mayNavigate(frame.url, isTrustedOrigin);
}
