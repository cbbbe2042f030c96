import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HDNodeWallet } from 'ethers';
import { ConfigError, DEV_DEPOSIT_XPUB, loadConfig } from '../src/config';
import { startServer } from '../src/server';
import { startConfig } from '../src/startup-checks';
import { productionEnv } from './production-env';

/**
 * What the server checks and says when it starts: in production it refuses a chain
 * node whose eth_chainId is not the configured chain; it always prints the first deposit address.
 */

/** A JSON-RPC node that says it is the local devnet's chain (31337) and nothing else. */
let node: http.Server;
let nodeUrl: string;
beforeAll(async () => {
  node = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const calls = [JSON.parse(body)].flat() as { id: number; method: string }[];
      const answers = calls.map((c) =>
        c.method === 'eth_chainId' ? { jsonrpc: '2.0', id: c.id, result: '0x7a69' } : { jsonrpc: '2.0', id: c.id, error: { code: -32601, message: 'no' } },
      );
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(Array.isArray(JSON.parse(body)) ? answers : answers[0]));
    });
  });
  await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
  nodeUrl = `http://127.0.0.1:${(node.address() as AddressInfo).port}`;
});
afterAll(() => node?.close());

const oneNetwork = { BSC_ENABLED: 'false', POLYGON_ENABLED: 'false', TRON_ENABLED: 'false', TON_ENABLED: 'false', PORT: '0', LOG_LEVEL: 'silent' };

describe('production start', () => {
  it('refuses a node on another chain than the configured one, naming the setting, before opening anything', async () => {
    const config = loadConfig({ ...productionEnv, ...oneNetwork, ETHEREUM_RPC_URL: nodeUrl });
    const started = startServer(config, { log: pino({ level: 'silent' }) });
    await expect(started).rejects.toThrow(ConfigError);
    await expect(started).rejects.toThrow(`ETHEREUM_RPC_URL: the node at 127.0.0.1:${new URL(nodeUrl).port} is chain 31337, but ETHEREUM_CHAIN_ID is 1`);
  });

  it('names the node on another chain together with the refused values, in one round', async () => {
    const { problems } = await startConfig(
      { ...productionEnv, ...oneNetwork, ETHEREUM_RPC_URL: nodeUrl, ADMIN_PASSWORD: 'short', RELOADLY_CLIENT_SECRET: undefined },
      { log: pino({ level: 'silent' }) },
    );
    expect(problems.map((p) => p.slice(0, p.indexOf(':')))).toEqual(
      expect.arrayContaining(['ADMIN_PASSWORD', 'RELOADLY_CLIENT_ID, RELOADLY_CLIENT_SECRET', 'ETHEREUM_RPC_URL']),
    );
    expect(problems.join('\n')).toContain('is chain 31337, but ETHEREUM_CHAIN_ID is 1');
  });

  it('passes the chain check when the node is on the configured chain (then needs its database)', async () => {
    const config = loadConfig({
      ...productionEnv,
      ...oneNetwork,
      ETHEREUM_RPC_URL: nodeUrl,
      ETHEREUM_CHAIN_ID: '31337',
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    const error = await startServer(config, { log: pino({ level: 'silent' }) }).catch((err: unknown) => err);
    expect(error).not.toBeInstanceOf(ConfigError);
  });
});

describe('every start', () => {
  it('prints the first deposit address and its derivation path, for the operator to compare with the wallet', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'topup-start-'));
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const running = await startServer(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '0', RUN_WORKERS: 'false' }), { log });
    try {
      const expected = HDNodeWallet.fromExtendedKey(DEV_DEPOSIT_XPUB).deriveChild(0).address;
      expect(running.firstDepositAddress).toEqual({ address: expected, path: "m/44'/60'/0'/0/0" });
      const logged = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'first deposit address');
      expect(logged).toMatchObject({ address: expected, path: "m/44'/60'/0'/0/0" });
    } finally {
      await running.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // A fresh embedded database (its initdb and every migration) takes long on a loaded machine.
  }, 90_000);
});
