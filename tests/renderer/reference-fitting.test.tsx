/**
 * A picture over the limits of the chosen model, added as a reference on the Create page, is
 * fitted by main and the tile says what was done, in English and in Chinese.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../src/renderer/src/app/router';
import { useCreateStore } from '../../src/renderer/src/features/create/store/create-store';
import { switchLanguage } from '../../src/renderer/src/i18n';
import { renderRoutes, settle, until, type Rendered } from './dom';
import { studioPerFile } from './studio-harness';

studioPerFile();
let page: Rendered;

beforeEach(async () => {
  page = await renderRoutes(appRoutes, '/create');
});
afterEach(async () => {
  await act(() => switchLanguage('en'));
  page.unmount();
});

/** A 1600x900 PNG of grain: over 4 MB, as a detailed render at that size can be. */
async function grainyPng(): Promise<Buffer> {
  const width = 1600;
  const height = 900;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

describe('a reference over the model limits', () => {
  it('is fitted, and the tile says so in both languages', async () => {
    await until(() => expect(page.container.querySelector('.model-trigger-name')?.textContent).toBe('Image 2'));
    const png = await grainyPng();
    const input = page.container.querySelector<HTMLInputElement>('input[aria-label="Add images to “Reference images”"]');
    if (!input) throw new Error('no way to add reference images');
    const file = new File([new Uint8Array(png)], 'render.png', { type: 'image/png' });
    await settle(() => {
      Object.defineProperty(input, 'files', { value: [file], configurable: true });
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    const note = (): string => page.container.querySelector('.tray-fitted')?.textContent ?? '';
    await until(() => expect(note()).toMatch(/^Fitted for Image 2: 4\.\d MB PNG → [01]\.\d MB JPEG, /), 30_000);
    expect(page.container.querySelector('.tray-item-ready')).not.toBeNull();
    // Within the limits now: the field has nothing to refuse.
    expect(page.container.textContent).not.toMatch(/At most 2 MB per image/);

    await act(() => switchLanguage('zh-CN'));
    await until(() => expect(note()).toMatch(/^已为 Image 2 适配：4\.\d MB PNG → [01]\.\d MB JPEG，/));
  });
});

describe('a reference added for a model with looser limits', () => {
  it('is fitted again when a model with stricter ones is chosen', async () => {
    const store = useCreateStore.getState();
    store.chooseModel({ variantId: 'image.gen-image-2.task', modelId: 'gen-image-2' }, 'create');
    const png = await grainyPng();
    // The queued channel takes 50 MB per reference: the PNG goes up as it is.
    await store.addFiles('image_urls', [new File([new Uint8Array(png)], 'render.png', { type: 'image/png' })]);
    expect(useCreateStore.getState().trays.image_urls?.[0]).toMatchObject({ state: 'ready', mime: 'image/png', bytes: png.length, fitted: null });

    store.chooseModel({ variantId: 'image.gen-image-2.direct', modelId: 'gen-image-2' }, 'create');
    await until(() => expect(useCreateStore.getState().trays.reference_images?.[0]).toMatchObject({ state: 'ready', mime: 'image/jpeg' }), 30_000);
    const item = useCreateStore.getState().trays.reference_images?.[0];
    expect(item?.bytes).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(item?.fitted).toMatchObject({ variantId: 'image.gen-image-2.direct', from: { mimeType: 'image/png', size: png.length } });
  });
});
