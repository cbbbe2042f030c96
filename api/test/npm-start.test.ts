import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { processTree, startNpmStart, type RunningStart } from '../../scripts/process-tree';

/**
 * `npm start` under a supervisor: one SIGTERM to the npm process (or to its whole process group, which
 * delivers it twice) drains the API and stops every process of the tree (the API, its devnet) within
 * 10 s.
 */

let running: RunningStart | undefined;

afterEach(() => {
  // A failed test must not leave a tree behind.
  if (running?.npm.exitCode === null) process.kill(-running.npm.pid!, 'SIGKILL');
  if (running) fs.rmSync(running.dataDir, { recursive: true, force: true });
  running = undefined;
});

const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

async function leftAfter(pids: number[], ms: number): Promise<number[]> {
  const deadline = Date.now() + ms;
  while (pids.some(alive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  return pids.filter(alive);
}

describe('npm start', () => {
  for (const [how, send] of [
    ['one SIGTERM to npm', (r: RunningStart) => r.npm.kill('SIGTERM')],
    ['SIGTERM to its process group', (r: RunningStart) => process.kill(-r.npm.pid!, 'SIGTERM')],
  ] as const) {
    it(`stops its whole process tree, after draining, on ${how}`, async () => {
      running = await startNpmStart({ LOG_LEVEL: 'info' });
      const tree = processTree(running.npm.pid!);
      // npm, the API, the devnet's nodes at least.
      expect(tree.length).toBeGreaterThanOrEqual(3);
      expect(tree.some((p) => p.command.includes('hardhat-node.mjs'))).toBe(true);
      send(running);
      expect(
        await leftAfter(
          tree.map((p) => p.pid),
          10_000,
        ),
      ).toEqual([]);
      expect(running.output()).toContain('shutdown complete');
      expect(running.output()).not.toContain('second signal');
    }, 240_000);
  }
});
