import { describe, expect, it } from 'vitest';
import { RenderCache } from './render-cache';

describe('render cache', () => {
  it('renders a key once, even when asked again while the render runs', async () => {
    const cache = new RenderCache(1_000);
    let renders = 0;
    const render = async (): Promise<Buffer> => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return Buffer.alloc(10);
    };
    const [a, b] = await Promise.all([cache.get('k', render), cache.get('k', render)]);
    expect(a).toBe(b);
    await cache.get('k', render);
    expect(renders).toBe(1);
  });

  it('does not keep failures, and drops the least recently used over its budget', async () => {
    const cache = new RenderCache(25);
    await expect(cache.get('bad', () => Promise.reject(new Error('no ffmpeg')))).rejects.toThrow('no ffmpeg');
    expect((await cache.get('bad', () => Promise.resolve(Buffer.from('ok')))).toString()).toBe('ok');

    const made: string[] = [];
    const sized = (key: string) => () => {
      made.push(key);
      return Promise.resolve(Buffer.alloc(10));
    };
    await cache.get('a', sized('a'));
    await cache.get('b', sized('b'));
    await cache.get('a', sized('a'));
    await cache.get('c', sized('c'));
    // a was used after b, so b went when c pushed the total over 25 bytes.
    await cache.get('a', sized('a'));
    await cache.get('b', sized('b'));
    expect(made).toEqual(['a', 'b', 'c', 'b']);
  });
});
