import { chmodSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest } from './database.js';

const made: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'stride-db-'));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('the SQLite database file', () => {
  it('and its -wal and -shm files are readable by the owner only', async () => {
    const file = path.join(tempDir(), 'stride.db');
    const db = createDatabase({ dialect: 'sqlite', file });
    try {
      await migrateToLatest(db);
      for (const name of [file, `${file}-wal`, `${file}-shm`]) {
        expect(existsSync(name), name).toBe(true);
        expect(modeOf(name).toString(8), name).toBe('600');
      }
    } finally {
      await db.destroy();
    }
  });

  it('is tightened to 0600 when it was made world-readable before', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'stride.db');
    const first = createDatabase({ dialect: 'sqlite', file });
    await migrateToLatest(first);
    await first.destroy();
    chmodSync(file, 0o644);
    writeFileSync(`${file}-wal`, '', { mode: 0o644 });
    chmodSync(`${file}-wal`, 0o644);
    const again = createDatabase({ dialect: 'sqlite', file });
    try {
      expect(modeOf(file).toString(8)).toBe('600');
      expect(modeOf(`${file}-wal`).toString(8)).toBe('600');
    } finally {
      await again.destroy();
    }
  });
});
