import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { probeRpc } from './rpc';

/** Hardhat Network nodes in one child process (hardhat-node.mjs), each chain's JSON-RPC on its own port. */
export interface NodeProcess {
  pid: number;
  stop(): Promise<void>;
}

const RUNNER = fileURLToPath(new URL('hardhat-node.mjs', import.meta.url));
const CONFIG = fileURLToPath(new URL('hardhat.config.cjs', import.meta.url));
const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;
/** Lines of the node's output kept to explain a failure. */
const OUTPUT_TAIL_LINES = 30;

interface NodeOptions {
  chains: { rpcUrl: string; port: number; chainId: number }[];
  blockIntervalMs: number;
  dataDir: string;
  log: Logger;
}

/** Starts the nodes and resolves once each answers eth_chainId with its expected chain id. */
export async function startHardhatNode(opts: NodeOptions): Promise<NodeProcess> {
  // A small young generation and one V8 helper thread: the node is idle most of the time, and V8's
  // defaults on a large machine cost it tens of megabytes it never uses (`npm run measure:memory`).
  const child = spawn(process.execPath, ['--max-semi-space-size=4', '--v8-pool-size=1', RUNNER], {
    env: {
      ...process.env,
      HARDHAT_CONFIG: CONFIG,
      HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true',
      DEVNET_HOSTNAME: '127.0.0.1',
      DEVNET_CHAINS: JSON.stringify(opts.chains.map(({ port, chainId }) => ({ port, chainId }))),
      DEVNET_BLOCK_INTERVAL_MS: String(opts.blockIntervalMs),
      DEVNET_DATA_DIR: opts.dataDir,
    },
    // stdin is the runner's lifeline to us (see hardhat-node.mjs). Its own process group keeps a
    // terminal's Ctrl+C from killing the node before the API has shut down in order.
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  // The node never keeps us alive: it stops with us (stdin closes) or through stop().
  child.unref();
  const tail: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    (stream as unknown as { unref(): void }).unref();
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) {
        if (!line.trim()) continue;
        tail.push(line);
        if (tail.length > OUTPUT_TAIL_LINES) tail.shift();
        opts.log.debug(line);
      }
    });
  }
  (child.stdin as unknown as { unref(): void }).unref();

  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', (err) => {
      tail.push(err.message);
      resolve();
    });
  });
  let running = true;
  void exited.then(() => (running = false));
  const node: NodeProcess = {
    pid: child.pid!,
    async stop() {
      if (!running) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  const urls = opts.chains.map((c) => c.rpcUrl).join(', ');
  for (const { rpcUrl, chainId } of opts.chains) {
    for (;;) {
      if (!running) throw new Error(`the Hardhat nodes for ${urls} exited before serving:\n${tail.join('\n')}`);
      const probe = await probeRpc(rpcUrl, 1_000);
      if (probe.kind === 'node') {
        if (probe.chainId === chainId) break;
        await node.stop();
        throw new Error(`the node at ${rpcUrl} answers chain id ${probe.chainId}, expected ${chainId}`);
      }
      if (Date.now() > deadline) {
        await node.stop();
        throw new Error(`the Hardhat nodes for ${urls} did not serve within ${READY_TIMEOUT_MS / 1000} s:\n${tail.join('\n')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return node;
}
