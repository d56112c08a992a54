/**
 * The frame benchmark's baseline: a bare virtualised grid of the same thumbnail files, the least
 * a browser needs to show them while scrolling. A static page with a hand-written fixed-row
 * window (rows of square <img> tiles, the rows in view and two either side in the DOM, updated
 * on every scroll event), served with the thumbnails by a bare node:http server on 127.0.0.1.
 * No framework, no data fetching: every tile's address is known from its index.
 */
import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { ThumbnailEntry } from './thumbnail-files';

/** The gallery's default row height, gap and padding. */
const ROW = 150;
const GAP = 6;
const PADDING = 8;

function page(count: number): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare grid</title>
<style>
html, body { margin: 0; height: 100%; background: #17171a; }
#grid { position: absolute; inset: 0; overflow-y: auto; }
#content { position: relative; width: 100%; }
.row { position: absolute; top: 0; left: 0; width: 100%; height: ${String(ROW)}px; }
.row img { position: absolute; top: 0; height: ${String(ROW)}px; object-fit: cover; border-radius: 4px; background: #333; }
</style></head>
<body><div id="grid" role="grid" aria-label="bare grid"><div id="content"></div></div>
<script>
const COUNT = ${String(count)}, ROW = ${String(ROW)}, GAP = ${String(GAP)}, PADDING = ${String(PADDING)}, OVERSCAN = 2;
const grid = document.getElementById('grid');
const content = document.getElementById('content');
const rows = new Map();
let columns = 1;
let tile = ROW;
function rowCount() { return Math.ceil(COUNT / columns); }
function update() {
  const first = Math.max(0, Math.floor((grid.scrollTop - PADDING) / (ROW + GAP)) - OVERSCAN);
  const last = Math.min(rowCount() - 1, Math.floor((grid.scrollTop + grid.clientHeight - PADDING) / (ROW + GAP)) + OVERSCAN);
  for (const [index, row] of rows) if (index < first || index > last) { row.remove(); rows.delete(index); }
  for (let index = first; index <= last; index++) {
    if (rows.has(index)) continue;
    const row = document.createElement('div');
    row.className = 'row';
    row.style.transform = 'translateY(' + (PADDING + index * (ROW + GAP)) + 'px)';
    for (let column = 0; column < columns; column++) {
      const item = index * columns + column;
      if (item >= COUNT) break;
      const image = document.createElement('img');
      image.alt = '';
      image.decoding = 'async';
      image.style.left = (PADDING + column * (tile + GAP)) + 'px';
      image.style.width = tile + 'px';
      image.src = '/thumb/' + item;
      row.appendChild(image);
    }
    content.appendChild(row);
    rows.set(index, row);
  }
}
function layout() {
  const inner = grid.clientWidth - PADDING * 2;
  columns = Math.max(1, Math.floor((inner + GAP) / (ROW + GAP)));
  tile = (inner - GAP * (columns - 1)) / columns;
  content.style.height = (PADDING * 2 + rowCount() * (ROW + GAP) - GAP) + 'px';
  for (const row of rows.values()) row.remove();
  rows.clear();
  update();
}
grid.addEventListener('scroll', update, { passive: true });
addEventListener('resize', layout);
layout();
</script></body></html>
`;
}

export interface BareGrid {
  url: string;
  close(): Promise<void>;
}

/** Serves the bare grid of `entries` (files under `libraryRoot`) on 127.0.0.1. */
export async function startBareGrid(entries: readonly ThumbnailEntry[], libraryRoot: string): Promise<BareGrid> {
  const html = page(entries.length);
  const server: Server = createServer((request, response) => {
    const url = request.url ?? '/';
    if (url === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(html);
      return;
    }
    const entry = url.startsWith('/thumb/') ? entries[Number(url.slice('/thumb/'.length))] : undefined;
    if (!entry) {
      response.writeHead(404).end();
      return;
    }
    // The headers the studio sends with a library file.
    const file = join(libraryRoot, entry.path);
    response.writeHead(200, { 'content-type': 'image/webp', 'content-length': statSync(file).size, 'cache-control': 'private, max-age=3600' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}/`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
