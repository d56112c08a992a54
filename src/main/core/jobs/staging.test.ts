import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ResultStaging, STAGING_FOLDER } from './staging';

describe('result staging', () => {
  it('decodes Base64 results into their own files: the manifest holds no image data', async () => {
    const root = mkdtempSync(join(tmpdir(), 'atelier-staging-'));
    const staging = new ResultStaging(root);
    const image = randomBytes(300_000);
    await staging.write(
      { jobId: 'j1' },
      { receivedAt: 5, results: [{ b64: image.toString('base64'), revisedPrompt: 'a harbour' }, { url: 'https://cdn.example/b.png' }] },
    );
    const manifestText = readFileSync(join(root, STAGING_FOLDER, 'job-j1.json'), 'utf8');
    expect(manifestText.length).toBeLessThan(500);
    const staged = await staging.read({ jobId: 'j1' });
    expect(staged?.results).toEqual([{ file: 'job-j1.0.bin', revisedPrompt: 'a harbour' }, { url: 'https://cdn.example/b.png' }]);
    expect(readFileSync(staging.fileOf('job-j1.0.bin')).equals(image)).toBe(true);
    await staging.remove({ jobId: 'j1' });
    expect(readdirSync(join(root, STAGING_FOLDER))).toEqual([]);
    expect(existsSync(staging.fileOf('job-j1.0.bin'))).toBe(false);
  });
});
