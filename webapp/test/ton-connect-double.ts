import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { beginCell } from '@ton/core';
import { Base64, hexToByteArray, SessionCrypto } from '@tonconnect/protocol';
import type { WalletMessage } from '@topup/shared';
import { doubleWallet, sendFromDoubleWallet } from '../../api/src/chain/ton/devnet';

/**
 * TON Connect's HTTP bridge and a wallet app behind it, as doubles for the browser tests (no network).
 *
 * The bridge is the protocol's (docs: ton-connect "bridge"): a client listens at `GET /bridge/events?client_id=<its
 * session public key>` (Server-Sent Events, `data: {"from", "message"}`) and sends with `POST /bridge/message?
 * client_id=<its key>&to=<the other's key>`, the body the message in base64, encrypted with NaCl's box between
 * the two sessions' keys (@tonconnect/protocol's SessionCrypto, which the app's SDK uses too). A message for a
 * client not listening yet waits for it.
 *
 * The wallet is the double's wallet `walletName` on the TON double. Its universal link is `/wallet` here: the
 * app opens it with the connect request (`id`, the app's session key; `r`, the request), and the wallet
 * answers `connect` with its `ton_addr`. A `sendTransaction` it receives waits until the app opens the wallet
 * (the link without a request, as TON Connect's UI does once the request is sent): then it is sent as is from
 * that wallet on the TON double, as a wallet app does once its owner approves, and answered with the
 * message's BoC. Answering sooner would race the app, which awaits its request's answer only once sent.
 *
 * Over HTTPS, as real bridges are: the site's Content-Security-Policy lets pages connect to https: only.
 * Its certificate is made for the run and signed by nobody: the browser context is told to accept it.
 */
/** A request of the app to the wallet (TON Connect's RPC: the method, its parameters as JSON text, an id). */
interface WalletRequest {
  method: string;
  params: string[];
  id: string;
}

export class TonConnectWalletDouble {
  private server!: https.Server;
  private readonly session = new SessionCrypto();
  private readonly listeners = new Map<string, Set<http.ServerResponse>>();
  private readonly waiting = new Map<string, string[]>();
  /** Requests of each app waiting for the wallet to be opened (its owner approves them there). */
  private readonly requests = new Map<string, WalletRequest[]>();
  private eventId = 0;
  private address = '';
  url = '';
  /** The connect requests the app sent (the universal link's `r`), and the transactions the wallet sent (their messages). */
  readonly connectRequests: { manifestUrl: string; items: { name: string }[] }[] = [];
  readonly sent: WalletMessage[][] = [];

  constructor(private readonly opts: { tonRpcUrl: string; walletName: string }) {}

