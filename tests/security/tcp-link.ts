// A TCP proxy between a second shop process and one of its services (Postgres,
// storage): down() refuses new connections and cuts the open ones, up() accepts
// again. A real network fault, with nothing in the shop stubbed.
import { connect, createServer, type Server, type Socket } from 'node:net';
import { freeLocalPort } from './shop-server';

export class TcpLink {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  /** A link on a free local port to `target`, accepting connections. */
  static async open(target: { host: string; port: number }): Promise<TcpLink> {
    const link = new TcpLink(await freeLocalPort(), target);
    await link.up();
    return link;
  }

  /** `url` with its host and port replaced by this link's. */
  through(url: string): string {
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(this.port);
    return proxied.toString();
  }

  async up(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((done, fail) => server.once('error', fail).listen(this.port, '127.0.0.1', () => done()));
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  }
}
