import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { metaContentSecurityPolicy } from './src/shared/security/content-security-policy';

/** Writes the studio's one Content-Security-Policy into the page's meta tag (the servers send the same). */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'atelier-content-security-policy',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replace('%ATELIER_CONTENT_SECURITY_POLICY%', metaContentSecurityPolicy()),
    },
  };
}

/** The pages the studio opens on, or readies while it opens (`warm`): Create and the Gallery. */
const OPENING_PAGES = [/[\\/]features[\\/]create[\\/]CreatePage\.tsx$/u, /[\\/]features[\\/]gallery[\\/]GalleryPage\.tsx$/u];

/**
 * Lets the browser fetch the opening pages' code beside the entry's (`modulepreload`: fetched and
 * compiled, run only when the page is chosen). A page's code was asked for only once the entry had
 * run, 0.3-0.4 s after it arrived, and then came in a second round of requests.
 */
function preloadOpeningPages(): Plugin {
  return {
    name: 'atelier-preload-opening-pages',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) => {
        if (bundle === undefined) return [];
        const files = new Set<string>();
        const add = (fileName: string): void => {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk' || files.has(fileName) || chunk.isEntry) return;
          files.add(fileName);
          chunk.imports.forEach(add);
        };
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && OPENING_PAGES.some((page) => page.test(chunk.facadeModuleId ?? ''))) add(chunk.fileName);
        }
        // The entry's own files are in the page already.
        return [...files]
          .filter((file) => !html.includes(file))
          .map((file): HtmlTagDescriptor => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` }, injectTo: 'head' }));
      },
    },
  };
}

export default defineConfig({
  main: {
    build: {
      rolldownOptions: {
        // index: the Electron shell; web: web mode on plain Node. Both share core.
        input: { index: resolve('src/main/index.ts'), web: resolve('src/main/web/cli.ts') },
      },
    },
  },
  preload: {
    build: {
      rolldownOptions: { input: { index: resolve('src/preload/index.ts') }, output: { format: 'cjs' } },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    // Minified: the window parses and compiles the entry (1.5 MB unminified) before it draws anything.
    build: {
      minify: true,
      rolldownOptions: {
        input: { index: resolve('src/renderer/index.html') },
        output: {
          // Few files, not one per shared module: over plain http a browser fetches six files at a time
          // per host (the event stream holds one of them), and each waits 20-300 ms for its turn on a
          // busy machine. The icons are one file: the Gallery's seventeen files (ten of them icons) came
          // in three rounds. The code two or more pages share, with what it imports, is one more:
          // opening the studio asked for 23 files, and the Gallery's first thumbnails after the launch
          // address came 100-200 ms later than with 8.
          codeSplitting: {
            groups: [
              { name: 'icons', test: /[\\/]lucide-react[\\/]/u },
              { name: 'shared', test: /[\\/]src[\\/](renderer|shared)[\\/]/u, minShareCount: 2 },
            ],
          },
        },
      },
    },
    plugins: [react(), contentSecurityPolicy(), preloadOpeningPages()],
  },
});