  async start(): Promise<void> {
    this.address = await doubleWallet(this.opts.tonRpcUrl, this.opts.walletName);
    this.server = https.createServer(selfSignedCertificate(), (req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const streams of this.listeners.values()) for (const s of streams) s.end();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** The wallet's raw address on the TON double. */
  get walletAddress(): string {
    return this.address;
  }

  /** The wallets list TON Connect reads (the format of config.ton.org/wallets-v2.json), naming this wallet only. */
  walletsList(imageUrl: string): unknown[] {
    return [
      {
        app_name: 'testwallet',
        name: 'Test Wallet',
        image: imageUrl,
        about_url: `${this.url}/wallet`,
        universal_url: `${this.url}/wallet`,
        bridge: [{ type: 'sse', url: `${this.url}/bridge` }],
        platforms: ['ios', 'android', 'chrome', 'firefox', 'macos', 'windows', 'linux'],
        features: [{ name: 'SendTransaction', maxMessages: 4, extraCurrencySupported: false }],
      },
    ];
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    res.setHeader('access-control-allow-origin', '*');
    try {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, { 'access-control-allow-methods': 'GET, POST', 'access-control-allow-headers': '*' }).end();
      } else if (req.method === 'GET' && url.pathname === '/bridge/events') {
        this.listen(url.searchParams.get('client_id') ?? '', res);
      } else if (req.method === 'POST' && url.pathname === '/bridge/message') {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const [from, to] = [url.searchParams.get('client_id') ?? '', url.searchParams.get('to') ?? ''];
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'OK', statusCode: 200 }));
        const message = Buffer.concat(chunks).toString('utf8');
        if (to === this.session.sessionId) this.receive(from, message);
        else this.deliver(from, to, message);
      } else if (req.method === 'GET' && url.pathname === '/wallet') {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Test Wallet</p>');
        const app = url.searchParams.get('id');
        const request = url.searchParams.get('r');
        if (app && request) this.connect(app, JSON.parse(request) as TonConnectWalletDouble['connectRequests'][number]);
        else if (app) await this.approve(app);
      } else {
        res.writeHead(404).end();
      }
    } catch (err) {
      console.error('TON Connect wallet double:', err);
      if (!res.headersSent) res.writeHead(500).end();
    }
  }

  private listen(client: string, res: http.ServerResponse): void {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.write(': open\n\n');
    const streams = this.listeners.get(client) ?? new Set();
    this.listeners.set(client, streams.add(res));
    res.on('close', () => streams.delete(res));
    for (const event of this.waiting.get(client)?.splice(0) ?? []) res.write(event);
  }

  /** Hands `message` (base64, encrypted for `to`) to the client `to`, now or when it listens. */
  private deliver(from: string, to: string, message: string): void {
    const event = `id: ${++this.eventId}\ndata: ${JSON.stringify({ from, message })}\n\n`;
    const streams = this.listeners.get(to);
    if (streams?.size) for (const s of streams) s.write(event);
    else this.waiting.set(to, [...(this.waiting.get(to) ?? []), event]);
  }

  /** The wallet sends `payload` to the app's session `app`, encrypted for it. */
  private answer(app: string, payload: unknown): void {
    const encrypted = this.session.encrypt(JSON.stringify(payload), hexToByteArray(app));
    this.deliver(this.session.sessionId, app, Base64.encode(encrypted));
  }

  private connect(app: string, request: TonConnectWalletDouble['connectRequests'][number]): void {
    this.connectRequests.push(request);
    this.answer(app, {
      event: 'connect',
      id: Date.now(),
      payload: {
        items: [
          {
            name: 'ton_addr',
            address: this.address,
            network: '-239',
            publicKey: '00'.repeat(32),
            walletStateInit: beginCell().endCell().toBoc().toString('base64'),
          },
        ],
        device: {
          platform: 'android',
          appName: 'testwallet',
          appVersion: '1.0.0',
          maxProtocolVersion: 2,
          features: ['SendTransaction', { name: 'SendTransaction', maxMessages: 4 }],
        },
      },
    });
  }

  /** A request of the app (`from`, its session key) to the wallet: decrypted, and kept until the wallet is opened. */
  private receive(from: string, message: string): void {
    const request = JSON.parse(this.session.decrypt(Base64.decode(message).toUint8Array(), hexToByteArray(from))) as WalletRequest;
    this.requests.set(from, [...(this.requests.get(from) ?? []), request]);
  }

  /** The app opened the wallet: its owner approves what the app asked, which the wallet does and answers. */
  private async approve(app: string): Promise<void> {
    for (const request of this.requests.get(app)?.splice(0) ?? []) {
      if (request.method !== 'sendTransaction') {
        this.answer(app, { id: request.id, result: {} });
        continue;
      }
      const { messages } = JSON.parse(request.params[0]!) as { messages: WalletMessage[] };
      this.sent.push(messages);
      const boc = await sendFromDoubleWallet(this.opts.tonRpcUrl, this.opts.walletName, messages);
      this.answer(app, { id: request.id, result: boc });
    }
  }
}

/** A key and a certificate for 127.0.0.1, made by openssl for this run (the browser context ignores who signed it). */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ton-connect-bridge-'));
  try {
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
