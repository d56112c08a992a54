import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LibraryFilter } from '../../src/shared/contract';
import { useAssetId, useCreateParams, useGalleryFilter, useSection } from '../../src/renderer/src/routing/route-hooks';
import { paths, patterns, type CreateParams } from '../../src/renderer/src/routing/paths';
import { renderRoutes, settle, type Rendered } from './dom';

let view: Rendered | undefined;
afterEach(() => view?.unmount());

interface Seen {
  filter?: LibraryFilter;
  setFilter?: ReturnType<typeof useGalleryFilter>[1];
  assetId?: string | null;
  section?: string;
  create?: CreateParams;
}
const seen: Seen = {};

function GalleryProbe() {
  const [filter, setFilter] = useGalleryFilter();
  const assetId = useAssetId();
  const section = useSection();
  useEffect(() => {
    Object.assign(seen, { filter, setFilter, assetId, section });
  });
  return null;
}

function CreateProbe() {
  const create = useCreateParams();
  useEffect(() => {
    seen.create = create;
  });
  return null;
}

const routes = [
  { path: patterns.gallery, element: <GalleryProbe /> },
  { path: patterns.asset, element: <GalleryProbe /> },
  { path: patterns.create, element: <CreateProbe /> },
];

describe('route hooks', () => {
  it('read the gallery filter from the address, write a new one as a history entry, and Back restores the old', async () => {
    const rendered = await renderRoutes(routes, paths.gallery({ kind: 'image' }));
    view = rendered;
    expect(seen.filter).toEqual({ kind: 'image' });
    expect(seen.section).toBe('gallery');

    await settle(() => seen.setFilter?.({ kind: 'image', text: 'fox', favourite: true }));
    expect(rendered.router.state.location.search).toBe('?kind=image&fav=1&q=fox');
    expect(seen.filter).toEqual({ kind: 'image', favourite: true, text: 'fox' });

    await settle(() => void rendered.router.navigate(-1));
    expect(seen.filter).toEqual({ kind: 'image' });
  });

  it('read an asset id (encoded in one segment) with its gallery filter', async () => {
    view = await renderRoutes(routes, paths.asset('task_1/0', { model: 'vid-2' }));
    expect(seen.assetId).toBe('task_1/0');
    expect(seen.filter).toEqual({ model: 'vid-2' });
  });

  it('read "reuse the settings of" for Create', async () => {
    view = await renderRoutes(routes, paths.create({ reuse: 'asset-9' }));
    expect(seen.create).toEqual({ reuse: 'asset-9', reference: null, remix: null, character: null, edit: null, animate: null, retry: null });
  });
});
