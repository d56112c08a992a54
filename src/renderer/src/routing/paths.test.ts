import { describe, expect, it } from 'vitest';
import { galleryQuery, parseCompareResults, parseCreateParams, parseGalleryFilter, paths, sectionOf, sections } from './paths';

const searchOf = (path: string): URLSearchParams => new URLSearchParams(path.split('?')[1] ?? '');

describe('paths', () => {
  it('put a gallery filter in the address and read the same filter back', () => {
    const filter = {
      kind: 'video' as const,
      model: 'vid-2',
      favourite: true,
      tag: 'sky & sea',
      createdFrom: 1700000000000,
      batchId: 'b-1_2',
      text: '狐狸 snow',
    };
    const path = paths.gallery(filter);
    expect(path.startsWith('/gallery?')).toBe(true);
    expect(parseGalleryFilter(searchOf(path))).toEqual(filter);
  });

  it('make the same address for the same filter, whatever order it was built in', () => {
    expect(galleryQuery({ text: 'fox', kind: 'image' })).toBe(galleryQuery({ kind: 'image', text: 'fox' }));
    expect(paths.gallery({})).toBe('/gallery');
    expect(paths.gallery({ favourite: false })).toBe('/gallery');
  });

  it('encode ids as one path segment each', () => {
    expect(paths.asset('a/b c', { kind: 'image' })).toBe('/gallery/asset/a%2Fb%20c?kind=image');
    expect(paths.batch('x?y')).toBe('/timeline/batch/x%3Fy');
  });

  it('carry "reuse the settings of", "use as reference", "remix" and "create a character" to Create', () => {
    expect(parseCreateParams(searchOf(paths.create({ reuse: 'asset-1' })))).toEqual({
      reuse: 'asset-1',
      reference: null,
      remix: null,
      character: null,
      edit: null,
      animate: null,
      retry: null,
    });
    expect(parseCreateParams(searchOf(paths.create({ reference: 'asset-2' })))).toEqual({
      reuse: null,
      reference: 'asset-2',
      remix: null,
      character: null,
      edit: null,
      animate: null,
      retry: null,
    });
    expect(parseCreateParams(searchOf(paths.create({ remix: 'video-3' })))).toEqual({
      reuse: null,
      reference: null,
      remix: 'video-3',
      character: null,
      edit: null,
      animate: null,
      retry: null,
    });
    expect(parseCreateParams(searchOf(paths.create({ character: 'video-4' })))).toEqual({
      reuse: null,
      reference: null,
      remix: null,
      character: 'video-4',
      edit: null,
      animate: null,
      retry: null,
    });
    expect(parseCreateParams(searchOf(paths.create({ edit: 'image-5', animate: 'image-6', retry: 'job-7' })))).toMatchObject({
      edit: 'image-5',
      animate: 'image-6',
      retry: 'job-7',
    });
    expect(paths.create()).toBe('/create');
  });
});

describe('compare of chosen results', () => {
  it('carries 2 to 4 results and the gallery filter they were chosen in', () => {
    const path = paths.compareResults(['a1', 'b2', 'c3'], { text: 'fox' });
    expect(path).toBe('/gallery/compare?items=a1%2Cb2%2Cc3&q=fox');
    expect(parseCompareResults(searchOf(path))).toEqual(['a1', 'b2', 'c3']);
    expect(parseGalleryFilter(searchOf(path))).toEqual({ text: 'fox' });
    // One result, five, or none is no comparison.
    expect(parseCompareResults(new URLSearchParams('items=a1'))).toEqual([]);
    expect(parseCompareResults(new URLSearchParams('items=a,b,c,d,e'))).toEqual([]);
    expect(parseCompareResults(new URLSearchParams('items=a,a'))).toEqual([]);
  });
});

describe('parsers', () => {
  it('drop a malformed field and keep the others', () => {
    expect(parseGalleryFilter(new URLSearchParams('kind=sculpture&from=yesterday&model=gen-image-2&fav=maybe'))).toEqual({ model: 'gen-image-2' });
    expect(parseCreateParams(new URLSearchParams('reuse=%20%20'))).toEqual({
      reuse: null,
      reference: null,
      remix: null,
      character: null,
      edit: null,
      animate: null,
      retry: null,
    });
  });

  it('name the section of every address; unknown ones open Create', () => {
    for (const section of sections) expect(sectionOf(paths.section(section))).toBe(section);
    expect(sectionOf('/gallery/asset/x')).toBe('gallery');
    expect(sectionOf('/timeline/batch/7')).toBe('timeline');
    expect(sectionOf('/')).toBe('create');
    expect(sectionOf('/nowhere')).toBe('create');
  });
});
