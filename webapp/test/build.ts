import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** webapp/ */
export const WEBAPP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DIST_DIR = path.join(WEBAPP_DIR, 'dist');
const STAMP = path.join(DIST_DIR, '.build-stamp');

/** Everything the build reads: a change to any of them makes dist/ stale. */
const INPUTS = ['src', 'vite', 'index.html', 'telegram.html', 'vite.config.ts', 'package.json', '../shared/src', '../package-lock.json'];

function files(entry: string): string[] {
  const full = path.join(WEBAPP_DIR, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [full];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && !/\.test\.tsx?$/.test(d.name))
    .map((d) => path.join(d.parentPath, d.name))
    .sort();
}

/** A hash of the build's inputs (content, not modification times: a fresh clone has new mtimes). */
export function inputsHash(): string {
  const hash = crypto.createHash('sha256');
  for (const file of INPUTS.flatMap(files)) hash.update(path.relative(WEBAPP_DIR, file)).update('\0').update(fs.readFileSync(file));
  return hash.digest('hex');
}

/**
 * Builds the web app (vite build) unless dist/ already holds a build of exactly these sources.
 * Returns whether it built.
 */
export function ensureBuilt(): boolean {
  const hash = inputsHash();
  if (fs.existsSync(path.join(DIST_DIR, 'telegram.html')) && fs.existsSync(path.join(DIST_DIR, 'index.html')) && fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8') === hash) return false;
  const vite = path.join(WEBAPP_DIR, '../node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: WEBAPP_DIR, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production', VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' } });
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stdout}\n${result.stderr}`);
  fs.writeFileSync(STAMP, hash);
  return true;
}
