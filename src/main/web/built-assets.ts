import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/** What the build writes into `assets/`: the window's code and styles. */
const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.wasm': 'application/wasm',
};

/** A built file's name: its content hash is in it, and it is a name, never a path. */
const BUILT_NAME = /^[\w-]+(?:\.[\w-]+)*$/u;

/**
 * `GET /assets/<name>`: the window's built code and styles, read once and then answered from
 * memory, cached by the browser for good (each name carries its content's hash, so a new build
 * has new names). Opening the studio asks for ten of them at once and a page for a dozen more;
 * answered from disk, each a stat, an open and a stream, they came 70-380 ms after they were
 * asked for while main was starting the window's calls too.
 */
export function registerBuiltAssets(app: FastifyInstance, rendererDir: string): void {
  const held = new Map<string, Promise<Buffer | undefined>>();
  const read = (name: string): Promise<Buffer | undefined> => {
    let bytes = held.get(name);
    if (bytes === undefined) {
      bytes = readFile(join(rendererDir, 'assets', name)).catch(() => undefined);
      held.set(name, bytes);
      // A name not found is not remembered: a build written while the studio runs may add it.
      void bytes.then((found) => found === undefined && held.delete(name));
    }
    return bytes;
  };
  app.get<{ Params: { name: string } }>('/assets/:name', async (request, reply) => {
    const { name } = request.params;
    const type = TYPES[extname(name)];
    const bytes = type !== undefined && BUILT_NAME.test(name) ? await read(name) : undefined;
    if (type === undefined || bytes === undefined) return reply.code(404).send('Not found');
    return reply.header('content-type', type).header('cache-control', 'public, max-age=31536000, immutable').send(bytes);
  });
}
