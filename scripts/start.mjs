// `npm start`: builds what is out of date (prepare-start.ts, in a child that exits), then runs the API
// in this very process. npm starts this file directly (no shell in between stays running), and npm
// passes SIGTERM and SIGINT on to it, so a supervisor's signal reaches the API's drain (main.ts); the
// devnet and the bot are the API's children and stop with it. Plain JavaScript: nothing compiles
// TypeScript in the process that keeps running.
//
// package.json starts it with V8 flags that keep the embedded default small (`npm run measure:memory`):
// --max-semi-space-size=4 (V8 sizes the young generation by the machine's memory: 134 MB on a 24 GB one),
// --v8-pool-size=1 (each helper thread keeps its own malloc arena), --liftoff-only (the embedded
// database and the TON double are WebAssembly: optimised copies of their code took about 70 MB, and for
// the embedded database's small queries the baseline compiler was as fast). The production image runs
// main.js without them.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const prepared = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'prepare-start.ts')], { cwd: root, stdio: 'inherit' });
if (prepared.status !== 0) process.exit(prepared.status ?? 1);
await import(pathToFileURL(path.join(root, '.dev-build', 'api', 'main.js')).href);
