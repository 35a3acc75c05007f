// TRUST_PROXY: behind the edge a request's client address comes from X-Forwarded-For, set by a
// trusted hop; a client that reaches a service directly cannot choose its address with the header.
import express from 'express';
import http from 'node:http';
import { afterAll, expect, it } from 'vitest';
import { trustProxySetting } from './config.ts';
import { closeServer, listen } from './listen.ts';

const servers: http.Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map(closeServer));
});

async function clientAddressSeenWith(trust: string, forwardedFor: string): Promise<string> {
  const app = express();
  app.set('trust proxy', trustProxySetting(trust));
  app.get('/ip', (req, res) => void res.json({ ip: req.ip }));
  const server = http.createServer(app);
  servers.push(server);
  const port = await listen(server, 0);
  const res = await fetch(`http://127.0.0.1:${port}/ip`, { headers: { 'x-forwarded-for': forwardedFor } });
  return ((await res.json()) as { ip: string }).ip;
}

it('keys on the client the trusted edge names, and ignores the header from an untrusted peer', async () => {
  expect(await clientAddressSeenWith('loopback', '203.0.113.9')).toBe('203.0.113.9');
  // The edge in a private network appends the client; a forged address in front of it is not believed.
  expect(await clientAddressSeenWith('loopback, uniquelocal', '198.51.100.1, 203.0.113.9, 10.1.2.3')).toBe('203.0.113.9');
  expect(await clientAddressSeenWith('false', '203.0.113.9')).toMatch(/127\.0\.0\.1$/);
  expect(await clientAddressSeenWith('10.9.9.9', '203.0.113.9')).toMatch(/127\.0\.0\.1$/);
  expect(trustProxySetting('2')).toBe(2);
  expect(trustProxySetting(undefined)).toBe('loopback');
});
