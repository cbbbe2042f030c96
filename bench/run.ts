/**
 * Load benchmark (bounded: under a minute per case, 127.0.0.1 only). Catalog reads and order
 * creation on the PostgreSQL server, and the floor under order creation (floor-server.ts), each as a
 * ratio to a bare Express hello-world measured in the same run: five rounds of the hello-world then the
 * case, the median of the five ratios reported.
 *
 *   npm run bench            (needs a PostgreSQL server: BENCH_DATABASE_URL, default the local one)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createScratchDatabase } from '../api/test/db';

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = 5;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const WARM_UP_SECONDS = 3;
/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
const CLOCK_TICKS = 100;
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

const createPayment = (url: string): autocannon.Options => ({
  url: `${url}/api/create-payment`,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ phoneNumber: '671234567', operatorId: 53, amount: 10, currency: 'USDT' }),
});

/** Each case runs against the API, or against the floor under order creation (floor-server.ts). */
const CASES: { name: string; server?: 'floor'; opts: (url: string) => autocannon.Options }[] = [
  { name: 'GET /api/countries/CM/operators', opts: (url) => ({ url: `${url}/api/countries/CM/operators` }) },
  { name: 'GET /api/operators/53/amounts', opts: (url) => ({ url: `${url}/api/operators/53/amounts` }) },
  { name: 'GET /api/countries (245 countries)', opts: (url) => ({ url: `${url}/api/countries` }) },
  { name: 'POST /api/create-payment', opts: createPayment },
  { name: 'create floor: HTTP + the insert only', server: 'floor', opts: createPayment },
];

interface Result {
  name: string;
  rps: number;
  p99: number;
  errors: number;
  /** The server's CPU time per request, µs: what the server spends, whatever else the machine does. */
  cpu: number;
}

/** CPU time (user and system, every thread) the process has used so far, in microseconds. */
function cpuMicros(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
}

async function measure(name: string, server: ChildProcess, opts: autocannon.Options): Promise<Result> {
  // A short warm-up fills caches and JIT before the measured run.
  await autocannon({ ...opts, duration: 1 });
  const before = cpuMicros(server.pid!);
  const r = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts });
  const cpu = (cpuMicros(server.pid!) - before) / r.requests.total;
  const errors = r.errors + r.timeouts + r.non2xx;
  return { name, rps: r.requests.average, p99: r.latency.p99, errors, cpu };
}

async function main() {
  const scratch = await createScratchDatabase(serverUrl, 'topup_bench');
  const hello = await start('hello-server.ts');
  const api = await start('api-server.ts', { BENCH_DATABASE_URL: scratch.url });
  // Started after the API, which has migrated the database by then.
  const floor = await start('floor-server.ts', { BENCH_DATABASE_URL: scratch.url });
  const target = (c: (typeof CASES)[number]) => (c.server === 'floor' ? floor : api);
  try {
    const cases = CASES.filter((c) => !only || only.some((word) => c.name.includes(word)));
    // Both servers run every case for a while first: the first case measured is not the one that pays
    // for the JIT and the caches of a process just started.
    await autocannon({ url: `${hello.url}/hello`, connections: CONNECTIONS, duration: WARM_UP_SECONDS });
    for (const c of cases) await autocannon({ connections: CONNECTIONS, duration: WARM_UP_SECONDS, ...c.opts(target(c).url) });
    // On a shared machine the yardstick's own rate moves by a fifth or more within a minute: each case is
    // measured against the hello-world of the same moment, in rounds, and the median round is reported.
    const rows: { hello: Result; api: Result; ratio: number }[] = [];
    for (const c of cases) {
      const rounds: { hello: Result; api: Result; ratio: number }[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const yardstick = await measure('hello-world (bare Express)', hello.child, { url: `${hello.url}/hello` });
        const measured = await measure(c.name, target(c).child, c.opts(target(c).url));
        rounds.push({ hello: yardstick, api: measured, ratio: measured.rps / yardstick.rps });
      }
      const median = rounds.toSorted((x, y) => x.ratio - y.ratio)[Math.floor(ROUNDS / 2)]!;
      // The worst p99 and every error of the rounds, not only the median round's.
      const p99 = Math.max(...rounds.map((r) => r.api.p99));
      const errors = rounds.reduce((sum, r) => sum + r.api.errors, 0);
      rows.push({ ...median, api: { ...median.api, p99, errors } });
    }
    console.log(`\n${CONNECTIONS} connections, 127.0.0.1; ${ROUNDS} rounds of ${SECONDS} s hello-world then ${SECONDS} s case, the median round`);
    console.log('(p99 the worst of the rounds, errors all of them)\n');
    console.log(
      'case'.padEnd(40),
      'req/s'.padStart(9),
      'hello/s'.padStart(9),
      'x hello'.padStart(9),
      'p99 ms'.padStart(8),
      'errors'.padStart(7),
      'CPU µs/req'.padStart(11),
      'hello µs'.padStart(9),
    );
    for (const { hello: h, api: r, ratio } of rows) {
      console.log(
        r.name.padEnd(40),
        r.rps.toFixed(0).padStart(9),
        h.rps.toFixed(0).padStart(9),
        ratio.toFixed(2).padStart(9),
        String(r.p99).padStart(8),
        String(r.errors).padStart(7),
        r.cpu.toFixed(1).padStart(11),
        h.cpu.toFixed(1).padStart(9),
      );
    }
  } finally {
    for (const server of [hello, api, floor]) server.child.kill();
    await new Promise((r) => setTimeout(r, 300));
    await scratch.drop();
  }
}

await main();
