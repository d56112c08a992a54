import { create } from 'zustand';
import type { AssetView, Envelope } from '../../../shared/contract';
import { studio } from '../studio/studio-client';
import { upsertMany, type ById } from './entity-cache';
import { bounded } from './retention';

interface AssetsState {
  assets: ById<AssetView>;
  /** Assets from an answer or a `library.added` event; a later copy replaces an earlier one. */
  assetsReceived: (assets: readonly AssetView[]) => void;
  /** Fetches one asset (a detail view opened from its address) into the cache. */
  fetchAsset: (id: string) => Promise<Envelope<AssetView>>;
  setFavourite: (id: string, favourite: boolean) => Promise<Envelope<AssetView>>;
}

/** Library items by id. Lists hold ids (see `usePagedQuery`) and read the items from here. */
export const useAssetsStore = create<AssetsState>()((set) => {
  const keep = (answer: Envelope<AssetView>): Envelope<AssetView> => {
    if (answer.ok) set((state) => ({ assets: bounded('assets', upsertMany(state.assets, [answer.value]), [answer.value]) }));
    return answer;
  };
  return {
    assets: {},
    assetsReceived: (assets) => set((state) => ({ assets: bounded('assets', upsertMany(state.assets, assets), assets) })),
    fetchAsset: async (id) => keep(await studio().call('library.get_asset', { id })),
    setFavourite: async (id, favourite) => keep(await studio().call('library.set_favourite', { id, favourite })),
  };
});

export const assetSelectors = {
  asset:
    (id: string) =>
    (state: Pick<AssetsState, 'assets'>): AssetView | undefined =>
      state.assets[id],
};
