import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createNetServer } from 'node:net';

/** A real HTTP server on 127.0.0.1 at a port of its own. */
export interface LocalServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Most requests ever open at once. */
  readonly maxInFlight: number;
  /** The Node server itself, for a test that watches its connections. */
  http: Server;
  /** Stops listening and cuts every open connection, a request left hanging included. */
  close(): Promise<void>;
}

/** Its result, if any, is awaited and ignored: a handler may `return res.end(...)`. */
export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

/** Serves `handler` on a free loopback port; a handler that throws answers 500 with the error. */
export async function listenLocal(handler: RequestHandler): Promise<LocalServer> {
  let inFlight = 0;
  let maxInFlight = 0;
  const server = createServer((req, res) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    Promise.resolve()
      .then(() => handler(req, res))
      .catch((e: unknown) => {
        if (!res.headersSent) res.writeHead(500).end(String(e));
      });
  });
  // Clients keep connections open between calls; the server must not close them first.
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    get maxInFlight() {
      return maxInFlight;
    },
    http: server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The whole body of a request, as text. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A loopback port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createNetServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** An origin nothing listens on: connections to it are refused. */
export async function refusedOrigin(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}
