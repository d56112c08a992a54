import type { StateCreator } from 'zustand';
import type { Envelope, ModelListView, ModelView, StudioError } from '../../../../../shared/contract';
import { studio } from '../../../studio/studio-client';

export interface ModelsSlice {
  modelsStatus: 'idle' | 'loading' | 'ready' | 'error';
  /** The image and video models of the gateway in use, for the picker. */
  models: ModelView[];
  modelsError: StudioError | null;
  /** Asks the gateway in use which models the key may call (again after a gateway change). */
  loadModels: () => Promise<Envelope<ModelListView>>;
}

/** The models the picker offers. */
export const createModelsSlice: StateCreator<ModelsSlice> = (set) => ({
  modelsStatus: 'idle',
  models: [],
  modelsError: null,
  loadModels: async () => {
    set({ modelsStatus: 'loading', modelsError: null });
    const answer = await studio().call('models.list', {});
    if (answer.ok) set({ modelsStatus: 'ready', models: answer.value.models.filter((model) => model.type === 'image' || model.type === 'video') });
    else set({ modelsStatus: 'error', modelsError: answer.error });
    return answer;
  },
});
