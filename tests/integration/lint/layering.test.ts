import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
const run = promisify(execFile);

// Deliberate violations, written where the layering rules apply, then linted with the project's own command.
const fixtures = {
  'src/shared/__layering_fixture__.ts': "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
  'src/main/core/__layering_fixture__.ts': "import { app } from 'electron';\nexport const x = app;\n",
  'src/main/core/gateway/__layering_fixture__.ts': "import { startSimulator } from '../../../simulator/server';\nexport const x = startSimulator;\n",
  'src/renderer/src/__layering_fixture__.ts': "import { createStudio } from '../../main/core/studio';\nexport const x = createStudio;\n",
  // The real-core harness is for tests only: app code of the renderer may not reach main through it.
  'src/renderer/src/__layering_fixture_harness__.ts': "import { startRendererStudio } from '../../../tests/renderer/studio-harness';\nexport const x = startRendererStudio;\n",
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
  'src/main/electron/__layering_fixture_clean__.ts': "import { app } from 'electron';\nimport { createStudio } from '../core/studio';\nexport const x = [app, createStudio];\n",
  // A shell builds the demo gateway and hands it to the core.
  'src/main/web/__layering_fixture_clean__.ts': "import { createStudio } from '../core/studio';\nimport { demoGatewayFor } from '../demo/demo-gateway';\nexport const x = [createStudio, demoGatewayFor];\n",
};

afterAll(() => {
  for (const file of [...Object.keys(fixtures), ...Object.keys(cleanFiles)]) rmSync(join(root, file), { force: true });
});

async function lint(files: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(join(root, 'node_modules/.bin/eslint'), ['--max-warnings', '0', '--no-cache', ...files], { cwd: root });
    return { code: 0, output: stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string };
    return { code: e.code, output: e.stdout };
  }
}

describe('layering is enforced by npm run lint', () => {
  it('fails each deliberate layer crossing with the rule that explains it', async () => {
    for (const [file, text] of Object.entries(fixtures)) writeFileSync(join(root, file), text);
    const { code, output } = await lint(Object.keys(fixtures));
    expect(code).toBe(1);
    for (const message of messages) expect(output).toContain(message);
    expect(output.match(/no-restricted-imports/g)?.length).toBe(Object.keys(fixtures).length);
    // Each file is reported under its own name, so every layer's rule is proven, not one rule many times.
    for (const file of Object.keys(fixtures)) expect(output).toContain(file);
  }, 120_000);

  it('passes files that respect the layers (the rule is not simply always on)', async () => {
    for (const [file, text] of Object.entries(cleanFiles)) writeFileSync(join(root, file), text);
    const { code, output } = await lint(Object.keys(cleanFiles));
    expect(output).toBe('');
    expect(code).toBe(0);
  }, 120_000);
});
