import { describe, expect, it } from 'vitest';
import { headerContentSecurityPolicy, metaContentSecurityPolicy, parseContentSecurityPolicy, policyAdmits } from './content-security-policy';

describe('content security policy', () => {
  it('admits library media of both transports in the page and the header alike', () => {
    for (const policy of [metaContentSecurityPolicy(), headerContentSecurityPolicy()].map(parseContentSecurityPolicy)) {
      for (const directive of ['img-src', 'media-src']) {
        expect(policyAdmits(policy, directive, 'atelier-media://library/2026/01/01/a.png', 'atelier-app://studio')).toBe(true);
        expect(policyAdmits(policy, directive, '/media/2026/01/01/a.mp4', 'http://127.0.0.1:5310')).toBe(true);
        // Nothing from elsewhere: another port of this machine, or the internet.
        expect(policyAdmits(policy, directive, 'http://127.0.0.1:9999/media/a.png', 'http://127.0.0.1:5310')).toBe(false);
        expect(policyAdmits(policy, directive, 'https://example.com/a.png', 'atelier-app://studio')).toBe(false);
      }
      expect(policyAdmits(policy, 'script-src', 'atelier-media://library/x.js', 'atelier-app://studio')).toBe(false);
      expect(policyAdmits(policy, 'connect-src', 'atelier-media://library/x.png', 'atelier-app://studio')).toBe(false);
    }
  });

  it('keeps frame-ancestors out of the meta policy, where browsers ignore it, and in the header', () => {
    expect(parseContentSecurityPolicy(metaContentSecurityPolicy()).has('frame-ancestors')).toBe(false);
    expect(parseContentSecurityPolicy(headerContentSecurityPolicy()).get('frame-ancestors')).toEqual(["'none'"]);
  });
});
