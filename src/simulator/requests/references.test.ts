import { describe, expect, it } from 'vitest';
import { ServedFile } from '../media/file-store';
import { classifyReference, decodeBase64Data } from './image-data';
import type { ImageReferenceRule, UrlResolver } from './references';
import { checkImageReference, checkVideoReference } from './references';
import { Rejection } from './rejection';

const MB = 1024 * 1024;

function localFile(format: string, bytes: number): ServedFile {
  const mime = format === 'mp4' ? 'video/mp4' : `image/${format}`;
  return new ServedFile(`f.${format}`, { extension: format, mime, format, width: 10, height: 10, hasAlpha: false, content: Buffer.alloc(bytes) });
}

const resolverFor =
  (file: ServedFile): UrlResolver =>
  (url) =>
    url.startsWith('http://sim/') ? { kind: 'local', file } : { kind: 'foreign' };

async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof Rejection) return error.status;
    throw error;
  }
}

describe('reference classification', () => {
  it('tells URLs, Base64 and other text apart', () => {
    expect(classifyReference('https://example.com/a.png')).toBe('http-url');
    expect(classifyReference('data:image/png;base64,iVBORw0KGgo=')).toBe('base64');
    expect(classifyReference('iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB')).toBe('base64');
    expect(classifyReference('ftp://example.com/a.png')).toBe('invalid');
    expect(classifyReference('a cat')).toBe('invalid');
  });

  it('decodes bare and data: URL Base64', () => {
    const bytes = Buffer.from('hello world');
    expect(decodeBase64Data(bytes.toString('base64'))?.equals(bytes)).toBe(true);
    expect(decodeBase64Data(`data:text/plain;base64,${bytes.toString('base64')}`)?.equals(bytes)).toBe(true);
    expect(decodeBase64Data('not base64 at all!')).toBeUndefined();
  });
});

describe('per-file byte limits of each variant', () => {
  const limits: [string, number][] = [
    ['A/C (2MB)', 2 * MB],
    ['E (10MB)', 10 * MB],
    ['B (50MB)', 50 * MB],
  ];
  it.each(limits)('%s: exactly the limit passes, one byte more is a 422', async (_name, maxBytes) => {
    const rule: ImageReferenceRule = { formats: ['png', 'jpeg'], maxBytes, base64Status: 422 };
    expect(await statusOf(checkImageReference('http://sim/a.png', 'image_urls[0]', rule, resolverFor(localFile('png', maxBytes))))).toBe(200);
    expect(await statusOf(checkImageReference('http://sim/a.png', 'image_urls[0]', rule, resolverFor(localFile('png', maxBytes + 1))))).toBe(422);
  });

  it('file types come from the bytes for our files and from the extension for other addresses', async () => {
    const rule: ImageReferenceRule = { formats: ['png', 'jpeg'], base64Status: 422 };
    expect(await statusOf(checkImageReference('http://sim/x', 'p', rule, resolverFor(localFile('webp', 10))))).toBe(422);
    expect(await statusOf(checkImageReference('https://cdn.example.com/a.webp', 'p', rule, resolverFor(localFile('png', 10))))).toBe(422);
    expect(await statusOf(checkImageReference('https://cdn.example.com/a.JPG', 'p', rule, resolverFor(localFile('png', 10))))).toBe(200);
    expect(await statusOf(checkImageReference('https://cdn.example.com/image', 'p', rule, resolverFor(localFile('png', 10))))).toBe(200);
  });

  it('Base64 is refused with the status the endpoint uses', async () => {
    const b64 = Buffer.alloc(32, 7).toString('base64');
    const resolve = resolverFor(localFile('png', 10));
    expect(await statusOf(checkImageReference(b64, 'p', { formats: ['png'], base64Status: 422 }, resolve))).toBe(422);
    expect(await statusOf(checkImageReference(b64, 'p', { formats: ['png'], base64Status: 400 }, resolve))).toBe(400);
  });

  it('video references must be videos', () => {
    expect(() => checkVideoReference('http://sim/v', 'v', resolverFor(localFile('png', 10)))).toThrow(Rejection);
    expect(checkVideoReference('http://sim/v', 'v', resolverFor(localFile('mp4', 10))).file).toBeDefined();
    expect(() => checkVideoReference('https://cdn.example.com/a.png', 'v', resolverFor(localFile('mp4', 10)))).toThrow(Rejection);
  });
});
