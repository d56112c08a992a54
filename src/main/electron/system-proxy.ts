import { session } from 'electron';
import type { ProxyResolver } from '../core/gateway/network';

/**
 * The system's proxy settings through Electron's session: PAC scripts, WPAD and the OS settings
 * (Internet Options, System Settings, GNOME's or KDE's), which an app started from the Start menu or
 * the Dock sees instead of HTTPS_PROXY. Call after the app is ready.
 */
export function electronProxyResolver(): ProxyResolver {
  return { resolveProxy: (url) => session.defaultSession.resolveProxy(url) };
}
