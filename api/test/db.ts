import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client';

/**
 * A new, empty database on the PostgreSQL server of `serverUrl`, for one test file or one benchmark;
 * `drop()` removes it (even with connections still open).
 */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => run(`drop database if exists ${name} with (force)`) };
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (TEST_DB=postgres) a new database
 * on the server named by TEST_DATABASE_URL, dropped again by `close()`.
 */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') return openDatabase({});
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  // Named after the server database the run was given, so a run sweeps only its own leftovers
  // (several runs may share one server: CI and a developer's tests).
  const scratch = await createScratchDatabase(serverUrl, `${new URL(serverUrl).pathname.slice(1) || 'topup'}_t`);
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 20 });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}
