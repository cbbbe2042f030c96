/**
 * `npm start` as a supervisor runs it, for scripts/measure-memory.ts and the test that stops it
 * (api/test/npm-start.test.ts): started on free ports with its own data directory, its process tree
 * read from /proc (Linux), and stopped with one SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHAINS } from '@topup/shared';
import { freeDevnetNetworks } from '../api/src/chain/devnet';
import { readDevnetState, type DevnetState } from '../api/src/chain/devnet/state';
import { REPO_ROOT } from './web-build';

export interface TreeProcess {
  pid: number;
  ppid: number;
  /** Resident memory, kB. */
  rssKb: number;
  command: string;
}

function readProcess(pid: number): TreeProcess | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in parentheses may hold spaces: the fields after its closing one are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const rssKb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    return { pid, ppid: Number(fields[1]), rssKb, command };
  } catch {
    return null; // gone meanwhile
  }
}

/** The process `rootPid` and all its descendants (by parent, so detached children count too). */
export function processTree(rootPid: number): TreeProcess[] {
  const all = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((d) => readProcess(Number(d)) ?? []);
  const tree: TreeProcess[] = [];
  const queue = [rootPid];
  while (queue.length) {
    const pid = queue.shift()!;
    const proc = all.find((p) => p.pid === pid);
    if (!proc) continue;
    tree.push(proc);
    queue.push(...all.filter((p) => p.ppid === pid).map((p) => p.pid));
  }
  return tree;
}

export function formatTree(tree: TreeProcess[]): string {
  const mb = (kb: number) => `${(kb / 1024).toFixed(0).padStart(6)} MB`;
  const lines = tree.map((p) => `${String(p.pid).padStart(8)} ${mb(p.rssKb)}  ${p.command.slice(0, 110)}`);
  return [...lines, `${'total'.padStart(8)} ${mb(tree.reduce((sum, p) => sum + p.rssKb, 0))}  (${tree.length} processes, resident memory)`].join('\n');
}

export const treeRssMb = (tree: TreeProcess[]) => tree.reduce((sum, p) => sum + p.rssKb, 0) / 1024;

export interface RunningStart {
  npm: ChildProcess;
  state: DevnetState;
  dataDir: string;
  output: () => string;
  /** SIGTERM to npm only, as a supervisor sends it; resolves when npm has exited. */
  stop(): Promise<void>;
}

/** `npm start` in a fresh data directory, every port free; resolves once the API and its devnet serve. */
export async function startNpmStart(env: Record<string, string> = {}, timeoutMs = 180_000): Promise<RunningStart> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'npm-start-'));
  const networks = await freeDevnetNetworks();
  const rpcUrls = Object.fromEntries(CHAINS.networks.map((n) => [`${n.id.toUpperCase()}_RPC_URL`, networks[n.id]!.rpcUrl]));
  const npm = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'development', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, RUN_BOT: 'false', LOG_LEVEL: 'warn', ...rpcUrls, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: what the test kills on failure, never this process.
    detached: true,
  });
  let output = '';
  for (const stream of [npm.stdout!, npm.stderr!]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
  const deadline = Date.now() + timeoutMs;
  let state: DevnetState | null = null;
  while (!(state = readDevnetState(dataDir))) {
    if (npm.exitCode !== null || Date.now() > deadline) {
      if (npm.exitCode === null) process.kill(-npm.pid!, 'SIGKILL');
      throw new Error(`npm start did not come up:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    npm,
    state,
    dataDir,
    output: () => output,
    async stop() {
      npm.kill('SIGTERM');
      await exited;
    },
  };
}
