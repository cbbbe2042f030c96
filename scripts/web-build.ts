/**
 * Builds the web app (webapp/: site and mini-app) and the admin console (admin/) when their build is
 * missing or was made from other sources. `npm start` runs it, and so do the browser tests, so a fresh
 * clone serves and tests current pages without a separate build step. Freshness is a hash of the
 * build's inputs, stored beside the build (a fresh clone has new modification times, the same content).
 * An image that ships only the build (no sources) is left as it is.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type WebPackage = 'webapp' | 'admin';

/** Everything a package's build reads, relative to the package. */
const INPUTS: Record<WebPackage, string[]> = {
  webapp: ['src', 'vite', 'index.html', 'telegram.html', 'vite.config.ts', 'package.json', '../shared/src', '../package-lock.json'],
  admin: ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', '../shared/src', '../package-lock.json'],
};

function files(dir: string, entry: string): string[] {
  const full = path.join(dir, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [full];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && !/\.test\.tsx?$/.test(d.name))
    .map((d) => path.join(d.parentPath, d.name))
    .sort();
}

function inputsHash(pkg: WebPackage): string {
  const dir = path.join(REPO_ROOT, pkg);
  const hash = crypto.createHash('sha256');
  for (const file of INPUTS[pkg].flatMap((entry) => files(dir, entry))) hash.update(path.relative(dir, file)).update('\0').update(fs.readFileSync(file));
  return hash.digest('hex');
}

/** Builds `pkg` unless its dist/ holds a build of exactly these sources. Returns whether it built. */
export function ensureBuilt(pkg: WebPackage): boolean {
  const dir = path.join(REPO_ROOT, pkg);
  if (!fs.existsSync(path.join(dir, 'src'))) return false;
  const stamp = path.join(dir, 'dist', '.build-stamp');
  const hash = inputsHash(pkg);
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === hash) return false;
  const vite = path.join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  // NODE_ENV=production: a test runner's NODE_ENV=test would otherwise build development-only code in.
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`vite build of ${pkg} failed:\n${result.stdout}\n${result.stderr}`);
  fs.writeFileSync(stamp, hash);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const pkg of ['webapp', 'admin'] as const) {
    if (ensureBuilt(pkg)) console.log(`Built ${pkg}.`);
  }
}
