/**
 * The start-up benchmark's raw baseline, plain JavaScript so nothing is compiled on the way: a
 * bare process that opens the library file with better-sqlite3 and serves the renderer's
 * index.html and the first gallery page (the same answer `listAssets` gives: rows, tags, boards,
 * batch, request parsed) over node:http on 127.0.0.1, and prints its address when it listens.
 * Arguments: the database file, the index.html to serve, the page's SQL (its last parameter is
 * the limit) and the limit.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import Database from 'better-sqlite3';

const [file, indexHtml, sql, limit] = process.argv.slice(2);
const connection = new Database(file, { readonly: true });
const page = connection.prepare(sql);
const split = (text) => (text === null || text === '' ? [] : text.split('\u001f'));

const server = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/') {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(readFileSync(indexHtml));
    return;
  }
  if (request.method === 'POST' && request.url === '/page') {
    request.resume();
    request.on('end', () => {
      const items = page.all(Number(limit)).map((row) => ({ ...row, tags: split(row.tags), boardIds: split(row.board_ids), request: JSON.parse(row.request) }));
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ items }));
    });
    return;
  }
  response.writeHead(404).end();
});
server.listen(0, '127.0.0.1', () => console.log(`listening at http://127.0.0.1:${server.address().port}`));
