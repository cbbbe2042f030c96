// Builds the web app and the admin console when their build is missing or older than their sources,
// so `npm start` on a fresh clone serves them without a separate build step. An image that ships only
// the build (no sources) is left as it is.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newest(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(target).map((name) => newest(path.join(target, name))));
}

for (const [pkg, page] of [['webapp', 'telegram.html'], ['admin', 'index.html']]) {
  const dir = path.join(root, pkg);
  const built = path.join(dir, 'dist', page);
  const sources = ['src', 'index.html', 'telegram.html', 'vite.config.ts', 'package.json'].map((f) => path.join(dir, f));
  if (!fs.existsSync(path.join(dir, 'src'))) continue;
  const sourceTime = Math.max(...sources.map(newest), newest(path.join(root, 'shared', 'src')));
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs >= sourceTime) continue;
  console.log(`Building ${pkg}…`);
  execFileSync('npm', ['run', 'build', '-w', pkg], { cwd: root, stdio: 'inherit' });
}
