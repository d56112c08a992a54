/**
 * The renderer's module borders, proven through ESLint's API: each snippet is linted as if it
 * were a file at `filePath` (virtual text, nothing written into src/), with the project's config.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
const renderer = 'src/renderer/src';
const features = readdirSync(join(root, renderer, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const RULE = 'import-x/no-restricted-paths';
const explains = {
  featureToFeature: 'A feature never imports another feature',
  featureToApp: 'A feature never imports app/',
  sharedToFeatureOrApp: 'shared folders serve every feature',
  kit: 'The kit (ui/) is presentational',
};

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The zone messages of a snippet linted as the file at `file` (relative to the repository). */
async function zoneMessages(file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: join(root, renderer, file) });
  const messages = result?.messages ?? [];
  // A parse or config problem would hide the rule; it must not pass for a clean file.
  expect(messages.filter((message) => message.fatal === true)).toEqual([]);
  return messages.filter((message) => message.ruleId === RULE).map((message) => message.message);
}

const importing = (...specifiers: string[]): string =>
  `${specifiers.map((from, i) => `import * as m${i} from '${from}';`).join('\n')}\nexport const all = [${specifiers.map((_, i) => `m${i}`).join(', ')}];\n`;

describe('renderer zones, kept by npm run lint', () => {
  it('knows every feature folder', () => {
    expect(features).toEqual(expect.arrayContaining(['account', 'create', 'gallery', 'settings', 'timeline']));
  });

  it('refuses an import of another feature, from every feature (also from a nested folder)', async () => {
    for (const feature of features) {
      const other = features.find((candidate) => candidate !== feature) ?? '';
      expect(await zoneMessages(`features/${feature}/zone-check.ts`, importing(`../${other}/feature`))).toEqual([
        expect.stringContaining(explains.featureToFeature),
      ]);
      expect(await zoneMessages(`features/${feature}/nested/zone-check.ts`, importing(`../../${other}/feature`))).toEqual([
        expect.stringContaining(explains.featureToFeature),
      ]);
    }
  });

  it('refuses an import of app/ from a feature', async () => {
    expect(await zoneMessages('features/gallery/zone-check.ts', importing('../../app/main-events'))).toEqual([expect.stringContaining(explains.featureToApp)]);
    expect(await zoneMessages('features/create/containers/zone-check.tsx', importing('../../../app/router'))).toEqual([
      expect.stringContaining(explains.featureToApp),
    ]);
  });

  it('refuses an import of a feature or of app/ from entities/, ui/, errors/, routing/ and studio/', async () => {
    for (const folder of ['entities', 'ui', 'errors', 'routing', 'studio']) {
      const messages = await zoneMessages(`${folder}/zone-check.ts`, importing('../features/timeline/timeline-store', '../app/modules'));
      expect(messages).toHaveLength(2);
      for (const message of messages) expect(message).toContain(explains.sharedToFeatureOrApp);
    }
  });

  it('keeps the kit presentational: no store, no route, no studio client', async () => {
    const messages = await zoneMessages('ui/zone-check.tsx', importing('../entities/jobs-store', '../studio/studio-client', '../errors/alert-store'));
    expect(messages).toHaveLength(3);
    for (const message of messages) expect(message).toContain(explains.kit);
  });

  it('passes what the borders allow (the rule is not simply always on)', async () => {
    // A feature uses its own files, the shared read models, the kit, errors and addresses.
    expect(
      await zoneMessages(
        'features/timeline/zone-check.tsx',
        importing(
          './timeline-store',
          './components/JobRow',
          '../../entities/jobs-store',
          '../../ui',
          '../../errors/alert-store',
          '../../routing/paths',
          '../../studio/studio-client',
        ),
      ),
    ).toEqual([]);
    expect(await zoneMessages('features/gallery/detail/zone-check.tsx', importing('../gallery-store', '../model/zoom'))).toEqual([]);
    // The app composes the features; entities read one another and the client.
    expect(await zoneMessages('app/zone-check.ts', importing('../features/timeline/feature', '../entities/jobs-store'))).toEqual([]);
    expect(await zoneMessages('entities/zone-check.ts', importing('./jobs-store', '../studio/studio-client'))).toEqual([]);
    expect(await zoneMessages('errors/zone-check.tsx', importing('../ui/IconButton'))).toEqual([]);
  });
});

/** Class names a stylesheet defines or mentions in its selectors (comments and declarations left out). */
function selectorClasses(css: string): Set<string> {
  const selectors = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\{[^{}]*\}/g, '{}');
  return new Set([...selectors.matchAll(/\.([a-z][a-z0-9-]*)/g)].map((match) => match[1] ?? ''));
}

const cssFiles = (folder: string): string[] =>
  readdirSync(join(root, renderer, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.css'))
    .map((file) => join(root, renderer, folder, file));

describe('styles stay with their owners', () => {
  it('no feature restyles the kit or the frame through their class names', () => {
    const owned = new Set(
      [...cssFiles('ui'), ...cssFiles('app'), join(root, renderer, 'styles/frame.css')].flatMap((file) => [...selectorClasses(readFileSync(file, 'utf8'))]),
    );
    expect([...owned]).toEqual(expect.arrayContaining(['button', 'field', 'page-head', 'app-main']));
    const crossings = cssFiles('features').flatMap((file) =>
      [...selectorClasses(readFileSync(file, 'utf8'))].filter((name) => owned.has(name)).map((name) => `${file.slice(root.length + 1)}: .${name}`),
    );
    expect(crossings).toEqual([]);
  });
});
