// The dev edge (docs/decisions/foundation.md): one origin for the whole platform. GET/HEAD /api/* go to
// query-api, other methods to command-api, /ws upgrades to the gateway, anything else to the
// frontend (Vite's dev middleware, or the built files). Production uses nginx (deploy/nginx.conf).
import http from 'node:http';
import net from 'node:net';
import { texts } from '@murmur/contracts';

export interface EdgeTargets {
  commandPort: number;
  queryPort: number;
  gatewayPort: number;
  /** Serves everything that is not an API or WebSocket request. */
  frontend?: (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;
}

export function apiTarget(method: string | undefined, targets: EdgeTargets): number {
  return method === 'GET' || method === 'HEAD' ? targets.queryPort : targets.commandPort;
}

function proxyHttp(req: http.IncomingMessage, res: http.ServerResponse, port: number): void {
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
  upstream.on('error', () => {
    // Nothing was decided: the same answer as a database outage, which clients retry with their key.
    if (!res.headersSent) res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
    res.end(JSON.stringify({ error: { code: 'UNAVAILABLE', message: texts.unavailable } }));
  });
  req.pipe(upstream);
}

function proxyUpgrade(req: http.IncomingMessage, socket: net.Socket, head: Buffer, port: number): void {
  const upstream = net.connect(port, '127.0.0.1', () => {
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
  upstream.on('error', close);
  socket.on('error', close);
}

export function createEdge(targets: EdgeTargets): http.Server {
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ok', service: 'edge' }));
      return;
    }
    if (url.startsWith('/api/')) return proxyHttp(req, res, apiTarget(req.method, targets));
    if (targets.frontend) {
      targets.frontend(req, res, () => res.writeHead(404).end('Not found'));
      return;
    }
    res.writeHead(404).end('Not found');
  });
  server.on('upgrade', (req, socket, head) => {
    const path = (req.url ?? '').split('?')[0];
    // Other upgrades (Vite's HMR) are handled by their own listeners.
    if (path === '/ws') proxyUpgrade(req, socket as net.Socket, head, targets.gatewayPort);
  });
  return server;
}
