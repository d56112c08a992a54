import { app, session, shell, type Session, type WebContents } from 'electron';
import { createLogger } from '../core/log';
import { externalLinkTarget, mayNavigate, mayUsePermission } from './web-contents-policy';

const log = createLogger('guard');

/**
 * Applies the web-contents policy to every web contents the app creates (windows, frames, anything
 * later code adds) and to the session's permission requests. Call once, before the first window.
 */
export function guardAllWebContents(isTrustedOrigin: (origin: string) => boolean): void {
  guardSession(session.defaultSession, isTrustedOrigin);
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, isTrustedOrigin));
}

function guardWebContents(contents: WebContents, isTrustedOrigin: (origin: string) => boolean): void {
  const refuseNavigation = (event: { preventDefault(): void }, url: string): void => {
    if (mayNavigate(url, isTrustedOrigin)) return;
    event.preventDefault();
    log.warn(`refused navigation to ${url}`);
  };
  contents.on('will-navigate', refuseNavigation);
  contents.on('will-redirect', refuseNavigation);
  contents.on('will-frame-navigate', (event) => refuseNavigation(event, event.url));
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    log.warn('refused a webview');
  });
  contents.setWindowOpenHandler(({ url }) => {
    const external = externalLinkTarget(url);
    if (external !== undefined) void shell.openExternal(external);
    return { action: 'deny' };
  });
}

function guardSession(target: Session, isTrustedOrigin: (origin: string) => boolean): void {
  target.setPermissionRequestHandler((contents, permission, callback, details) => {
    const granted = mayUsePermission(permission, details.requestingUrl, isTrustedOrigin);
    if (!granted) log.warn(`refused the "${permission}" permission to ${details.requestingUrl || contents.getURL()}`);
    callback(granted);
  });
  target.setPermissionCheckHandler((_contents, permission, requestingOrigin) => mayUsePermission(permission, requestingOrigin, isTrustedOrigin));
  target.setDevicePermissionHandler(() => false);
}
