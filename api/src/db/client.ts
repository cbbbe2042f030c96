import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

const execFileAsync = promisify(execFile);

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface SessionLock {
  /** False once the connection holding the lock is gone (and PostgreSQL has let go of the lock). */
  readonly held: boolean;
  release(): Promise<void>;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Takes a session-level advisory lock, held until released or until the connection ends (a crashed
   * process loses it at once). Null when another session holds it.
   */
  tryLock(key: number): Promise<SessionLock | null>;
  /**
   * Receives NOTIFY payloads of a channel (from any process) until the returned function is called.
   * `onLost` is called once if the listening connection drops (a restart, a terminated backend): the
   * subscription is then over, and notifications sent meanwhile are not delivered.
   */
  listen(channel: string, handler: (payload: string) => void, onLost?: (err?: Error) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any fixed number: taken while migrating so that processes starting together migrate once. */
const MIGRATION_LOCK = 727_001;

// node-postgres returns int8 and numeric as text; the schema reads them as numbers or bigint itself.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** Opens PostgreSQL (a server when `databaseUrl` is set, else embedded PGlite under `dataDir`) and migrates it. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string; poolSize?: number }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // A connection the server closes (a restart, a dropped database) must not crash the process. Idle,
    // the pool replaces it on the next query; checked out (a transaction), the pool does not listen,
    // and the query in flight already fails with the same error, so the client's own event is dropped.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
    const tryLock = async (key: number) => {
      // A connection of its own: the lock lives as long as this session does.
      const session = await pool.connect();
      try {
        const { rows } = await session.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
        if (rows[0]?.locked) {
          let held = true;
          // The connection died: PostgreSQL has let go of the lock. Hand the dead client back at once,
          // so the pool does not keep (or wait on) it.
          session.on('error', (err) => {
            if (!held) return;
            held = false;
            session.release(err);
          });
          return {
            get held() {
              return held;
            },
            async release() {
              if (!held) return;
              held = false;
              await session.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
              session.release(true);
            },
          };
        }
      } catch (err) {
        session.release();
        throw err;
      }
      session.release();
      return null;
    };
    const listen = async (channel: string, handler: (payload: string) => void, onLost?: (err?: Error) => void) => {
      // LISTEN belongs to a session: a client of its own, outside the pool.
      const client = new pg.Client({ connectionString: opts.databaseUrl });
      let ended = false;
      const lost = (err?: Error) => {
        if (ended) return;
        ended = true;
        client.end().catch(() => undefined);
        onLost?.(err);
      };
      client.on('error', lost);
      client.on('end', () => lost());
      try {
        await client.connect();
        client.on('notification', (n) => n.channel === channel && handler(n.payload ?? ''));
        await client.query(`listen "${channel.replace(/"/g, '')}"`);
      } catch (err) {
        ended = true;
        await client.end().catch(() => undefined);
        throw err;
      }
      return async () => {
        ended = true;
        await client.end().catch(() => undefined);
      };
    };
    return { db, kind: 'postgres', tryLock, listen, close: () => pool.end() };
  }
  return openPglite(opts.dataDir);
}

/** The PostgreSQL major version the embedded database (PGlite) runs: it opens no data directory of another. */
export const EMBEDDED_POSTGRES_MAJOR = '18';
/**
 * The embedded database's buffer cache: PostgreSQL's default (128 MB) was most of `npm start`'s memory,
 * and the embedded database holds a few megabytes.
 */
const EMBEDDED_SHARED_BUFFERS = '16MB';

/**
 * Makes the data directory when it is new; refuses one of another major version (PGlite's own error
 * for it says only that it failed to start).
 */
async function prepareDataDir(dir: string): Promise<void> {
  const file = path.join(dir, 'PG_VERSION');
  if (!fs.existsSync(file)) return createInChild(dir);
  const major = fs.readFileSync(file, 'utf8').trim();
  if (major !== EMBEDDED_POSTGRES_MAJOR) {
    throw new Error(
      `The embedded database in ${dir} was made by PostgreSQL ${major}; this version runs PostgreSQL ${EMBEDDED_POSTGRES_MAJOR}. ` +
        'Move that directory aside to start with an empty database (development data), or copy its data out with the previous version first.',
    );
  }
}

/**
 * Makes a new data directory in a child process: PGlite runs initdb as a second WebAssembly module, and
 * the memory it grows to (about 450 MB) would stay with the server until a full garbage collection, which
 * an idle server may not run for hours.
 */
async function createInChild(dir: string): Promise<void> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  await execFileAsync(process.execPath, ['-e', `require(${JSON.stringify(entry)}).PGlite.create(${JSON.stringify(dir)}).then((db) => db.close())`]);
}

/**
 * The embedded database, loaded only when it is used: PGlite is an optional dependency, left out of
 * the production image (which runs on a PostgreSQL server).
 */
async function openPglite(dataDir: string | undefined): Promise<Database> {
  let modules;
  try {
    modules = await Promise.all([import('@electric-sql/pglite'), import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator')]);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw err;
    throw new Error('This install has no embedded database (PGlite, an optional dependency): set DATABASE_URL to a PostgreSQL server.');
  }
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = modules;
  let dir: string | undefined;
  if (dataDir) {
    dir = path.join(dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    await prepareDataDir(dir);
  }
  const client = new PGlite(dir, { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`] });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS });
  // PGlite has one connection in one process: the data directory itself admits a single process.
  const tryLock = async () => ({ held: true, release: async () => undefined });
  const listen = async (channel: string, handler: (payload: string) => void) => {
    const stop = await client.listen(channel, handler);
    return () => stop();
  };
  return { db, kind: 'pglite', tryLock, listen, close: () => client.close() };
}

/**
 * The rows of a raw `db.execute(sql…)`, as the query's author types them: both drivers (pg and PGlite)
 * answer with `rows`, which drizzle's shared type does not name. The one place such a result is cast.
 */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * A row of `table` that raw SQL answered (`returning *`, the database's column names) as drizzle's own
 * select gives it: keys as in the schema, each value through its column's mapping.
 */
export function tableRow<T extends Table>(table: T, raw: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}
