import net from 'node:net';

/**
 * A TCP relay between the server under test and PostgreSQL, so a test can take "the database"
 * away and give it back without touching the real one (others share it).
 * - `stop()`: the listener closes and every relayed connection is cut (connections are refused,
 *   like a database that went down).
 * - `blackhole()`: connections are accepted but nothing is relayed (like a network that drops
 *   packets: nothing is refused, nothing answers).
 * - `resume()`: relays again on the same port.
 */
export class TcpProxy {
  private readonly sockets = new Set<net.Socket>();
  private server: net.Server | null = null;
  private mode: 'relay' | 'blackhole' = 'relay';
  port = 0;

  private constructor(private readonly target: { host: string; port: number }) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(target);
    await proxy.listen();
    return proxy;
  }

  /** postgres://… pointing at this relay instead of `url`'s host. */
  urlFor(url: string): string {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  private track(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    // A cut connection reports ECONNRESET/EPIPE; that is the point, not a test failure.
    socket.on('error', () => socket.destroy());
  }

  private accept(client: net.Socket): void {
    this.track(client);
    if (this.mode === 'blackhole') return;
    const upstream = net.connect(this.target.port, this.target.host);
    this.track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  }

  private async listen(): Promise<void> {
    const server = net.createServer((socket) => this.accept(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  private cutAll(): void {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.cutAll();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async blackhole(): Promise<void> {
    this.mode = 'blackhole';
    this.cutAll();
    if (!this.server) await this.listen();
  }

  async resume(): Promise<void> {
    if (this.mode === 'blackhole') this.cutAll();
    this.mode = 'relay';
    if (!this.server) await this.listen();
  }

  async close(): Promise<void> {
    await this.stop();
  }
}
