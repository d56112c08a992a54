import { create } from 'zustand';
import type { Envelope, ModelListView, ModelView, StudioError } from '../../../../../shared/contract';
import { studio } from '../../../studio/studio-client';

interface ModelsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  models: ModelView[];
  error: StudioError | null;
  /** Asks the gateway in use which models the key may call (again after a gateway change). */
  load: () => Promise<Envelope<ModelListView>>;
}

/** The image and video models of the gateway in use, for the picker. */
export const useModelsStore = create<ModelsState>()((set) => ({
  status: 'idle',
  models: [],
  error: null,
  load: async () => {
    set({ status: 'loading', error: null });
    const answer = await studio().call('models.list', {});
    if (answer.ok) set({ status: 'ready', models: answer.value.models.filter((model) => model.type === 'image' || model.type === 'video') });
    else set({ status: 'error', error: answer.error });
    return answer;
  },
}));
