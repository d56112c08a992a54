/**
 * The prompt history dialog: each prompt with a lazily loaded thumbnail of its newest result (a
 * blank tile when it made none), and a template marked as one, in English and Chinese.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../src/shared/contract';
import { HistoryDialog } from '../../src/renderer/src/features/assistant/components/HistoryDialog';
import { initI18n } from '../../src/renderer/src/i18n';
import { click, renderNode, settle, type Rendered } from './dom';

const base = { model: 'nova-3.1-flash-image', variantId: null, uses: 1, lastUsedAt: 0 };
const entries: HistoryEntry[] = [
  { ...base, prompt: 'a red fox', isTemplate: false, thumbPath: '2025/05/01/fox.thumb.webp' },
  { ...base, prompt: 'a failed lantern', isTemplate: false, thumbPath: null },
  { ...base, prompt: 'a {red|blue} fox', isTemplate: true, thumbPath: '2025/05/01/fox.thumb.webp' },
];

let page: Rendered | undefined;
afterEach(() => page?.unmount());

async function open(locale: 'en' | 'zh-CN', chosen: HistoryEntry[] = []): Promise<HTMLElement[]> {
  await initI18n(locale);
  page = await renderNode(
    <HistoryDialog
      open
      onClose={() => undefined}
      load={() => Promise.resolve(entries)}
      onChoose={(entry) => chosen.push(entry)}
      dateOf={() => 'May 1'}
      modelOf={(entry) => entry.model}
      mediaUrl={(path) => `atelier-media://library/${path}`}
    />,
  );
  await settle();
  return [...document.querySelectorAll<HTMLElement>('.history-entry')];
}

describe('the prompt history dialog', () => {
  it('shows the newest result of each prompt as a lazy thumbnail the prompt beside it describes, and none when it made none', async () => {
    const [fox, lantern] = await open('en');
    const thumbnail = fox?.querySelector('img');
    expect(thumbnail?.getAttribute('src')).toBe('atelier-media://library/2025/05/01/fox.thumb.webp');
    expect(thumbnail?.getAttribute('loading')).toBe('lazy');
    expect(thumbnail?.getAttribute('alt')).toBe('');
    expect(lantern?.querySelector('img')).toBeNull();
    expect(lantern?.textContent).toContain('a failed lantern');
  });

  it('marks a template as one, in English and Chinese, and hands the chosen entry back as a template', async () => {
    const chosen: HistoryEntry[] = [];
    const rows = await open('en', chosen);
    expect(rows.map((row) => row.querySelector('.history-template-badge')?.textContent ?? null)).toEqual([null, null, 'Template']);
    const template = rows[2];
    if (!template) throw new Error('no template row');
    await click(template);
    expect(chosen).toEqual([entries[2]]);
    page?.unmount();

    const chinese = await open('zh-CN');
    expect(chinese[2]?.querySelector('.history-template-badge')?.textContent).toBe('模板');
  });
});
