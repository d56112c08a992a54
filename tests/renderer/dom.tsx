import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Runs a step, then lets React render and the studio's answers and events arrive. */
export async function settle(step: () => void = () => undefined, ms = 10): Promise<void> {
  await act(async () => {
    step();
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

export interface Rendered {
  container: HTMLElement;
  unmount: () => void;
}

async function mount(node: ReactNode): Promise<Rendered> {
  const container = document.createElement('div');
  document.body.append(container);
  let root: Root | undefined;
  await settle(() => {
    root = createRoot(container);
    root.render(node);
  });
  return {
    container,
    unmount: () => {
      act(() => root?.unmount());
      container.remove();
    },
  };
}

/** Loads the code of every lazy page of a route table once, so navigating to one is as quick as in the built app. */
async function preload(routes: readonly RouteObject[]): Promise<void> {
  await Promise.all(routes.map(async (route) => Promise.all([typeof route.lazy === 'function' ? route.lazy() : undefined, preload(route.children ?? [])])));
}

/** Renders a route table at an address, with a router kept in memory (as the app's, without the hash), once its page has loaded. */
export async function renderRoutes(routes: RouteObject[], address: string): Promise<Rendered & { router: ReturnType<typeof createMemoryRouter> }> {
  await preload(routes);
  const router = createMemoryRouter(routes, { initialEntries: [address] });
  const rendered = await mount(<RouterProvider router={router} />);
  while (!router.state.initialized || router.state.navigation.state !== 'idle') await settle();
  return { ...rendered, router };
}

export async function renderNode(node: ReactNode): Promise<Rendered> {
  return mount(node);
}

/** The control a visible label names, as a person (or a screen reader) finds it. */
export function field(container: HTMLElement, label: string): HTMLInputElement {
  const found = [...container.querySelectorAll('label')].find((l) => l.textContent === label);
  const input = found ? document.getElementById(found.htmlFor) : null;
  if (!(input instanceof HTMLInputElement)) throw new Error(`no field labelled "${label}"`);
  return input;
}

/** Any control a visible label names (a select, a switch), of the kind expected. */
export function labelled<T extends HTMLElement>(container: HTMLElement, label: string, kind: abstract new () => T): T {
  const found = [...container.querySelectorAll('label')].find((l) => l.textContent === label);
  const control = found ? document.getElementById(found.htmlFor) : null;
  if (!(control instanceof kind)) throw new Error(`no ${kind.name} labelled "${label}"`);
  return control;
}

/** Picks an option of a select, as a person choosing from the list does. */
export async function choose(select: HTMLSelectElement, value: string): Promise<void> {
  await settle(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** A button by its accessible name (aria-label, else its text). */
export function button(container: HTMLElement, name: string): HTMLButtonElement {
  const found = [...container.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent.trim()) === name);
  if (!found) throw new Error(`no button "${name}"`);
  return found;
}

export async function type(input: HTMLInputElement, value: string): Promise<void> {
  // React tracks the value through the native setter; setting .value directly would be ignored.
  // oxlint-disable-next-line typescript/unbound-method -- called with the input as `this` below.
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  await settle(() => {
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function click(target: HTMLElement, ms?: number): Promise<void> {
  await settle(() => target.click(), ms);
}

/** Lets React render until `check` passes (answers and events arrive asynchronously), or fails with its last error. */
export async function until(check: () => void | Promise<void>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await settle(undefined, 20);
    }
  }
}
