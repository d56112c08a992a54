import { describe, expect, it } from 'vitest';
import { chooseImageBuild } from './image-library';

describe('image library build', () => {
  it('is WebAssembly inside Electron on Linux and native everywhere else', () => {
    expect(chooseImageBuild({ platform: 'linux', electron: '42.11.18', override: undefined })).toBe('wasm');
    expect(chooseImageBuild({ platform: 'linux', electron: undefined, override: undefined })).toBe('native');
    expect(chooseImageBuild({ platform: 'darwin', electron: '42.11.18', override: undefined })).toBe('native');
    expect(chooseImageBuild({ platform: 'win32', electron: '42.11.18', override: undefined })).toBe('native');
  });

  it('follows ATELIER_IMAGE_BUILD when it names a build, and ignores anything else', () => {
    expect(chooseImageBuild({ platform: 'linux', electron: undefined, override: 'wasm' })).toBe('wasm');
    expect(chooseImageBuild({ platform: 'linux', electron: '42.11.18', override: 'native' })).toBe('native');
    expect(chooseImageBuild({ platform: 'linux', electron: '42.11.18', override: 'fast' })).toBe('wasm');
  });
});
