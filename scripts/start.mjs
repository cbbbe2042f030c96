// `npm start`: builds what is out of date (prepare-start.ts, in a child that exits), then runs the API
// in this very process. npm starts this file directly (no shell in between stays running), and npm
// passes SIGTERM and SIGINT on to it, so a supervisor's signal reaches the API's drain (main.ts); the
// devnet and the bot are the API's children and stop with it. Plain JavaScript: nothing compiles
// TypeScript in the process that keeps running.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const prepared = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'prepare-start.ts')], { cwd: root, stdio: 'inherit' });
if (prepared.status !== 0) process.exit(prepared.status ?? 1);
await import(pathToFileURL(path.join(root, '.dev-build', 'api', 'main.js')).href);
