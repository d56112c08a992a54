/**
 * A DOM for renderer tests that keeps Node's own networking and abort globals: the studio core
 * runs in the same process (undici, Fastify, `setMaxListeners` on abort signals) and breaks on
 * happy-dom's stand-ins for them. The DOM (document, window, elements, events) is happy-dom's.
 */
import { builtinEnvironments, type Environment } from 'vitest/environments';

const nodeGlobals = [
  'AbortController',
  'AbortSignal',
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'Blob',
  'File',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextEncoder',
  'TextDecoder',
  'URL',
  'URLSearchParams',
  'structuredClone',
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'queueMicrotask',
] as const;

const environment: Environment = {
  name: 'dom-with-node-globals',
  viteEnvironment: 'client',
  async setup(global: Record<string, unknown>, options) {
    const saved = Object.fromEntries(nodeGlobals.map((name) => [name, global[name]]));
    const dom = await builtinEnvironments['happy-dom'].setup(global, options);
    for (const name of nodeGlobals) global[name] = saved[name];
    return dom;
  },
};

export default environment;
