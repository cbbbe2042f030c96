import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { buildServer } from '../../scripts/build-server';
import { startApiProcess } from './api-process';

/**
 * The production build: the API and the bot as plain JavaScript that `node` runs
 * without tsx, importing only the packages their workspaces list as runtime dependencies (what the
 * image installs with `npm ci --omit=dev --omit=optional -w api -w bot`): no Hardhat, no React, no
 * TypeScript, and PGlite only as the optional embedded database.
 */

let outdir: string;
let dataDir: string;
beforeAll(async () => {
  // A direct child of the repository, as dist/ is: the bundle finds node_modules above it.
  outdir = path.join(REPO_ROOT, `.test-build-${crypto.randomBytes(4).toString('hex')}`);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-build-'));
  await buildServer(outdir);
}, 120_000);
afterAll(() => {
  if (outdir) fs.rmSync(outdir, { recursive: true, force: true });
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The packages a bundle imports (statically or dynamically), by package name. */
function importedPackages(file: string): Set<string> {
  const code = fs.readFileSync(file, 'utf8');
  const specifiers = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)"([^"]+)"/g)].map((m) => m[1]!);
  const builtins = new Set(builtinModules);
  return new Set(
    specifiers
      .filter((s) => !s.startsWith('.') && !s.startsWith('node:') && !builtins.has(s))
      .map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!)),
  );
}

function runtimeDependencies(workspace: string): { required: Set<string>; optional: Set<string> } {
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, workspace, 'package.json'), 'utf8')) as { dependencies?: object; optionalDependencies?: object };
  return { required: new Set(Object.keys(pkg.dependencies ?? {})), optional: new Set(Object.keys(pkg.optionalDependencies ?? {})) };
}

describe('the server build', () => {
  it('writes the API with its migrations, and the bot', () => {
    for (const file of ['api/main.js', 'api/migrations/0000_init.sql', 'api/migrations/meta/_journal.json', 'bot/main.js']) {
      expect(fs.existsSync(path.join(outdir, file)), file).toBe(true);
    }
  });

  it('imports only the runtime dependencies of the api and bot workspaces', () => {
    for (const [bundle, workspace, mayOptional] of [
      ['api/main.js', 'api', ['@electric-sql/pglite']],
      ['bot/main.js', 'bot', []],
    ] as const) {
      const deps = runtimeDependencies(workspace);
      const imported = importedPackages(path.join(outdir, bundle));
      expect(imported.size).toBeGreaterThan(5);
      const outside = [...imported].filter((p) => !deps.required.has(p) && !(deps.optional.has(p) && (mayOptional as readonly string[]).includes(p)));
      // drizzle-orm's PGlite driver is part of drizzle-orm; the others must be listed.
      expect(outside, `${bundle} imports packages its workspace does not list`).toEqual([]);
      for (const devOnly of ['hardhat', 'solc', 'react', 'typescript', 'tsx', 'vite', '@topup/shared'])
        expect(imported.has(devOnly), `${bundle} imports ${devOnly}`).toBe(false);
    }
  });

  it('runs with plain node: /api/health answers, and SIGTERM stops it cleanly', async () => {
    const api = await startApiProcess(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        DEVNET: 'false',
        ETHEREUM_ENABLED: 'false',
        BSC_ENABLED: 'false',
        POLYGON_ENABLED: 'false',
        TRON_ENABLED: 'false',
        TON_ENABLED: 'false',
        RUN_WORKERS: 'false',
        RUN_BOT: 'false',
      },
      { entry: [path.join(outdir, 'api/main.js')] },
    );
    try {
      const health = await fetch(`${api.url}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ ok: true });
      expect((await fetch(`${api.url}/api/countries`)).status).toBe(200);
    } finally {
      api.kill('SIGTERM');
    }
    expect(await api.exited).toEqual({ code: 0, signal: null });
  }, 90_000);

  it('runs the bot with plain node (its configuration is checked first)', () => {
    const run = spawnSync(process.execPath, [path.join(outdir, 'bot/main.js')], { env: { PATH: process.env.PATH }, encoding: 'utf8', timeout: 30_000 });
    expect(run.stderr).toMatch(/Invalid bot configuration:\n {2}TELEGRAM_BOT_TOKEN/);
    expect(run.status).toBe(1);
  });
});
