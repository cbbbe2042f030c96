import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { REPO_ROOT } from '../src/config';
import { openDatabase, rowsOf } from '../src/db/client';
import { createScratchDatabase } from './db';
import { startTestApi, type TestApi } from './harness';

/**
 * The backup and restore of the runbook, with the very scripts the compose `backup`
 * service runs, against the PostgreSQL server: a live database with orders is dumped, restored into an
 * empty database and over a used one, and the API serves the same orders from the copy. Old dumps are
 * removed after BACKUP_KEEP_DAYS, the newest never; the health check reads the newest dump's age.
 */

const onServer = process.env.TEST_DB === 'postgres';

function run(script: string, args: string[], env: Record<string, string>) {
  const result = spawnSync('bash', [path.join(REPO_ROOT, 'scripts', script), ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

describe.runIf(onServer)('backups with pg_dump and restores with pg_restore', () => {
  let api: TestApi;
  let dir: string;
  let server: URL;
  let source: string;
  const scratch: { drop(): Promise<void> }[] = [];
  let paymentIds: string[];

  const libpq = (database: string): Record<string, string> => ({
    PGHOST: server.hostname,
    PGPORT: server.port || '5432',
    PGUSER: decodeURIComponent(server.username || 'postgres'),
    PGPASSWORD: decodeURIComponent(server.password),
    PGDATABASE: database,
  });

  beforeAll(async () => {
    server = new URL(process.env.TEST_DATABASE_URL!);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backups-'));
    api = await startTestApi();
    paymentIds = [];
    for (const coin of ['USDT', 'USDC', 'ETH']) {
      const res = await api.call('POST', '/api/crypto-payment', {
        body: { amount: 10, phoneNumber: '671234567', operatorId: 53, countryId: 120, cryptoCurrency: coin },
      });
      expect(res.status).toBe(201);
      paymentIds.push(res.body.paymentId as string);
    }
    source = rowsOf<{ name: string }>(await api.database.db.execute(sql`select current_database() as name`))[0]!.name;
  }, 60_000);

  afterAll(async () => {
    await api?.close();
    for (const s of scratch) await s.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const dumps = () => fs.readdirSync(dir).filter((f) => f.endsWith('.dump'));

  it('dumps the live database, and restores it into an empty database where the API serves the same orders', async () => {
    const backup = run('backup.sh', ['once'], { ...libpq(source), BACKUP_DIR: dir });
    expect(backup.code, backup.out).toBe(0);
    expect(dumps()).toEqual([expect.stringMatching(new RegExp(`^${source}-\\d{8}T\\d{6}Z\\.dump$`))]);

    const target = await createScratchDatabase(server.toString(), `${server.pathname.slice(1)}_t`);
    scratch.push(target);
    const restore = run('restore.sh', [path.join(dir, dumps()[0]!)], libpq(target.name));
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toMatch(/\(3 orders\)/);

    // The copy is a working database: migrations recorded (nothing to apply), orders answered.
    const copy = await startTestApi({ database: await openDatabase({ databaseUrl: target.url, poolSize: 2 }) });
    try {
      for (const paymentId of paymentIds) {
        const [a, b] = await Promise.all([api.call('GET', `/api/orders/${paymentId}/status`), copy.call('GET', `/api/orders/${paymentId}/status`)]);
        expect(b.status).toBe(200);
        expect({ ...b.body, updatedAt: 0 }).toEqual({ ...a.body, updatedAt: 0 });
      }
    } finally {
      // startTestApi closes the database it was given; the scratch database is dropped in afterAll.
      await copy.close();
    }
  }, 120_000);

  it('refuses to restore over a database in use unless told to replace it, and then replaces it in one transaction', async () => {
    const target = await createScratchDatabase(server.toString(), `${server.pathname.slice(1)}_t`);
    scratch.push(target);
    const used = await openDatabase({ databaseUrl: target.url, poolSize: 1 });
    await used.db.execute(sql`insert into settings (key, value) values ('marker', '"before the restore"'::jsonb) on conflict do nothing`);
    await used.close();

    const file = path.join(dir, dumps().sort().at(-1)!);
    const refused = run('restore.sh', [file], libpq(target.name));
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/already has \d+ tables: restore into an empty database, or pass --replace/);

    const replaced = run('restore.sh', ['--replace', file], libpq(target.name));
    expect(replaced.code, replaced.out).toBe(0);
    const check = await openDatabase({ databaseUrl: target.url, poolSize: 1 });
    try {
      const count = async (query: SQL) => rowsOf<{ n: number }>(await check.db.execute(query))[0]!.n;
      expect([await count(sql`select count(*)::int as n from orders`), await count(sql`select count(*)::int as n from settings where key = 'marker'`)]).toEqual(
        [3, 0],
      );
    } finally {
      await check.close();
    }
  }, 60_000);

  it('keeps dumps for BACKUP_KEEP_DAYS, never removes the newest, and reports the newest dump’s age as its health', () => {
    const old = path.join(dir, `${source}-20200101T000000Z.dump`);
    const recent = path.join(dir, `${source}-20200102T000000Z.dump`);
    fs.writeFileSync(old, 'old');
    fs.writeFileSync(recent, 'recent');
    const day = 24 * 3600;
    fs.utimesSync(old, new Date(), new Date(Date.now() - 20 * day * 1000));
    fs.utimesSync(recent, new Date(), new Date(Date.now() - 3 * day * 1000));
    const backup = run('backup.sh', ['once'], { ...libpq(source), BACKUP_DIR: dir, BACKUP_KEEP_DAYS: '14' });
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toMatch(/removed .*20200101T000000Z\.dump \(older than 14 days\)/);
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(recent)).toBe(true);
    expect(run('backup.sh', ['check'], { ...libpq(source), BACKUP_DIR: dir }).code).toBe(0);

    // Only stale dumps: the check fails (the compose service turns unhealthy), and the newest is kept.
    const staleDir = fs.mkdtempSync(path.join(dir, 'stale-'));
    const stale = path.join(staleDir, `${source}-20200103T000000Z.dump`);
    fs.writeFileSync(stale, 'stale');
    fs.utimesSync(stale, new Date(), new Date(Date.now() - 30 * day * 1000));
    const check = run('backup.sh', ['check'], { ...libpq(source), BACKUP_DIR: staleDir, BACKUP_INTERVAL_SECONDS: '86400' });
    expect(check.code).toBe(1);
    expect(check.out).toMatch(/is \d+s old/);
    expect(run('backup.sh', ['check'], { ...libpq(source), BACKUP_DIR: path.join(dir, 'none') }).out).toMatch(/no backup yet/);
  }, 60_000);
});
