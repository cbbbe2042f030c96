/**
 * Load benchmark (bounded: a few seconds per case, 127.0.0.1 only). Catalog reads and order creation
 * on the PostgreSQL server, each as a ratio to a bare Express hello-world measured in the same run.
 *
 *   npm run bench            (needs a PostgreSQL server: BENCH_DATABASE_URL, default the local one)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createScratchDatabase } from '../api/test/db';

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const serverUrl = process.env.BENCH_PG_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function start(script: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string }> {
  const profile = process.env.BENCH_PROFILE && script === 'api-server.ts' ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', path.join(here, script)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve({ child, url: `http://127.0.0.1:${match[1]}` });
    });
  });
}

/** `BENCH_ONLY=operators,create` measures only the cases whose name holds one of the words (each with its hello-world). */
const only = process.env.BENCH_ONLY?.split(',');

const CASES: { name: string; opts: (url: string) => autocannon.Options }[] = [
  { name: 'GET /api/countries/CM/operators', opts: (url) => ({ url: `${url}/api/countries/CM/operators` }) },
  { name: 'GET /api/operators/53/amounts', opts: (url) => ({ url: `${url}/api/operators/53/amounts` }) },
  { name: 'GET /api/countries (245 countries)', opts: (url) => ({ url: `${url}/api/countries` }) },
  {
    name: 'POST /api/create-payment',
    opts: (url) => ({
      url: `${url}/api/create-payment`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumber: '671234567', operatorId: 53, amount: 10, currency: 'USDT' }),
    }),
  },
];

interface Result {
  name: string;
  rps: number;
  p99: number;
  errors: number;
}

async function measure(name: string, opts: autocannon.Options): Promise<Result> {
  // A short warm-up fills caches and JIT before the measured run.
  await autocannon({ ...opts, duration: 1 });
  const r = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts });
  const errors = r.errors + r.timeouts + r.non2xx;
  return { name, rps: r.requests.average, p99: r.latency.p99, errors };
}

async function main() {
  const scratch = await createScratchDatabase(serverUrl, 'topup_bench');
  const hello = await start('hello-server.ts');
  const api = await start('api-server.ts', { BENCH_DATABASE_URL: scratch.url });
  try {
    // The yardstick is measured again right before each case: on a shared machine its rate drifts by a
    // fifth within a minute, and a ratio is only fair against the hello-world of the same moment.
    const rows: { hello: Result; api: Result }[] = [];
    for (const c of CASES) {
      if (only && !only.some((word) => c.name.includes(word))) continue;
      const yardstick = await measure('hello-world (bare Express)', { url: `${hello.url}/hello` });
      rows.push({ hello: yardstick, api: await measure(c.name, c.opts(api.url)) });
    }
    console.log(`\n${SECONDS}s per case, ${CONNECTIONS} connections, 127.0.0.1; each case against the hello-world measured just before it\n`);
    console.log('case'.padEnd(40), 'req/s'.padStart(9), 'hello/s'.padStart(9), 'x hello'.padStart(9), 'p99 ms'.padStart(8), 'errors'.padStart(7));
    for (const { hello: h, api: r } of rows) {
      console.log(
        r.name.padEnd(40),
        r.rps.toFixed(0).padStart(9),
        h.rps.toFixed(0).padStart(9),
        (r.rps / h.rps).toFixed(2).padStart(9),
        String(r.p99).padStart(8),
        String(r.errors).padStart(7),
      );
    }
  } finally {
    hello.child.kill();
    api.child.kill();
    await new Promise((r) => setTimeout(r, 300));
    await scratch.drop();
  }
}

await main();
