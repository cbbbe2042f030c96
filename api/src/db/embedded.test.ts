import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { EMBEDDED_POSTGRES_MAJOR, openDatabase, rowsOf } from './client';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-db-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded database', () => {
  it('runs the PostgreSQL major it names, with a small buffer cache, and opens its own directory again', async () => {
    for (let start = 0; start < 2; start++) {
      const database = await openDatabase({ dataDir });
      const [settings] = rowsOf<{ version: string; buffers: string }>(
        await database.db.execute(sql`select current_setting('server_version_num') as version, current_setting('shared_buffers') as buffers`),
      );
      await database.close();
      expect(settings!.version.slice(0, 2)).toBe(EMBEDDED_POSTGRES_MAJOR);
      expect(settings!.buffers).toBe('16MB');
    }
    expect(fs.readFileSync(path.join(dataDir, 'pglite', 'PG_VERSION'), 'utf8').trim()).toBe(EMBEDDED_POSTGRES_MAJOR);
  });

  it('names the version that made a data directory it cannot open, and what to do', async () => {
    const old = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-old-'));
    fs.mkdirSync(path.join(old, 'pglite'));
    fs.writeFileSync(path.join(old, 'pglite', 'PG_VERSION'), '17\n');
    await expect(openDatabase({ dataDir: old })).rejects.toThrow(/made by PostgreSQL 17; this version runs PostgreSQL 18\. Move that directory aside/);
    fs.rmSync(old, { recursive: true, force: true });
  });
});
