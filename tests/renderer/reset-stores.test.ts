import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StoreApi, UseBoundStore } from 'zustand';
import { resetStores } from './reset-stores';

const rendererRoot = join(import.meta.dirname, '../../src/renderer/src');

/** Every source file of the renderer, tests aside. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Zustand stores as the renderer declares them: `export const useXStore = create<...>()(...)`. */
const storeDeclaration = /export const (use\w+) = create\b/g;
/** What makes a store at all: zustand's `create` or `createStore` imported. */
const makesStores = /import \{[^}]*\bcreate(Store)?\b[^}]*\} from 'zustand'/;

/** Every store the renderer's source declares, found by reading it, so a new store cannot be left out. */
function declaredStores(): { file: string; name: string }[] {
  return sourceFiles(rendererRoot).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const names = [...text.matchAll(storeDeclaration)].map((match) => match[1] as string);
    // A file that makes a store this scan cannot read would escape the check: it fails instead.
    if (makesStores.test(text)) expect(names, `${relative(rendererRoot, file)} makes a store declared another way`).not.toEqual([]);
    return names.map((name) => ({ file, name }));
  });
}

describe('resetStores', () => {
  it('puts every zustand store of the renderer back to its first state', async () => {
    const found = declaredStores();
    expect(found.length).toBeGreaterThan(15);
    const stores: { label: string; store: UseBoundStore<StoreApi<object>> }[] = [];
    for (const { file, name } of found) {
      const module = (await import(/* @vite-ignore */ file)) as Record<string, UseBoundStore<StoreApi<object>>>;
      const store = module[name];
      expect(store, name).toBeDefined();
      if (store) stores.push({ label: `${name} (${relative(rendererRoot, file)})`, store });
    }
    // What a test leaves behind: a key no store has at first.
    for (const { store } of stores) store.setState({ leftByAnotherTest: true });
    resetStores();
    const leftOver = stores.filter(({ store }) => Object.hasOwn(store.getState(), 'leftByAnotherTest')).map(({ label }) => label);
    expect(leftOver).toEqual([]);
    for (const { label, store } of stores) expect(store.getState(), label).toEqual(store.getInitialState());
  });
});
