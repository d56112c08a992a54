import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorMessage } from '../../src/renderer/src/errors/ErrorMessage';
import type { StudioError } from '../../src/shared/contract';
import { renderNode, until, type Rendered } from './dom';
import { studioPerFile } from './studio-harness';

studioPerFile();
let page: Rendered | undefined;
afterEach(async () => {
  page?.unmount();
  await i18next.changeLanguage('en');
});

/** A board name main rejected as too long: its summary needs no catalog, its field line is worded with the full wording. */
const rejectedName: StudioError = {
  code: 'invalid_input',
  message: 'Invalid input',
  issues: [{ path: ['name'], message: 'Too big', code: 'too_big', params: { origin: 'string', maximum: 80 } }],
};

describe('an error shown by the frame (its full wording loaded after the first screen)', () => {
  it('says what went wrong and, once the wording is in, the field to fix, in English', async () => {
    page = await renderNode(<ErrorMessage error={rejectedName} />);
    await until(() => expect(page?.container.querySelector('.error-issues')?.textContent).toContain('80'));
    expect(page.container.querySelector('.error-summary')?.textContent).toMatch(/[a-z]/);
  });

  it('words both in Simplified Chinese', async () => {
    await i18next.changeLanguage('zh-CN');
    page = await renderNode(<ErrorMessage error={rejectedName} />);
    await until(() => expect(page?.container.querySelector('.error-issues')?.textContent).toMatch(/[\u4e00-\u9fff].*80|80.*[\u4e00-\u9fff]/));
    expect(page.container.querySelector('.error-summary')?.textContent).toMatch(/[\u4e00-\u9fff]/);
  });
});
