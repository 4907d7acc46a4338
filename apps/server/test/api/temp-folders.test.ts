import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../support.ts';

describe('a test server', () => {
  it('removes the data folder it made when it closes, with what the server wrote there', async () => {
    const server = await startServer();
    const dataDir = server.config.dataDir;
    expect(dataDir.startsWith(tmpdir())).toBe(true);
    await writeFile(path.join(dataDir, 'left-by-a-test.txt'), 'x');
    await server.close();
    expect(existsSync(dataDir)).toBe(false);
  });

  it('leaves a data folder it was given to whoever gave it', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'vault-given-'));
    try {
      const server = await startServer({ DATA_DIR: dataDir });
      await server.close();
      expect(existsSync(dataDir)).toBe(true);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
