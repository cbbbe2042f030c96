import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Where the running API and its devnet are, written by `npm start` to DATA_DIR/devnet.json and read
 * by `npm run pay`, so the payer finds them whatever ports they took, without exporting a variable
 * again. Removed when the API stops. No secret is in it: the devnet's keys are public test keys.
 */
const ZDevnetState = z.object({
  api: z.url(),
  pid: z.number().int(),
  networks: z.record(
    z.string(),
    z.object({ rpcUrl: z.url(), chainId: z.number().int(), tokens: z.record(z.string(), z.string()), forwarder: z.string().optional() }),
  ),
});
export type DevnetState = z.infer<typeof ZDevnetState>;

export function devnetStateFile(dataDir: string): string {
  return path.join(dataDir, 'devnet.json');
}

export function writeDevnetState(dataDir: string, state: DevnetState): void {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(devnetStateFile(dataDir), `${JSON.stringify(state, null, 2)}\n`);
}

export function removeDevnetState(dataDir: string, pid: number): void {
  const current = readDevnetState(dataDir);
  if (current?.pid === pid) fs.rmSync(devnetStateFile(dataDir), { force: true });
}

/** The state of a running API; null when there is none (or the one that wrote it is gone). */
export function readDevnetState(dataDir: string): DevnetState | null {
  let parsed: DevnetState;
  try {
    parsed = ZDevnetState.parse(JSON.parse(fs.readFileSync(devnetStateFile(dataDir), 'utf8')));
  } catch {
    return null;
  }
  try {
    process.kill(parsed.pid, 0);
  } catch (err) {
    // ESRCH: the API that wrote it has stopped (without its cleanup); EPERM: it runs as another user.
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return null;
  }
  return parsed;
}
