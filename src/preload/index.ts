import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';

// Channel names repeat those of src/main/electron/ipc-transport.ts: the sandboxed preload cannot import main.
const INVOKE_CHANNEL = 'atelier:invoke';
const EVENT_CHANNEL = 'atelier:event';

/** The whole surface the renderer gets: call a route, listen to an event. Nothing else of Electron leaks. */
contextBridge.exposeInMainWorld('atelier', {
  invoke: (route: string, input: unknown): Promise<unknown> => ipcRenderer.invoke(INVOKE_CHANNEL, route, input),
  on(event: string, listener: (payload: unknown) => void): () => void {
    const handler = (_e: IpcRendererEvent, name: unknown, payload: unknown): void => {
      if (name === event) listener(payload);
    };
    ipcRenderer.on(EVENT_CHANNEL, handler);
    return () => ipcRenderer.removeListener(EVENT_CHANNEL, handler);
  },
});
