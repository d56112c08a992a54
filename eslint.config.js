// Lint for correctness and for the layering of docs/architecture.md: imports point down only.
import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

const electronModules = ['electron', 'electron/*', 'electron-store', 'electron-updater'];

/** The renderer's folders, and each feature module (a folder of `features/`). */
const renderer = './src/renderer/src';
const features = readdirSync(join(import.meta.dirname, renderer, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** What every feature may use: shared read models, the kit, errors, addresses, the client, texts. */
const rendererShared = ['entities', 'ui', 'errors', 'routing', 'studio', 'i18n', 'preferences', 'transport', 'styles'].map((folder) => `${renderer}/${folder}`);

/**
 * The renderer's borders (bulletproof-react's import zones): features are modules the app composes,
 * so a feature never imports another feature or the app, and the shared folders import neither.
 */
const rendererZones = [
  ...features.map((feature) => ({
    target: `${renderer}/features/${feature}`,
    from: `${renderer}/features`,
    except: [`./${feature}`],
    message: 'A feature never imports another feature: read shared state from entities/, link with routing/paths, and let app/ wire events.',
  })),
  {
    target: `${renderer}/features`,
    from: `${renderer}/app`,
    message: 'A feature never imports app/: it hands its routes, navigation entry and event handlers to app/ through its module.',
  },
  {
    target: rendererShared,
    from: [`${renderer}/features`, `${renderer}/app`],
    message: 'entities/, ui/, errors/, routing/ and the other shared folders serve every feature: they import no feature and not app/.',
  },
  {
    target: `${renderer}/ui`,
    from: ['entities', 'errors', 'routing', 'studio', 'preferences', 'transport'].map((folder) => `${renderer}/${folder}`),
    message: 'The kit (ui/) is presentational: props in, callbacks out; it reads no store but its own toast list, and calls no route.',
  },
];

const restrict = (groups, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: groups, message }] }],
});

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  // The rules that need no types. The type-aware ones of typescript-eslint's strict-type-checked set
  // run in oxlint (.oxlintrc.json, `npm run lint:types`): the same rules over typescript-go, a sixth
  // of the CPU time ESLint's type information cost.
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'src/cli/**', 'src/simulator/cli.ts', 'src/main/web/cli.ts', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: restrict(
      [
        ...nodeBuiltins,
        'electron',
        'electron/*',
        'react',
        'react-dom',
        'react-dom/*',
        'undici',
        'conf',
        'better-sqlite3',
        'sharp',
        'fastify',
        '**/main/**',
        '**/renderer/**',
        '**/preload/**',
        '**/simulator/**',
      ],
      'src/shared is pure TypeScript: no Node, DOM, Electron or app-layer imports.',
    ),
  },
  {
    files: ['src/main/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...electronModules, '**/electron/**', '**/web/**', '**/renderer/**', '**/preload/**', '**/cli/**'],
              message: 'src/main/core is plain Node: it never imports electron or a transport.',
            },
            {
              group: ['**/simulator/**', '**/main/demo/**'],
              message: 'src/main/core never imports the demo gateway: the shell hands it over as a ConnectionProvider.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}', 'tests/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/renderer/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json', '.css'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: rendererZones }] },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...nodeBuiltins, ...electronModules, '**/main/**', '**/preload/**', '**/simulator/**', '**/cli/**', '**/tests/**'],
              message: 'The renderer talks to main only through the studio contract (StudioClient); tests reach the real core through tests/renderer.',
            },
            {
              regex: '/shared/contract$',
              allowTypeImports: true,
              message:
                "Import values from the contract's own module (shared/contract/error-wording, say): its index builds every route's schema, which only main checks, as the window opens.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/main/web/**/*.ts'],
    rules: restrict(
      [...electronModules, '**/electron/**', '**/renderer/**', '**/preload/**', '**/cli/**'],
      'src/main/web is the web-mode transport on plain Node: no Electron, no Electron shell, no renderer or CLI code.',
    ),
  },
  {
    files: ['src/main/electron/**/*.ts', 'src/main/index.ts'],
    rules: restrict(
      ['fastify', '@fastify/*', '**/web/**', '**/renderer/**', '**/preload/**', '**/cli/**', '**/simulator/**'],
      'src/main/electron is the Electron shell: it reaches the studio through core, never through web mode, the renderer, the CLI or the simulator.',
    ),
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: restrict(
      [...nodeBuiltins, 'electron-store', 'electron-updater', '**/main/**', '**/renderer/**', '**/simulator/**', '**/cli/**'],
      'The sandboxed preload exposes invoke and on over ipcRenderer and nothing else: no Node modules, no app code.',
    ),
  },
  {
    files: ['src/cli/**/*.ts'],
    rules: restrict(
      [...electronModules, 'fastify', '@fastify/*', '**/electron/**', '**/web/**', '**/renderer/**', '**/preload/**'],
      'The CLI runs on plain Node over core: no Electron, no transport, no renderer.',
    ),
  },
  {
    files: ['src/simulator/**/*.ts'],
    rules: restrict(
      ['electron', '**/main/**', '**/renderer/**', '**/shared/**'],
      'The simulator is an independent reading of the gateway interface: it shares no code with the app.',
    ),
  },
);
