/**
 * The fault-injection tests' machinery (fulfilment-faults.db.test.ts): fulfilment worker processes
 * (fulfilment-worker.ts) started with a fault to inject, their output collected, stopped or killed; and
 * the table of what each run did.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FulfilmentStep } from '../src/services/fulfilment';

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fulfilment-worker.ts');

export interface WorkerSpec {
  faultAt?: FulfilmentStep;
  faultAfter?: number;
  batchSize?: number;
}

export interface Phase {
  /** Worker processes started together. */
  workers: WorkerSpec[];
  /** 'killed': every faulty worker of the phase must die by SIGKILL; 'done': every order must settle. */
  until: 'killed' | 'done';
}

export interface Run {
  name: string;
  fault: FulfilmentStep;
  orders: number;
  /** Indexes of the run's orders whose top-up the provider fails. */
  failAtProvider?: number[];
  phases: Phase[];
}

export interface RunResult {
  run: string;
  fault: string;
  orders: number;
  workers: number;
  kills: number;
  restarts: number;
  topups: number;
  duplicates: number;
  refused: number;
  completed: number;
  failed: number;
  lost: number;
  split: string;
  ms: number;
}

export interface Worker {
  name: string;
  child: ChildProcess;
  lines: string[];
  stderr: string[];
  ready: Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(25);
  }
}

/** The worker processes of a test file, started with `env` (and a spec's fault) added to this process's. */
export class WorkerProcesses {
  env: Record<string, string> = {};
  private readonly running = new Set<Worker>();
  private seq = 0;

  start(spec: WorkerSpec): Worker {
    const env: Record<string, string> = { ...process.env, ...this.env } as Record<string, string>;
    delete env.FAULT_AT;
    delete env.FAULT_AFTER;
    delete env.BATCH_SIZE;
    if (spec.faultAt) env.FAULT_AT = spec.faultAt;
    if (spec.faultAfter) env.FAULT_AFTER = String(spec.faultAfter);
    if (spec.batchSize) env.BATCH_SIZE = String(spec.batchSize);
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: string[] = [];
    const stderr: string[] = [];
    let buffered = '';
    let onReady: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => (onReady = resolve));
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const parts = buffered.split('\n');
      buffered = parts.pop()!;
      for (const l of parts) {
        lines.push(l);
        if (l === 'ready') onReady();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    const worker: Worker = { name: `w${++this.seq}`, child, lines, stderr, ready, exited };
    this.running.add(worker);
    void exited.then(() => this.running.delete(worker));
    return worker;
  }

  /** Stops a worker as a deployment does (SIGTERM), killing it if it has not exited in 10 s. */
  async stop(w: Worker): Promise<void> {
    if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGTERM');
    const exit = await Promise.race([w.exited, sleep(10_000).then(() => null)]);
    if (!exit) {
      w.child.kill('SIGKILL');
      await w.exited;
    }
  }

  /** Kills every worker still running, and waits for each to exit. */
  async killAll(): Promise<void> {
    for (const w of this.running) w.child.kill('SIGKILL');
    await Promise.all([...this.running].map((w) => w.exited));
  }
}

/** The runs' results as a Markdown table, one row per run. */
export function runTable(results: RunResult[]): string {
  const head = [
    'run',
    'fault at',
    'orders',
    'workers',
    'kills',
    'restarts',
    'top-ups',
    'dup top-ups',
    'dup refused',
    'completed',
    'failed',
    'lost',
    'job runs/orders per worker, by phase',
    'ms',
  ];
  const rows = results.map((r) =>
    [r.run, r.fault, r.orders, r.workers, r.kills, r.restarts, r.topups, r.duplicates, r.refused, r.completed, r.failed, r.lost, r.split, r.ms].map(String),
  );
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}
