import pino from 'pino';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from './config';
import type { Database } from './db/client';
import { AdminAuthService } from './services/admin-auth';
import { dataDirNotWritable, noAdminAtAll, refuseUnsafeEnvironment } from './startup-checks';
import { openTestDatabase } from '../test/db';

let database: Database;
let tmp: string;
beforeAll(async () => {
  database = await openTestDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'startup-checks-'));
});
afterAll(async () => {
  await database?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('production refusals that need the disk and the database', () => {
  it('refuses a data folder it cannot write to', async () => {
    expect(await dataDirNotWritable({ dataDir: path.join(tmp, 'data') })).toEqual([]);
    const file = path.join(tmp, 'a-file');
    fs.writeFileSync(file, '');
    expect(await dataDirNotWritable({ dataDir: path.join(file, 'data') })).toEqual([
      expect.stringMatching(/^DATA_DIR: .* is not writable by this process \(ENOTDIR\)/),
    ]);
  });

  it.skipIf(process.getuid?.() === 0)('refuses a data folder owned by another user (permissions)', async () => {
    const locked = path.join(tmp, 'locked');
    fs.mkdirSync(locked, { mode: 0o500 });
    expect(await dataDirNotWritable({ dataDir: locked })).toEqual([expect.stringMatching(/not writable by this process \(EACCES\)/)]);
  });

  it('refuses to start with no admin at all: none in the database and no ADMIN_PASSWORD to create one', async () => {
    const auth = new AdminAuthService(database.db);
    expect(await noAdminAtAll({ admin: { email: 'ops@example.com', password: undefined } }, auth)).toEqual([
      expect.stringMatching(/^ADMIN_PASSWORD: there is no admin/),
    ]);
    // With a password the first admin is created at start; once one exists the password may go.
    expect(await noAdminAtAll({ admin: { email: 'ops@example.com', password: 'a-long-admin-password' } }, auth)).toEqual([]);
    await auth.ensureFirstAdmin('ops@example.com', 'a-long-admin-password');
    expect(await noAdminAtAll({ admin: { email: 'ops@example.com', password: undefined } }, auth)).toEqual([]);
  });

  it('refuses before opening anything, in the words of every production refusal', async () => {
    const file = path.join(tmp, 'another-file');
    fs.writeFileSync(file, '');
    const config = { dataDir: path.join(file, 'x'), networks: {} } as unknown as Parameters<typeof refuseUnsafeEnvironment>[0];
    const refusal = refuseUnsafeEnvironment(config, { log: pino({ level: 'silent' }) });
    await expect(refusal).rejects.toBeInstanceOf(ConfigError);
    await expect(refusal).rejects.toThrow(/Refusing to start in production:\n {2}DATA_DIR: /);
  });
});
