import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The API as a real process, as production runs it: `node <entry>` with its configuration in the
 * environment (by default the sources through tsx; a built bundle with `entry`). Its JSON log lines
 * are collected; `url` comes from its `started` line.
 */
export interface ApiProcess {
  child: ChildProcess;
  url: string;
  /** Every JSON log line so far. */
  logs: Record<string, unknown>[];
  /** Everything else it printed (the start banner, errors). */
  text: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves with the first log line that matches (or has matched). */
  waitForLog(match: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  kill(signal?: NodeJS.Signals): void;
}

export async function startApiProcess(env: Record<string, string>, opts: { entry?: string[]; startTimeoutMs?: number } = {}): Promise<ApiProcess> {
  const args = opts.entry ?? ['--import', 'tsx', path.join(REPO_ROOT, 'api', 'src', 'main.ts')];
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  const text: string[] = [];
  const waiters: { match: (l: Record<string, unknown>) => boolean; resolve: (l: Record<string, unknown>) => void }[] = [];
  const take = (stream: NodeJS.ReadableStream) => {
    let buffered = '';
    stream.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        let parsed: Record<string, unknown> | null = null;
        try {
          parsed = line.startsWith('{') ? (JSON.parse(line) as Record<string, unknown>) : null;
        } catch {
          parsed = null;
        }
        if (!parsed) {
          text.push(line);
          continue;
        }
        logs.push(parsed);
        for (const w of [...waiters]) {
          if (!w.match(parsed)) continue;
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(parsed);
        }
      }
    });
  };
  take(child.stdout!);
  take(child.stderr!);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

  const waitForLog = (match: (l: Record<string, unknown>) => boolean, timeoutMs = 30_000) => {
    const seen = logs.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`no matching log line within ${timeoutMs} ms; output:\n${[...text, ...logs.map((l) => JSON.stringify(l))].slice(-30).join('\n')}`)),
        timeoutMs,
      );
      waiters.push({
        match,
        resolve: (l) => {
          clearTimeout(timer);
          resolve(l);
        },
      });
      void exited.then(() => {
        clearTimeout(timer);
        reject(
          new Error(`the API process exited before the log line came; output:\n${[...text, ...logs.map((l) => JSON.stringify(l))].slice(-30).join('\n')}`),
        );
      });
    });
  };

  let started: Record<string, unknown>;
  try {
    started = await waitForLog((l) => l.msg === 'started', opts.startTimeoutMs ?? 60_000);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return { child, url: started.url as string, logs, text, exited, waitForLog, kill: (signal = 'SIGTERM') => void child.kill(signal) };
}
