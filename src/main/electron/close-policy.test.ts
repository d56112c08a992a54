import { describe, expect, it } from 'vitest';
import { afterLastWindowClosed, beforeQuitAction, quitWaitLines, quitWaitPage, sessionEndAction, windowCloseAction, type QuitPhase } from './close-policy';
import { shellText } from './shell-text';
import { parseNameHasOwner, trayAvailable } from './tray-support';

describe('closing the window', () => {
  it('keeps the studio running in the tray when jobs run and the user chose to keep running', () => {
    expect(windowCloseAction({ quitting: false, runningJobs: 3, preference: 'keep-running', trayAvailable: true })).toBe('hide-to-tray');
  });

  it('minimises instead where the desktop shows no tray icon, so the window is never hidden out of reach', () => {
    expect(windowCloseAction({ quitting: false, runningJobs: 3, preference: 'keep-running', trayAvailable: false })).toBe('minimise');
  });

  it('closes when the user chose to quit, when nothing runs, or when the app is already quitting', () => {
    for (const trayAvailable of [true, false]) {
      expect(windowCloseAction({ quitting: false, runningJobs: 3, preference: 'quit', trayAvailable })).toBe('close');
      expect(windowCloseAction({ quitting: false, runningJobs: 0, preference: 'keep-running', trayAvailable })).toBe('close');
      expect(windowCloseAction({ quitting: true, runningJobs: 3, preference: 'keep-running', trayAvailable })).toBe('close');
    }
  });

  it('quits after the last window except on macOS, where apps stay in the dock', () => {
    expect(afterLastWindowClosed('linux')).toBe('quit');
    expect(afterLastWindowClosed('win32')).toBe('quit');
    expect(afterLastWindowClosed('darwin')).toBe('stay');
  });
});

describe('the system ending the session', () => {
  it('asks the system to wait only while requests are on their way to the gateway', () => {
    expect(sessionEndAction({ submitting: 2, inFlight: 5 })).toEqual({ delayShutdown: true });
    expect(sessionEndAction({ submitting: 0, inFlight: 5 })).toEqual({ delayShutdown: false });
  });
});

describe('whether the desktop shows a tray icon', () => {
  it('is there on macOS and Windows, and on Linux where a StatusNotifierWatcher runs', () => {
    expect(trayAvailable({ platform: 'darwin', currentDesktop: undefined, statusNotifierWatcher: undefined })).toBe(true);
    expect(trayAvailable({ platform: 'win32', currentDesktop: undefined, statusNotifierWatcher: undefined })).toBe(true);
    expect(trayAvailable({ platform: 'linux', currentDesktop: 'ubuntu:GNOME', statusNotifierWatcher: true })).toBe(true);
  });

  it('is not on GNOME without the AppIndicator extension (no watcher), nor when GNOME could not be asked', () => {
    expect(trayAvailable({ platform: 'linux', currentDesktop: 'GNOME', statusNotifierWatcher: false })).toBe(false);
    expect(trayAvailable({ platform: 'linux', currentDesktop: 'ubuntu:GNOME', statusNotifierWatcher: undefined })).toBe(false);
  });

  it('is on desktops whose panel takes XEmbed icons even without a watcher', () => {
    expect(trayAvailable({ platform: 'linux', currentDesktop: 'XFCE', statusNotifierWatcher: false })).toBe(true);
  });

  it("reads the session bus's answer", () => {
    expect(parseNameHasOwner('method return time=1.2 sender=org.freedesktop.DBus -> destination=:1.9 serial=3 reply_serial=2\n   boolean true\n')).toBe(true);
    expect(parseNameHasOwner('method return ...\n   boolean false\n')).toBe(false);
    expect(parseNameHasOwner('Error org.freedesktop.DBus.Error.ServiceUnknown')).toBeUndefined();
  });
});

describe('quitting waits for the studio to stop', () => {
  it('holds the first quit and starts stopping, holds repeated quits without stopping twice, then lets go', () => {
    let phase: QuitPhase = 'running';
    const first = beforeQuitAction(phase);
    expect(first).toEqual({ hold: true, beginStop: true });
    phase = 'stopping';
    expect(beforeQuitAction(phase)).toEqual({ hold: true, beginStop: false });
    phase = 'stopped';
    expect(beforeQuitAction(phase)).toEqual({ hold: false, beginStop: false });
  });

  it('says what it waits for: submissions on the wire and their grace, and what resumes next time', () => {
    const text = shellText('en').quitting;
    expect(quitWaitLines({ submitting: 2, inFlight: 5 }, text, 10)).toEqual([
      'Waiting for 2 requests on the way to the gateway, so none is lost or paid twice (at most 10 seconds).',
      '5 running jobs resume when Atelier starts again.',
    ]);
    expect(quitWaitLines({ submitting: 0, inFlight: 0 }, text, 10)).toEqual(['Saving the library.']);
    expect(quitWaitLines({ submitting: 1, inFlight: 0 }, shellText('zh-CN').quitting, 10)[0]).toContain('1 个发往网关的请求');
  });

  it('builds the waiting page without script and with its text escaped', () => {
    const page = quitWaitPage('Atelier', 'Finishing', ['<img src=x onerror=alert(1)>'], false);
    expect(page).not.toContain('<img');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page).not.toMatch(/<script/i);
    expect(page).toContain("default-src 'none'");
  });
});
