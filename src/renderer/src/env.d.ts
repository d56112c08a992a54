/// <reference types="vite/client" />
import type { Envelope } from '../../shared/contract';

/** What the Electron preload exposes through contextBridge; absent in web mode. */
export interface AtelierBridge {
  invoke(route: string, input: unknown): Promise<Envelope<unknown>>;
  on(event: string, listener: (payload: unknown) => void): () => void;
}

declare global {
  interface Window {
    atelier?: AtelierBridge;
  }
}
