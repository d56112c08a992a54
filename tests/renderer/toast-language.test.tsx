import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n, switchLanguage, WINDOW_RESOURCES } from '../../src/renderer/src/i18n';
import { showToast, ToastRegion } from '../../src/renderer/src/ui';
import { button, click, renderNode, settle, type Rendered } from './dom';

let view: Rendered | undefined;
beforeAll(async () => initI18n('en'));
afterEach(async () => {
  view?.unmount();
  await switchLanguage('en');
});

/** Raises a toast as the pages do, with an Undo button as after a deletion. */
function DeleteButton() {
  return (
    <button
      type="button"
      onClick={() => showToast((t) => t('timeline.toast.canceled'), 'success', { action: { label: (t) => t('gallery.undo'), run: () => undefined } })}
    >
      raise
    </button>
  );
}

describe('a toast', () => {
  it('follows the language the artist switches to while it shows', async () => {
    view = await renderNode(
      <>
        <DeleteButton />
        <ToastRegion />
      </>,
    );
    await click(button(view.container, 'raise'));
    const toast = (): string => view?.container.querySelector('[role="status"]')?.textContent ?? '';
    const en = WINDOW_RESOURCES.en;
    const zh = WINDOW_RESOURCES['zh-CN'];
    expect(toast()).toContain(en.timeline.toast.canceled);
    expect(toast()).toContain(en.gallery.undo);

    await settle(() => void switchLanguage('zh-CN'));
    expect(toast()).toContain(zh.timeline.toast.canceled);
    expect(toast()).toContain(zh.gallery.undo);
    expect(toast()).not.toContain(en.gallery.undo);
  });
});
