import net from 'node:net';

/**
 * A TCP forwarder on 127.0.0.1 in front of a real service (a node, the database, the provider's
 * double) that a test can shut: `close()` drops every open connection and refuses new ones, as a
 * service that went away; `open()` serves again on the same port.
 */
export class TcpGate {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    private readonly target: { host: string; port: number },
    public port: number,
  ) {}

  static async start(target: string | { host: string; port: number }): Promise<TcpGate> {
    const t = typeof target === 'string' ? { host: new URL(target).hostname, port: Number(new URL(target).port) } : target;
    const gate = new TcpGate(t, 0);
    await gate.open();
    return gate;
  }

  /** `url` with its host and port replaced by the gate's. */
  in(url: string): string {
    const u = new URL(url);
    u.host = `127.0.0.1:${this.port}`;
    return u.toString().replace(/\/$/, url.endsWith('/') ? '/' : '');
  }

  get isOpen(): boolean {
    return this.server !== undefined;
  }

  async open(): Promise<void> {
    if (this.server) return;
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', resolve);
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
