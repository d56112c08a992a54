// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n';
import { loadStudio, subscribeToMainEvents } from '../main-events';
import { useAlertStore } from '../stores/alert-store';
import { useAppInfoStore } from '../stores/app-info-store';
import { startHashRouting } from '../stores/navigation-store';
import { useProfilesStore } from '../stores/profiles-store';
import { useSettingsStore } from '../stores/settings-store';
import { connectStudio } from '../studio-client';
import { createFakeMain, type FakeMain } from '../testing/fake-main';
import { App } from './App';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let main: FakeMain;
let root: Root;
let container: HTMLElement;
const stops: (() => void)[] = [];

beforeEach(async () => {
  useAlertStore.setState(useAlertStore.getInitialState(), true);
  useAppInfoStore.setState(useAppInfoStore.getInitialState(), true);
  useProfilesStore.setState(useProfilesStore.getInitialState(), true);
  useSettingsStore.setState(useSettingsStore.getInitialState(), true);
  main = createFakeMain();
  connectStudio(main.client);
  await initI18n('en');
  window.location.hash = '#/settings';
  stops.push(startHashRouting(), subscribeToMainEvents(main.client));
  await loadStudio();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await settle(() => root.render(<App />));
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  for (const stop of stops.splice(0)) stop();
});

/** Finds a control by its visible label, as a person (or a screen reader) would. */
function field(label: string): HTMLInputElement {
  const found = [...container.querySelectorAll('label')].find((l) => l.textContent === label);
  const input = found ? document.getElementById(found.htmlFor) : null;
  if (!(input instanceof HTMLInputElement)) throw new Error(`no field labelled "${label}"`);
  return input;
}

function button(name: string): HTMLButtonElement {
  const found = [...container.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent) === name);
  if (!found) throw new Error(`no button "${name}"`);
  return found;
}

/** The list of saved profiles, found through the heading that names it. */
function profileList(): string {
  return container.querySelector('ul[aria-labelledby="profiles-heading"]')?.textContent ?? '';
}

/** Runs a step, then lets React render and the fake main's answers arrive. */
async function settle(step: () => void): Promise<void> {
  await act(async () => {
    step();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

async function type(input: HTMLInputElement, value: string): Promise<void> {
  // React tracks the value through the native setter; setting .value directly would be ignored.
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with the input as `this` below.
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  await settle(() => {
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function click(target: HTMLElement): Promise<void> {
  await settle(() => target.click());
}

describe('settings page', () => {
  it('shows the demo gateway in the header and the Settings link as current', () => {
    expect(container.querySelector('h1')?.textContent).toBe('Settings');
    expect(container.querySelector('header')?.textContent).toContain('Demo gateway');
    expect(container.querySelector('nav a[aria-current="page"]')?.textContent).toBe('Settings');
  });

  it('shows main’s validation messages beside the fields and in an alert, keeping what was typed', async () => {
    await click(button('Add profile'));
    await type(field('Name'), 'Studio');
    await type(field('Base URL'), 'nope');
    await click(button('Save profile'));

    expect(container.querySelector('[role="alert"]')?.textContent).toMatch(/full address/);
    expect(field('Base URL').getAttribute('aria-invalid')).toBe('true');
    expect(field('Base URL').value).toBe('nope');
    expect(field('Name').value).toBe('Studio');
  });

  it('adds a profile, stores its key without showing it again, and makes it active', async () => {
    await click(button('Add profile'));
    await type(field('Name'), 'Studio');
    await type(field('Base URL'), 'https://gw.example.com');
    await click(button('Save profile'));
    expect(profileList()).toContain('No key');

    await type(field('API key'), 'sk-secret-123456');
    await click(button('Save key'));
    expect(field('API key').value).toBe('');
    expect(field('API key').type).toBe('password');
    expect(profileList()).toContain('Key stored');
    expect(container.innerHTML).not.toContain('sk-secret-123456');

    const radio = [...container.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find(
      (r) => container.querySelector(`label[for="${r.id}"]`)?.textContent === 'Studio',
    );
    if (!radio) throw new Error('no radio for the profile');
    await click(radio);
    expect(main.calls.some((c) => c.route === 'settings.update')).toBe(true);
    expect(container.querySelector('header')?.textContent).toContain('https://gw.example.com');
  });
});
