// The page's Content-Security-Policy, as built and as served: browsers enforce the meta tag and the
// header together, so each must admit library media of each transport (Electron's atelier-media:
// protocol, web mode's /media on the page's own origin), or every library image would be blocked.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { headerContentSecurityPolicy, parseContentSecurityPolicy, policyAdmits } from '../../src/shared/security/content-security-policy';
import { startWebMode } from './support/web-mode';

const root = join(import.meta.dirname, '../..');
const transports = [
  { name: 'Electron', pageOrigin: 'atelier-app://studio', media: 'atelier-media://library/2026/01/01/a.png' },
  { name: 'web mode', pageOrigin: 'http://127.0.0.1:5310', media: '/media/2026/01/01/a.png' },
];

function builtMetaPolicy(): string {
  const html = readFileSync(join(root, 'out/renderer/index.html'), 'utf8');
  const match = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html);
  if (!match?.[1]) throw new Error('the built page carries no Content-Security-Policy meta tag');
  return match[1];
}

test('the built page and both servers carry one policy that admits the media of each transport', { tag: '@smoke' }, async () => {
  const meta = parseContentSecurityPolicy(builtMetaPolicy());
  const electronHeader = parseContentSecurityPolicy(headerContentSecurityPolicy());
  const studio = await startWebMode();
  let webHeader: Map<string, string[]>;
  try {
    const response = await fetch(studio.launchUrl, { redirect: 'manual' });
    webHeader = parseContentSecurityPolicy(response.headers.get('content-security-policy') ?? '');
  } finally {
    await studio.stop();
  }
  for (const policy of [meta, electronHeader, webHeader]) {
    for (const transport of transports) {
      for (const directive of ['img-src', 'media-src']) {
        expect(policyAdmits(policy, directive, transport.media, transport.pageOrigin), `${directive} for ${transport.name}`).toBe(true);
      }
    }
    expect(policyAdmits(policy, 'img-src', 'https://example.com/a.png', 'atelier-app://studio')).toBe(false);
    expect(policy.get('script-src')).toEqual(["'self'"]);
  }
  // The meta tag is the header's policy less what a meta tag cannot carry.
  expect([...meta.keys()]).toEqual([...webHeader.keys()].filter((name) => name !== 'frame-ancestors'));
});
