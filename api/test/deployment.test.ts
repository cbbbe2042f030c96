import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT, loadConfig } from '../src/config';

/**
 * The deployment files, read as `docker compose config` and `docker build` would read them (no Docker
 * engine runs here): docker-compose.yml's services, health checks, start order, init and volumes;
 * deploy/Caddyfile's upstreams against the compose services; the Dockerfile's stages; and every
 * variable they take documented in .env.example. Where the tools are installed (CI installs Debian's
 * `caddy` and `docker-compose`), Caddy validates the Caddyfile and Compose resolves the file.
 */

const has = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
const deployEnv = { PATH: process.env.PATH ?? '', DOMAIN: 'topup.example.com', ACME_EMAIL: 'ops@example.com', POSTGRES_PASSWORD: 'secret' };

interface Service {
  image?: string;
  build?: string;
  command?: string[];
  init?: boolean;
  ports?: string[];
  volumes?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[]; interval?: string; start_period?: string };
  stop_grace_period?: string;
}

const read = (file: string) => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
const composeText = read('docker-compose.yml');
// `merge: true` resolves the `<<: *app` keys as compose does.
const compose = parse(composeText, { merge: true }) as { services: Record<string, Service>; volumes: Record<string, unknown> };
const services = compose.services;
const apis = Object.keys(services).filter((name) => /^api-\d+$/.test(name));
const seconds = (duration: string) => Number(/^(\d+)s$/.exec(duration)?.[1]);

