import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What every family's local double shares: an HTTP server on 127.0.0.1 that answers as the family's
 * API does (`handle`), and a clock that makes a block every `blockMs` (0: only when asked).
 */
export class DoubleServer {
  private server: http.Server | undefined;
  private timer: NodeJS.Timeout | undefined;

  /** Listens on `port` (0: any free port); answers the double's URL. */
  async start(opts: {
    port: number;
    handle: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;
    blockMs: number;
    mine: () => void;
  }): Promise<string> {
    const server = http.createServer((req, res) => void opts.handle(req, res));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port, '127.0.0.1', () => resolve());
    });
    if (opts.blockMs > 0) {
      this.timer = setInterval(opts.mine, opts.blockMs);
      this.timer.unref();
    }
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server?.closeAllConnections();
  }
}
