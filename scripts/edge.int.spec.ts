// The edge in front of the services: a service that is down (restarting, crashed) is answered as a
// database outage is, 503 with Retry-After, so clients send the command again with its key. With
// several processes of a service the edge takes them in turn and passes over one that is down,
// for API requests (the body reaches the next one whole) and WebSocket upgrades alike.
import http from 'node:http';
import { afterEach, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { closeServer, listen } from '@murmur/platform';
import { createEdge } from './edge.ts';
import { freePort } from '../test-support/free-port.ts';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => closeServer(s).catch(() => undefined)));
});

/** An upstream that answers with its name and the body it received. */
async function upstream(name: string): Promise<number> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name, body })));
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (ws) => ws.send(name));
  servers.push(server);
  return listen(server, 0);
}

async function edgeFor(targets: Parameters<typeof createEdge>[0]): Promise<string> {
  const edge = createEdge(targets);
  servers.push(edge);
  return `127.0.0.1:${await listen(edge, 0)}`;
}

it('answers 503 UNAVAILABLE with Retry-After when the command API is down', async () => {
  const down = await freePort();
  const edge = await edgeFor({ commandPort: down, queryPort: down, gatewayPort: down, frontend: (_req, res) => res.end('app') });
  const res = await fetch(`http://${edge}/api/v1/gifting/send-gift`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('1');
  expect((await res.json()).error).toEqual({ code: 'UNAVAILABLE', message: 'The service is starting or unavailable. Please try again.' });
});

it('takes three command APIs in turn and sends a command whose first choice is down, body and all, to the next', async () => {
  const [a, b, down] = [await upstream('a'), await upstream('b'), await freePort()];
  const query = await upstream('query');
  const edge = await edgeFor({ commandPort: [a, down, b], queryPort: [query], gatewayPort: [down] });
  const names: string[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await fetch(`http://${edge}/api/v1/gifting/send-gift`, { method: 'POST', body: `gift-${i}` });
    const answer = (await res.json()) as { name: string; body: string };
    expect(answer.body).toBe(`gift-${i}`);
    names.push(answer.name);
  }
  // a, (down: b), b, a, (down: b), b
  expect(names).toEqual(['a', 'b', 'b', 'a', 'b', 'b']);
  expect(((await (await fetch(`http://${edge}/api/v1/wallet/balance`)).json()) as { name: string }).name).toBe('query');
});

it('spreads WebSocket clients over the gateways and sends an upgrade to a gateway that is down on to the next', async () => {
  const [one, down, two] = [await upstream('gw1'), await freePort(), await upstream('gw2')];
  const edge = await edgeFor({ commandPort: one, queryPort: one, gatewayPort: [one, down, two] });
  const landed: string[] = [];
  for (let i = 0; i < 4; i++) {
    const ws = new WebSocket(`ws://${edge}/ws`);
    landed.push(await new Promise<string>((resolve, reject) => ws.once('message', (m) => resolve(m.toString())).once('error', reject)));
    ws.close();
  }
  expect(landed).toEqual(['gw1', 'gw2', 'gw2', 'gw1']);
});

it('closes the WebSocket connections it carries when it is closed', async () => {
  const gateway = await upstream('gw');
  const edge = createEdge({ commandPort: gateway, queryPort: gateway, gatewayPort: gateway });
  const address = `127.0.0.1:${await listen(edge, 0)}`;
  const ws = new WebSocket(`ws://${address}/ws`);
  await new Promise((resolve) => ws.once('message', resolve));
  const closed = new Promise((resolve) => ws.once('close', resolve));
  await closeServer(edge);
  await closed;
  expect(ws.readyState).toBe(WebSocket.CLOSED);
});
