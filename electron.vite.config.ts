import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
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
          // The icons in one file, not one each: over plain http a browser fetches six files at a time
          // per host, and the Gallery's seventeen files (ten of them icons) came in three rounds.
          codeSplitting: {
            groups: [{ name: 'icons', test: /[\\/]lucide-react[\\/]/u }],
          },
        },
      },
    },
    plugins: [react(), contentSecurityPolicy()],
  },
});
