import { describe, expect, it } from 'vitest';
import { devRendererUrl, updateFeedUrl, updatePlan } from './update-policy';

const installed = { packaged: true, platform: 'win32', feedUrlFromEnvironment: undefined, packagedFeedExists: false };

describe('updates are off unless configured', () => {
  it('stays off in an installed copy without a packaged feed, and from source without one in the environment', () => {
    expect(updatePlan(installed)).toEqual({ enabled: false, reason: 'no update feed is configured' });
    expect(updatePlan({ ...installed, packaged: false, packagedFeedExists: true })).toMatchObject({ enabled: false });
    expect(updatePlan({ ...installed, packaged: false, feedUrlFromEnvironment: '  ' })).toMatchObject({ enabled: false });
  });

  it('takes no feed from the environment of an installed copy: only the one written at packaging', () => {
    expect(updatePlan({ ...installed, feedUrlFromEnvironment: 'https://elsewhere.example.com/' })).toMatchObject({ enabled: false });
    expect(updatePlan({ ...installed, feedUrlFromEnvironment: 'https://elsewhere.example.com/', packagedFeedExists: true })).toEqual({
      enabled: true,
      source: 'packaged-feed',
      mode: 'install',
    });
  });

  it('uses ATELIER_UPDATE_URL when running from source, to try the update flow', () => {
    expect(updatePlan({ ...installed, packaged: false, feedUrlFromEnvironment: 'https://updates.example.com/atelier' })).toEqual({
      enabled: true,
      source: 'environment',
      url: 'https://updates.example.com/atelier',
      mode: 'install',
    });
  });

  it('installs only where the update is checked against the publisher (Windows, macOS); Linux only announces', () => {
    expect(updatePlan({ ...installed, platform: 'darwin', packagedFeedExists: true })).toMatchObject({ mode: 'install' });
    expect(updatePlan({ ...installed, platform: 'linux', packagedFeedExists: true })).toMatchObject({ mode: 'announce' });
  });

  it('refuses a feed that is not https (http on loopback only)', () => {
    expect(updatePlan({ ...installed, packaged: false, feedUrlFromEnvironment: 'http://updates.example.com/' })).toMatchObject({ enabled: false });
    expect(updateFeedUrl('http://127.0.0.1:9000/feed')).toBe('http://127.0.0.1:9000/feed');
    expect(updateFeedUrl('ftp://example.com/')).toBeUndefined();
    expect(updateFeedUrl('not a url')).toBeUndefined();
  });
});

describe('the renderer dev server', () => {
  it('is loaded only from source, and only from this machine', () => {
    expect(devRendererUrl(false, 'http://localhost:5173')).toBe('http://localhost:5173/');
    expect(devRendererUrl(true, 'http://localhost:5173')).toBeUndefined();
    expect(devRendererUrl(false, 'https://attacker.example.com/')).toBeUndefined();
    expect(devRendererUrl(false, undefined)).toBeUndefined();
  });
});
