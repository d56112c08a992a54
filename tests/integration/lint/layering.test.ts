import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');

// Deliberate violations, each linted as if it were a file at that path, with the project's own config.
const fixtures = {
  'src/shared/__layering_fixture__.ts': "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
  'src/main/core/__layering_fixture__.ts': "import { app } from 'electron';\nexport const x = app;\n",
  'src/main/core/gateway/__layering_fixture__.ts': "import { startSimulator } from '../../../simulator/server';\nexport const x = startSimulator;\n",
  'src/renderer/src/__layering_fixture__.ts': "import { createStudio } from '../../main/core/studio';\nexport const x = createStudio;\n",
  // The real-core harness is for tests only: app code of the renderer may not reach main through it.
  'src/renderer/src/__layering_fixture_harness__.ts':
    "import { startRendererStudio } from '../../../tests/renderer/studio-harness';\nexport const x = startRendererStudio;\n",
  'src/simulator/__layering_fixture__.ts': "import { routes } from '../shared/contract';\nexport const x = routes;\n",
  'src/main/web/__layering_fixture__.ts': "import { createStudioWindow } from '../electron/window';\nexport const x = createStudioWindow;\n",
  'src/main/electron/__layering_fixture__.ts': "import { startWebServer } from '../web/server';\nexport const x = startWebServer;\n",
  'src/preload/__layering_fixture__.ts': "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
  'src/cli/__layering_fixture__.ts': "import { safeStorage } from 'electron';\nexport const x = safeStorage;\n",
};
/** The message of every layer's rule; each must be produced by its fixture (the renderer's and core's by two). */
const messages = [
  'src/shared is pure TypeScript',
  'src/main/core is plain Node',
  'The renderer talks to main only through the studio contract',
  'The simulator is an independent reading',
  'src/main/web is the web-mode transport',
  'src/main/electron is the Electron shell',
  'The sandboxed preload exposes invoke and on',
  'The CLI runs on plain Node over core',
  'src/main/core never imports the demo gateway',
];
const cleanFiles = {
  'src/main/core/__layering_fixture_clean__.ts': "import { routes } from '../../shared/contract';\nexport const x = routes;\n",
  'src/main/electron/__layering_fixture_clean__.ts':
    "import { app } from 'electron';\nimport { createStudio } from '../core/studio';\nexport const x = [app, createStudio];\n",
  // A shell builds the demo gateway and hands it to the core.
  'src/main/web/__layering_fixture_clean__.ts':
    "import { createStudio } from '../core/studio';\nimport { demoGatewayFor } from '../demo/demo-gateway';\nexport const x = [createStudio, demoGatewayFor];\n",
};

/** The project's eslint.config.js as `npm run lint` loads it (the layer rules need no types; oxlint runs the type-aware ones). */
const eslint = new ESLint({ cwd: root, cache: false });

/** Lints each snippet as the file it names, in the stylish format `npm run lint` prints. */
async function lint(files: Record<string, string>): Promise<{ errors: number; output: string }> {
  const results = (
    await Promise.all(Object.entries(files).map(([file, text]) => eslint.lintText(text, { filePath: join(root, file), warnIgnored: true })))
  ).flat();
  const formatter = await eslint.loadFormatter('stylish');
  const output = await formatter.format(results);
  return { errors: results.reduce((sum, result) => sum + result.errorCount + result.warningCount, 0), output };
}

describe('layering is enforced by npm run lint', () => {
  it('fails each deliberate layer crossing with the rule that explains it', async () => {
    const { errors, output } = await lint(fixtures);
    expect(errors).toBe(Object.keys(fixtures).length);
    for (const message of messages) expect(output).toContain(message);
    expect(output.match(/no-restricted-imports/g)?.length).toBe(Object.keys(fixtures).length);
    // Each file is reported under its own name, so every layer's rule is proven, not one rule many times.
    for (const file of Object.keys(fixtures)) expect(output).toContain(file);
  });

  it('passes files that respect the layers (the rule is not simply always on)', async () => {
    const { errors, output } = await lint(cleanFiles);
    expect(output).toBe('');
    expect(errors).toBe(0);
  });
});
