import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildRequestBody, describeForm, variantById, type FormFieldDescription } from '../../src/shared/catalog';
import { SizePicker } from '../../src/renderer/src/features/create/components/SizePicker';
import { initI18n } from '../../src/renderer/src/i18n';
import { click, renderNode, type Rendered } from './dom';

const entry = variantById('image.gen-image-2.task');
if (!entry) throw new Error('no variant B');
const sizeField = describeForm(entry).fields.find((field) => field.key === 'size') as FormFieldDescription;

let page: Rendered | undefined;
/** What the form holds now, as the picker reported it. */
const picked: { value: unknown } = { value: undefined };

function Host() {
  const [value, setValue] = useState<unknown>({ tier: '1K', ratio: '1:1' });
  const change = (next: unknown): void => {
    picked.value = next;
    setValue(next);
  };
  return <SizePicker field={sizeField} value={value} locale="en" onChange={change} />;
}

beforeEach(async () => {
  await initI18n('en');
  page = await renderNode(<Host />);
});
afterEach(() => page?.unmount());

/** The radio a visible text names, inside a label (tiers, ratios, Auto). */
function radio(text: string): HTMLInputElement {
  const labels = page ? [...page.container.querySelectorAll('label')] : [];
  const label = labels.find((candidate) => candidate.textContent.startsWith(text));
  const input = label?.querySelector('input[type="radio"]');
  if (!(input instanceof HTMLInputElement)) throw new Error(`no radio "${text}"`);
  return input;
}

describe('the size picker of a model that sends its tier apart (variant B)', () => {
  it('keeps the tier chosen when Auto is picked, so auto at 4K goes out with resolution 4K', async () => {
    await click(radio('4K'));
    await click(radio('Auto'));
    expect(radio('Auto').checked).toBe(true);
    expect(radio('4K').checked).toBe(true);
    expect(buildRequestBody(entry, { prompt: 'a harbour', size: picked.value })).toMatchObject({ size: 'auto', resolution: '4K' });
    // Another tier while Auto stays picked.
    await click(radio('2K'));
    expect(radio('Auto').checked).toBe(true);
    expect(buildRequestBody(entry, { prompt: 'a harbour', size: picked.value })).toMatchObject({ size: 'auto', resolution: '2K' });
  });
});
