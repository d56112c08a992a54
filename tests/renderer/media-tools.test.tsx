/**
 * What the studio tells the artist about its media tools and about videos without a poster, on
 * the real studio core, in English and Chinese: Settings names the ffmpeg builds in use (the
 * built-in WebAssembly one, and a system one or why it is not used) and the image library build; a gallery tile of a video without a poster says so.
 */
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../src/renderer/src/app/router';
import { switchLanguage } from '../../src/renderer/src/i18n';
import { renderRoutes, until, type Rendered } from './dom';
import { connectRendererStudio, type RendererStudio } from './studio-harness';
import { FAST_ENGINE } from '../integration/jobs/harness';

let main: RendererStudio | undefined;
let page: Rendered | undefined;

afterEach(async () => {
  page?.unmount();
  await main?.stop();
  await switchLanguage('en');
});

const section = (): string => page?.container.querySelector('section[aria-labelledby="media-tools-heading"]')?.textContent ?? '';

describe('media tools in Settings', () => {
  it('names the ffmpeg in use and the image library build', async () => {
    main = await connectRendererStudio({
      engine: { ...FAST_ENGINE, ffmpeg: { state: 'ready', path: '/opt/ffmpeg/bin/ffmpeg', version: '7.1.1', source: 'configured' } },
    });
    page = await renderRoutes(appRoutes, '/settings');
    await until(() => expect(section()).toContain('The built-in WebAssembly ffmpeg, and ffmpeg 7.1.1 at /opt/ffmpeg/bin/ffmpeg'));
    expect(section()).toMatch(/Image library\s*libvips [\d.]+, native/);
  });

  it('says posters come from the built-in build and why an old system ffmpeg is not used, in English and Chinese', async () => {
    const old = { state: 'too_old', path: '/usr/local/bin/ffmpeg', version: 'N-47683-g0e8eb07980-static', source: 'system' } as const;
    main = await connectRendererStudio({ engine: { ...FAST_ENGINE, ffmpeg: old } });
    page = await renderRoutes(appRoutes, '/settings');
    await until(() => expect(section()).toContain('ffmpeg N-47683-g0e8eb07980-static was also found (at /usr/local/bin/ffmpeg), but it is older than 5.1'));
    expect(section()).toContain('The built-in WebAssembly ffmpeg.');
    expect(section()).not.toContain('Install');
    await act(() => switchLanguage('zh-CN'));
    expect(section()).toContain('另找到 ffmpeg N-47683-g0e8eb07980-static（位于 /usr/local/bin/ffmpeg），但它早于 5.1');
    expect(section()).toContain('内置的 WebAssembly 版 ffmpeg');
    expect(section()).toContain('媒体工具');
  });
});

describe('a video without a poster in the gallery', () => {
  it('shows "Poster unavailable" in its tile instead of a broken picture, in English and Chinese', async () => {
    main = await connectRendererStudio();
    main.seedAssets(2, (i) =>
      i === 0
        ? { kind: 'video', mime: 'video/mp4', durationMs: 3000, filePath: '2026/01/01/clip.mp4', thumbPath: null }
        : { thumbPath: '.thumbs/2026/01/01/seed-1.webp' },
    );
    page = await renderRoutes(appRoutes, '/gallery');
    const tiles = (): HTMLElement[] => [...(page?.container.querySelectorAll<HTMLElement>('[role="gridcell"]') ?? [])];
    await until(() => expect(tiles()).toHaveLength(2));
    const [image, video] = tiles();
    expect(video?.textContent).toContain('Poster unavailable');
    expect(video?.querySelector('img')).toBeNull();
    expect(image?.textContent).not.toContain('Poster unavailable');
    expect(image?.querySelector('img')).not.toBeNull();
    await act(() => switchLanguage('zh-CN'));
    expect(tiles()[1]?.textContent).toContain('无法生成封面');
  });
});
