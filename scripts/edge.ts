// The dev edge (docs/decisions/foundation.md): one origin for the whole platform. GET/HEAD /api/* go to
// query-api, other methods to command-api, /ws upgrades to a gateway, anything else to the
// frontend (Vite's dev middleware, or the built files). Each kind of service may run as several
// processes: the edge takes them in turn (round robin) and passes over one that refuses the
// connection. Production uses nginx (deploy/nginx.conf) with the same upstream groups.
import http from 'node:http';
import net from 'node:net';
import { texts } from '@murmur/contracts';

/** One port, or the ports of several processes of the same service. */
export type Upstreams = number | readonly number[];

export interface EdgeTargets {
  commandPort: Upstreams;
  queryPort: Upstreams;
  gatewayPort: Upstreams;
  /** Serves everything that is not an API or WebSocket request. */
  frontend?: (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;
}

/** Hands out a group's ports in turn; `order()` is the whole group starting at the next one, so a
 * request whose first choice refuses the connection tries the others once each. */
export class RoundRobin {
  private readonly ports: readonly number[];
  private next = 0;

  constructor(ports: Upstreams) {
    this.ports = typeof ports === 'number' ? [ports] : [...ports];
  }

  /** Empty for a group with no process: its requests are answered 503. */
  order(): number[] {
    const start = this.next;
    this.next = (this.next + 1) % Math.max(1, this.ports.length);
    return this.ports.map((_, i) => this.ports[(start + i) % this.ports.length]!);
  }
}

export function apiTarget<T>(method: string | undefined, targets: { commandPort: T; queryPort: T }): T {
  return method === 'GET' || method === 'HEAD' ? targets.queryPort : targets.commandPort;
}

/** The connection was refused: the process is down or restarting, and nothing of the request reached it. */
const refused = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ECONNREFUSED';

function unavailable(res: http.ServerResponse): void {
  // Nothing was decided: the same answer as a database outage, which clients retry with their key.
  if (!res.headersSent) res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
  res.end(JSON.stringify({ error: { code: 'UNAVAILABLE', message: texts.unavailable } }));
}

function proxyHttp(req: http.IncomingMessage, res: http.ServerResponse, ports: number[]): void {
  const [port, ...rest] = ports;
  if (port === undefined) return unavailable(res);
  const upstream = http.request(
    {
      host: '127.0.0.1',
      port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  // The body is read only once the upstream is connected, so a refused connection leaves it unread
  // for the next process (a kept-alive socket is connected already).
  upstream.once('socket', (socket) => {
    if (socket.connecting) socket.once('connect', () => req.pipe(upstream));
    else req.pipe(upstream);
  });
  upstream.on('error', (error) => {
    if (refused(error) && !req.readableDidRead && rest.length > 0) return proxyHttp(req, res, rest);
    unavailable(res);
  });
}

function proxyUpgrade(req: http.IncomingMessage, socket: net.Socket, head: Buffer, ports: number[]): void {
  const [port, ...rest] = ports;
  if (port === undefined) {
    socket.end('HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nConnection: close\r\n\r\n');
    return;
  }
  let connected = false;
  const upstream = net.connect(port, '127.0.0.1', () => {
    connected = true;
    const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    upstream.write(lines.join('\r\n') + '\r\n\r\n');
    if (head.length) upstream.write(head);
    upstream.pipe(socket);
    socket.pipe(upstream);
  });
  const close = () => {
    upstream.destroy();
    socket.destroy();
  };
  upstream.on('error', (error) => {
    // A gateway that is down: the client's upgrade goes to the next one, as if it had landed there.
    if (!connected && refused(error) && !socket.destroyed && rest.length > 0) return proxyUpgrade(req, socket, head, rest);
    close();
  });
  upstream.on('close', () => connected && socket.destroy());
  socket.on('error', close);
  socket.on('close', () => upstream.destroy());
}

export function createEdge(targets: EdgeTargets): http.Server {
  const command = new RoundRobin(targets.commandPort);
  const query = new RoundRobin(targets.queryPort);
  const gateways = new RoundRobin(targets.gatewayPort);
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ok', service: 'edge' }));
      return;
    }
    if (url.startsWith('/api/')) return proxyHttp(req, res, apiTarget(req.method, { commandPort: command, queryPort: query }).order());
    if (targets.frontend) {
      targets.frontend(req, res, () => res.writeHead(404).end('Not found'));
      return;
    }
    res.writeHead(404).end('Not found');
  });
  // Upgraded sockets are no longer the HTTP server's: closing every connection closes them too, so a
  // stopping edge does not wait for its WebSocket clients to leave.
  const tunnels = new Set<net.Socket>();
  server.on('upgrade', (req, socket: net.Socket, head) => {
    const path = (req.url ?? '').split('?')[0];
    // Other upgrades (Vite's HMR) are handled by their own listeners.
    if (path !== '/ws') return;
    tunnels.add(socket);
    socket.once('close', () => tunnels.delete(socket));
    proxyUpgrade(req, socket, head, gateways.order());
  });
  const closeHttpConnections = server.closeAllConnections.bind(server);
  server.closeAllConnections = () => {
    closeHttpConnections();
    for (const socket of tunnels) socket.destroy();
  };
  return server;
}
