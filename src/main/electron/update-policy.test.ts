import { describe, expect, it } from 'vitest';
import { updateFeedUrl, updatePlan } from './update-policy';

describe('updates are off unless configured', () => {
  it('stays off from source and in an installed copy without a feed', () => {
    expect(updatePlan({ packaged: false, feedUrlFromEnvironment: 'https://updates.example.com/', packagedFeedExists: true })).toMatchObject({ enabled: false });
    expect(updatePlan({ packaged: true, feedUrlFromEnvironment: undefined, packagedFeedExists: false })).toEqual({ enabled: false, reason: 'no update feed is configured' });
    expect(updatePlan({ packaged: true, feedUrlFromEnvironment: '  ', packagedFeedExists: false })).toMatchObject({ enabled: false });
  });

  it('uses the feed written at packaging, or the one in ATELIER_UPDATE_URL', () => {
    expect(updatePlan({ packaged: true, feedUrlFromEnvironment: undefined, packagedFeedExists: true })).toEqual({ enabled: true, source: 'packaged-feed' });
    expect(updatePlan({ packaged: true, feedUrlFromEnvironment: 'https://updates.example.com/atelier', packagedFeedExists: true })).toEqual({
      enabled: true,
      source: 'environment',
      url: 'https://updates.example.com/atelier',
    });
  });

  it('refuses a feed that is not https (http on loopback only)', () => {
    expect(updatePlan({ packaged: true, feedUrlFromEnvironment: 'http://updates.example.com/', packagedFeedExists: false })).toMatchObject({ enabled: false });
    expect(updateFeedUrl('http://127.0.0.1:9000/feed')).toBe('http://127.0.0.1:9000/feed');
    expect(updateFeedUrl('ftp://example.com/')).toBeUndefined();
    expect(updateFeedUrl('not a url')).toBeUndefined();
  });
});
