import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog, IconButton, ProgressBar, SegmentedControl, Select, Switch, Tabs, TextField } from '../../src/renderer/src/ui';
import { click, renderNode, settle, type Rendered } from './dom';

let view: Rendered | undefined;
afterEach(() => view?.unmount());

const byId = (id: string | null): HTMLElement | null => (id ? document.getElementById(id) : null);

describe('the UI kit, as assistive technology sees it', () => {
  it('ties a field’s label, help and error to its control', async () => {
    view = await renderNode(<TextField label="Name" value="" onChange={() => undefined} help="Shown in the list" error="Give it a name" />);
    const input = view.container.querySelector('input');
    const label = view.container.querySelector('label');
    expect(label?.htmlFor).toBe(input?.id);
    expect(input?.getAttribute('aria-invalid')).toBe('true');
    const described = (input?.getAttribute('aria-describedby') ?? '').split(' ').map((id) => byId(id)?.textContent);
    expect(described).toEqual(['Shown in the list', 'Give it a name']);
  });

  it('names an icon button by its label, never by the icon', async () => {
    view = await renderNode(<IconButton label="Delete" icon={Trash2} />);
    const button = view.container.querySelector('button');
    expect(button?.getAttribute('aria-label')).toBe('Delete');
    expect(button?.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('moves between tabs with the arrow keys, keeping one tab stop', async () => {
    function Example() {
      const [tab, setTab] = useState<'a' | 'b' | 'c'>('a');
      return (
        <Tabs
          label="Views"
          selected={tab}
          onSelect={setTab}
          tabs={[
            { value: 'a', label: 'Grid', panel: <p>grid</p> },
            { value: 'b', label: 'Compare', panel: <p>compare</p> },
            { value: 'c', label: 'Details', panel: <p>details</p> },
          ]}
        />
      );
    }
    view = await renderNode(<Example />);
    const tabs = () => [...(view?.container.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? [])];
    const list = view.container.querySelector('[role="tablist"]');
    await settle(() => list?.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true })));
    expect(tabs().map((t) => t.getAttribute('aria-selected'))).toEqual(['false', 'false', 'true']);
    expect(tabs().map((t) => t.tabIndex)).toEqual([-1, -1, 0]);
    expect(document.activeElement).toBe(tabs()[2]);
    const panel = view.container.querySelector('[role="tabpanel"]');
    expect(panel?.textContent).toBe('details');
    expect(byId(panel?.getAttribute('aria-labelledby') ?? null)?.textContent).toBe('Details');
  });

  it('toggles a switch and announces its state', async () => {
    function Example() {
      const [on, setOn] = useState(false);
      return <Switch label="Watermark" checked={on} onChange={setOn} />;
    }
    view = await renderNode(<Example />);
    const toggle = view.container.querySelector<HTMLButtonElement>('[role="switch"]');
    expect(toggle?.getAttribute('aria-checked')).toBe('false');
    if (toggle) await click(toggle);
    expect(toggle?.getAttribute('aria-checked')).toBe('true');
    expect(view.container.querySelector('label')?.htmlFor).toBe(toggle?.id);
  });

  it('offers exclusive choices as a named radio group', async () => {
    let chosen = '';
    view = await renderNode(
      <SegmentedControl
        label="Kind"
        value="image"
        onChange={(value) => (chosen = value)}
        options={[
          { value: 'image', label: 'Images' },
          { value: 'video', label: 'Videos' },
        ]}
      />,
    );
    expect(view.container.querySelector('legend')?.textContent).toBe('Kind');
    const radios = [...view.container.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(radios.map((r) => r.checked)).toEqual([true, false]);
    const second = radios[1];
    if (second) await click(second);
    expect(chosen).toBe('video');
  });

  it('passes only offered values out of a select', async () => {
    let chosen = 'system';
    view = await renderNode(
      <Select
        label="Theme"
        value="system"
        onChange={(value) => (chosen = value)}
        options={[
          { value: 'system', label: 'System' },
          { value: 'dark', label: 'Dark' },
        ]}
      />,
    );
    const select = view.container.querySelector('select');
    if (!select) throw new Error('no select');
    await settle(() => {
      select.value = 'dark';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(chosen).toBe('dark');
  });

  it('reports progress with its value, or none while it is not known', async () => {
    view = await renderNode(
      <>
        <ProgressBar label="Uploading" value={0.42} />
        <ProgressBar label="Waiting" value={null} />
      </>,
    );
    const [known, unknown] = [...view.container.querySelectorAll('[role="progressbar"]')];
    expect(known?.getAttribute('aria-valuenow')).toBe('42');
    expect(known?.getAttribute('aria-label')).toBe('Uploading');
    expect(unknown?.hasAttribute('aria-valuenow')).toBe(false);
  });

  it('labels a dialog by its title and lets Escape ask its owner to close it', async () => {
    let closed = false;
    view = await renderNode(
      <Dialog open title="Delete 3 items?" description="They go to the trash." closeLabel="Close" onClose={() => (closed = true)}>
        <p>body</p>
      </Dialog>,
    );
    const dialog = view.container.querySelector('dialog');
    expect(byId(dialog?.getAttribute('aria-labelledby') ?? null)?.textContent).toBe('Delete 3 items?');
    expect(byId(dialog?.getAttribute('aria-describedby') ?? null)?.textContent).toBe('They go to the trash.');
    await settle(() => dialog?.dispatchEvent(new Event('cancel', { cancelable: true })));
    expect(closed).toBe(true);
  });
});
