import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../src/renderer/src/app/router';
import { switchLanguage } from '../../src/renderer/src/i18n';
import { button, click, field, renderRoutes, type, until, type Rendered } from './dom';
import { studioPerFile } from './studio-harness';

studioPerFile();
let page: Rendered;
/** A web server on this computer that is not a gateway: every path answers 404 with a page. */
let website: Server;
let websiteUrl: string;

beforeAll(async () => {
  website = createServer((_request, response) => {
    response.writeHead(404, { 'content-type': 'text/html' });
    response.end('<html><body>Not here</body></html>');
  });
  await new Promise<void>((resolve) => website.listen(0, '127.0.0.1', resolve));
  websiteUrl = `http://127.0.0.1:${(website.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => website.close(resolve));
});
beforeEach(async () => {
  page = await renderRoutes(appRoutes, '/settings');
});
afterEach(() => {
  page.unmount();
});

/** A port on this computer nothing listens on: one just let go of. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function addProfileWithKey(name: string, baseUrl: string): Promise<void> {
  await click(button(page.container, 'Add profile'));
  await type(field(page.container, 'Name'), name);
  await type(field(page.container, 'Base URL'), baseUrl);
  await click(button(page.container, 'Save profile'));
  await type(field(page.container, 'API key'), 'sk-test-connection');
  await click(button(page.container, 'Save key'));
}

const outcome = (): string => page.container.querySelector('.connection-outcome')?.textContent ?? '';

describe('Test connection in Settings', () => {
  it('says nothing answers at an address whose port is closed, in English and Chinese', async () => {
    await addProfileWithKey('Closed', `http://127.0.0.1:${await closedPort()}`);
    await click(button(page.container, 'Test connection'));
    await until(() => expect(outcome()).toContain('Nothing answers at that address: the connection was refused.'));
    await act(() => switchLanguage('zh-CN'));
    try {
      expect(outcome()).toContain('该地址无人应答：连接被拒绝。');
    } finally {
      await act(() => switchLanguage('en'));
    }
  });

  it('says the base path is probably wrong when a website answers instead of a gateway', async () => {
    await addProfileWithKey('Website', websiteUrl);
    await click(button(page.container, 'Test connection'));
    await until(() => expect(outcome()).toContain('Something answers at that address, but not as a gateway: the base path is probably wrong.'));
    expect(outcome()).toContain('HTTP 404');
  });
});
