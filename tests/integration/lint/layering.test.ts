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
};
const clean = 'src/main/core/__layering_fixture_clean__.ts';

afterAll(() => {
  for (const file of [...Object.keys(fixtures), clean]) rmSync(join(root, file), { force: true });
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
    expect(output).toContain('src/shared is pure TypeScript');
    expect(output).toContain('src/main/core is plain Node');
    expect(output).toContain('The renderer talks to main only through the studio contract');
    expect(output).toContain('The simulator is an independent reading');
    expect(output).toContain('src/main/core never imports the demo gateway');
    expect(output.match(/no-restricted-imports/g)?.length).toBe(6);
  }, 120_000);

  it('passes a file that respects the layers (the rule is not simply always on)', async () => {
    writeFileSync(join(root, clean), "import { routes } from '../../shared/contract';\nexport const x = routes;\n");
    const { code, output } = await lint([clean]);
    expect(output).toBe('');
    expect(code).toBe(0);
  }, 120_000);
});
