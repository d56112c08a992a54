import { describe, expect, it } from 'vitest';
import { chooseImageBuild } from './image-library';

describe('image library build', () => {
  it('is WebAssembly inside Electron and native on plain Node', () => {
    expect(chooseImageBuild({ electron: '42.11.18', override: undefined })).toBe('wasm');
    expect(chooseImageBuild({ electron: undefined, override: undefined })).toBe('native');
  });

  it('follows ATELIER_IMAGE_BUILD on plain Node, and never loads native inside Electron', () => {
    expect(chooseImageBuild({ electron: undefined, override: 'wasm' })).toBe('wasm');
    expect(chooseImageBuild({ electron: undefined, override: 'fast' })).toBe('native');
    expect(chooseImageBuild({ electron: '42.11.18', override: 'native' })).toBe('wasm');
  });
});