describe('docker-compose.yml', () => {
  it('runs the proxy, the database, the rate limits’ store, two API replicas, the bot and the backups', () => {
    expect(Object.keys(services).sort()).toEqual(['api-1', 'api-2', 'backup', 'bot', 'caddy', 'postgres', 'valkey']);
    expect(apis).toHaveLength(2);
  });

  it('gives every service a health check', () => {
    for (const [name, s] of Object.entries(services)) expect(s.healthcheck?.test?.length, name).toBeGreaterThan(1);
    // The API replicas are healthy while they reach the database and are not shutting down: readiness.
    for (const name of apis) expect(services[name]!.healthcheck!.test.join(' ')).toContain('/api/ready?require=database');
    expect(services.bot!.healthcheck!.test.join(' ')).toContain('127.0.0.1:3001/health');
    expect(services.backup!.healthcheck!.test).toEqual(['CMD', 'bash', '/scripts/backup.sh', 'check']);
  });

  it('starts each service after what it needs is healthy: the bot after the API', () => {
    const healthy = (name: string) => Object.fromEntries(Object.entries(services[name]!.depends_on ?? {}).map(([dep, d]) => [dep, d.condition]));
    expect(healthy('bot')).toEqual({ 'api-1': 'service_healthy', 'api-2': 'service_healthy', caddy: 'service_healthy' });
    expect(healthy('caddy')).toEqual({ 'api-1': 'service_healthy', 'api-2': 'service_healthy' });
    for (const name of apis) expect(healthy(name)).toEqual({ postgres: 'service_healthy', valkey: 'service_healthy' });
    expect(healthy('backup')).toEqual({ postgres: 'service_healthy' });
  });

  it('runs the API and the bot as node under an init, with time to drain before Docker kills them', () => {
    for (const name of [...apis, 'bot']) {
      const s = services[name]!;
      expect(s.init, name).toBe(true);
      expect(s.command?.[0], `${name} runs node itself, not npm`).toBe('node');
      expect(s.build).toBe('.');
    }
    expect(services['api-1']!.command).toEqual(['node', 'dist/api/main.js']);
    expect(services.bot!.command).toEqual(['node', 'dist/bot/main.js']);
    for (const name of apis) {
      const env = services[name]!.environment!;
      expect(seconds(services[name]!.stop_grace_period!) * 1000).toBeGreaterThan(Number(env.SHUTDOWN_TIMEOUT_MS) + 5000);
      expect(env).toMatchObject({ NODE_ENV: 'production', RUN_BOT: 'false', TRUST_PROXY: '1', RATE_LIMIT_REDIS_URL: 'redis://valkey:6379' });
      expect(env.DATABASE_URL).toMatch(/^postgres:\/\/topup:\$\{POSTGRES_PASSWORD:\?.*\}@postgres:5432\/topup$/);
      // The configuration accepts what compose sets.
      expect(() =>
        loadConfig({ ...env, NODE_ENV: 'test', DATABASE_URL: 'postgres://topup:x@postgres:5432/topup', PUBLIC_URL: 'https://topup.example.com' }),
      ).not.toThrow();
    }
    expect(services.bot!.environment).toMatchObject({
      BOT_MODE: 'webhook',
      WEBHOOK_URL: 'https://${DOMAIN:?set DOMAIN}/telegram-webhook',
      API_URL: 'http://caddy:8080',
    });
  });

  it('publishes only the proxy, on 80 and 443', () => {
    for (const [name, s] of Object.entries(services)) if (name !== 'caddy') expect(s.ports, name).toBeUndefined();
    expect(services.caddy!.ports).toEqual(['80:80', '443:443', '443:443/udp']);
  });

  it('keeps data in named volumes, each declared, and mounts files that exist', () => {
    const used = Object.values(services).flatMap((s) => s.volumes ?? []);
    for (const mount of used) {
      const [source] = mount.split(':');
      if (source!.startsWith('./')) expect(fs.existsSync(path.join(REPO_ROOT, source!)), mount).toBe(true);
      else expect(Object.keys(compose.volumes), mount).toContain(source);
    }
    expect(services.postgres!.volumes).toContain('pgdata:/var/lib/postgresql/data');
    expect(services.backup!.volumes).toEqual(expect.arrayContaining(['./scripts/backup.sh:/scripts/backup.sh:ro', 'backups:/backups']));
    expect(services.backup!.command).toEqual(['bash', '/scripts/backup.sh', 'loop']);
    // The API reads the backups (read-only) to alert when the newest is older than two intervals.
    for (const name of apis) expect(services[name]!.volumes).toEqual(['apidata:/data', 'backups:/backups:ro']);
    expect(services.caddy!.volumes).toEqual(expect.arrayContaining(['./deploy/Caddyfile:/etc/caddy/Caddyfile:ro', 'caddy_data:/data']));
  });

  it.runIf(has('docker-compose'))('is a valid Compose file (docker-compose config)', () => {
    // A copy with an empty .env: compose reads the env_file, which an operator writes from .env.example.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compose-'));
    try {
      for (const file of ['docker-compose.yml', 'deploy/Caddyfile', 'scripts/backup.sh', 'scripts/restore.sh']) {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.copyFileSync(path.join(REPO_ROOT, file), path.join(dir, file));
      }
      fs.writeFileSync(path.join(dir, '.env'), '');
      const run = spawnSync('docker-compose', ['config'], { cwd: dir, env: deployEnv, encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const resolved = parse(run.stdout) as { services: Record<string, Service> };
      expect(resolved.services['api-2']!.environment).toMatchObject({
        DATABASE_URL: 'postgres://topup:secret@postgres:5432/topup',
        PUBLIC_URL: 'https://topup.example.com',
      });
      // Without the required variables compose refuses to start, naming them.
      const missing = spawnSync('docker-compose', ['config'], { cwd: dir, env: { PATH: process.env.PATH ?? '' }, encoding: 'utf8' });
      expect(missing.status).not.toBe(0);
      expect(missing.stderr).toMatch(/set (POSTGRES_PASSWORD|DOMAIN)/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('documents in .env.example every variable compose takes', () => {
    const example = read('.env.example');
    const documented = new Set([...example.matchAll(/^#?\s?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    const taken = new Set([...composeText.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!));
    expect(taken.size).toBeGreaterThan(4);
    expect([...taken].filter((name) => !documented.has(name))).toEqual([]);
  });
});

describe('deploy/Caddyfile', () => {
  const caddyfile = read('deploy/Caddyfile');

  it('proxies to exactly the API replicas of compose, taking a replica only while it is ready', () => {
    const upstreams = /reverse_proxy ((?:api-\d+:\d+ ?)+)\{/.exec(caddyfile)![1]!.trim().split(' ');
    expect(upstreams).toEqual(apis.map((name) => `${name}:3000`));
    expect(caddyfile).toMatch(/health_uri \/api\/ready\?require=database/);
    expect(caddyfile).toMatch(/lb_try_duration \d+s/);
    // Event streams pass through unbuffered.
    expect(caddyfile).toMatch(/flush_interval -1/);
  });

  it('serves the domain with automatic TLS, sends the webhook to the bot, and never serves /metrics', () => {
    expect(caddyfile).toMatch(/^\{\$DOMAIN\} \{$/m);
    expect(caddyfile).toMatch(/email \{\$ACME_EMAIL\}/);
    expect(caddyfile).toMatch(/handle \/telegram-webhook\* \{\n\s+reverse_proxy bot:3001/);
    expect([...caddyfile.matchAll(/handle \/metrics\* \{\n\s+respond 404/g)]).toHaveLength(2);
    expect(services.bot!.environment!.WEBHOOK_URL).toContain('/telegram-webhook');
  });

  it.runIf(has('caddy'))('is a valid Caddyfile (caddy validate)', () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'caddy-'));
    try {
      const run = spawnSync('caddy', ['validate', '--adapter', 'caddyfile', '--config', path.join(REPO_ROOT, 'deploy/Caddyfile')], {
        env: { ...deployEnv, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home, HOME: home },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.stdout + run.stderr).toMatch(/Valid configuration/);
      expect(run.status).toBe(0);
    } finally {
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const runtime = stages.at(-1)!;

  it('builds on a Node LTS that package.json’s engines name', () => {
    const image = /^ARG NODE_IMAGE=node:(\d+)-bookworm-slim$/m.exec(dockerfile)?.[1];
    expect(['22', '24']).toContain(image);
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    expect(engines).toContain(`^${image}.`);
    expect(stages.map((s) => s.split('\n')[0])).toEqual(['${NODE_IMAGE} AS manifests', 'manifests AS build', 'manifests AS runtime']);
  });

  it('builds the pages and the server to JavaScript, and the runtime stage holds only what runs', () => {
    expect(stages[1]).toMatch(/RUN npm run build && npm run build:server/);
    expect(runtime).toMatch(/RUN npm ci --omit=dev --omit=optional --workspace=api --workspace=bot /);
    expect([...runtime.matchAll(/^COPY --from=build \/app\/(\S+) /gm)].map((m) => m[1])).toEqual(['dist', 'webapp/dist', 'admin/dist']);
    // No sources in the runtime stage: only package manifests (for npm ci, from the stage it starts from) come from the context.
    expect([...runtime.matchAll(/^COPY (?!--from)(\S+)/gm)]).toEqual([]);
    expect([...stages[0]!.matchAll(/^COPY (?!--from)(\S+)/gm)].map((m) => m[1])).toEqual([
      'package.json',
      'shared/package.json',
      'api/package.json',
      'bot/package.json',
      'webapp/package.json',
      'admin/package.json',
    ]);
  });

  it('runs as the unprivileged user, with a data folder it owns, and node as the command', () => {
    expect(runtime).toMatch(/ENV NODE_ENV=production HOST=0\.0\.0\.0 PORT=3000 DATA_DIR=\/data/);
    expect(runtime).toMatch(/RUN mkdir -p \/data && chown node:node \/data/);
    const user = runtime.indexOf('USER node');
    expect(user).toBeGreaterThan(runtime.indexOf('chown node:node /data'));
    expect(runtime.slice(user)).toMatch(/^CMD \["node", "dist\/api\/main\.js"\]$/m);
  });

  it('keeps secrets and build output out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['.env', 'node_modules', '.data', 'dist']));
  });
});
