import { describe, expect, it } from 'vitest';
import { externalLinkTarget, mayNavigate, mayUsePermission, originOf } from './web-contents-policy';

const trusted = (origin: string): boolean => origin === 'atelier-app://studio';

describe('origins as Chromium sees them', () => {
  it("keeps the studio's own scheme and host, which Node's URL would call null", () => {
    expect(originOf('atelier-app://studio/index.html#/settings')).toBe('atelier-app://studio');
    expect(originOf('http://localhost:5173/src/main.tsx')).toBe('http://localhost:5173');
    expect(originOf('atelier-app:///index.html')).toBe('null');
    expect(originOf('about:blank')).toBe('null');
    expect(originOf('::')).toBe('null');
  });

  it('tells a look-alike host apart', () => {
    expect(mayNavigate('atelier-app://studio.evil/index.html', trusted)).toBe(false);
    expect(mayNavigate('atelier-app://studio:99/index.html', trusted)).toBe(false);
  });
});

describe('navigation and new windows', () => {
  it('stays on the studio origin', () => {
    expect(mayNavigate('atelier-app://studio/index.html#/gallery', trusted)).toBe(true);
    for (const url of [
      'https://evil.example/',
      'file:///etc/passwd',
      'atelier-media://library/a.png',
      'javascript:alert(1)',
      'data:text/html,x',
      'not a url',
    ]) {
      expect(mayNavigate(url, trusted)).toBe(false);
    }
  });

  it('sends http(s) links to the system browser and nothing else anywhere', () => {
    expect(externalLinkTarget('https://gateway.example.com/docs')).toBe('https://gateway.example.com/docs');
    expect(externalLinkTarget('http://127.0.0.1:8787/')).toBe('http://127.0.0.1:8787/');
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share', 'atelier-app://studio/', 'ms-msdt:x', '']) {
      expect(externalLinkTarget(url)).toBeUndefined();
    }
  });
});

describe('permissions: refused unless the studio itself needs them', () => {
  it('refuses devices, location, notifications and everything else, even to the studio', () => {
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'midi',
      'midiSysex',
      'pointerLock',
      'openExternal',
      'display-capture',
      'hid',
      'serial',
      'usb',
      'clipboard-read',
      'idle-detection',
      'storage-access',
      'unknown',
    ]) {
      expect(mayUsePermission(permission, 'atelier-app://studio/index.html', trusted)).toBe(false);
    }
  });

  it('lets the studio write text to the clipboard and show a video full screen', () => {
    expect(mayUsePermission('clipboard-sanitized-write', 'atelier-app://studio/index.html', trusted)).toBe(true);
    expect(mayUsePermission('fullscreen', 'atelier-app://studio/', trusted)).toBe(true);
  });

  it('grants nothing to any other origin', () => {
    for (const origin of ['https://evil.example/', 'atelier-media://library/a.png', 'file:///x', '']) {
      expect(mayUsePermission('clipboard-sanitized-write', origin, trusted)).toBe(false);
      expect(mayUsePermission('fullscreen', origin, trusted)).toBe(false);
    }
  });
});
