// A local fake of the quest platform over HTTP (docs/decisions/progression.md): its account API answers who an
// account is (bearer API key), and it signs link proofs and webhooks with the shared secret as the
// real platform does. Tests point command-api's quest-platform port at it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signLinkProof, signWebhook } from '../command-api/src/progression/quest-platform.ts';

export interface FakeQuestPlatform {
  url: string;
  secret: string;
  apiKey: string;
  accounts: Map<string, string>;
  /** Requests the account API received (to prove the real adapter called it). */
  lookups: string[];
  proofFor(uid: string, platformUserId: string, issuedAt?: number): string;
  /** Sends a signed webhook to `target` (our webhook route); `timestamp` and `signature` may be forged. */
  sendWebhook(target: string, body: unknown, options?: { timestamp?: number; signature?: string }): Promise<{ status: number; body: any }>;
  stop(): Promise<void>;
}

export async function startFakeQuestPlatform(): Promise<FakeQuestPlatform> {
  const secret = 'fake-quest-platform-secret-0123456789';
  const apiKey = 'fake-quest-api-key';
  const accounts = new Map<string, string>();
  const lookups: string[] = [];
  const server = http.createServer((req, res) => {
    const m = /^\/v1\/accounts\/([^/?]+)$/.exec(req.url ?? '');
    if (req.method !== 'GET' || !m) return void res.writeHead(404).end();
    if (req.headers.authorization !== `Bearer ${apiKey}`) return void res.writeHead(401).end();
    const id = decodeURIComponent(m[1]!);
    lookups.push(id);
    const handle = accounts.get(id);
    if (!handle) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id, handle }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    secret,
    apiKey,
    accounts,
    lookups,
    proofFor(uid, platformUserId, issuedAt = Math.floor(Date.now() / 1000)) {
      return signLinkProof(secret, { platformUserId, handle: accounts.get(platformUserId) ?? 'unknown', uid, issuedAt });
    },
    async sendWebhook(target, body, options = {}) {
      const raw = JSON.stringify(body);
      const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
      const res = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-quest-timestamp': String(timestamp),
          'x-quest-signature': options.signature ?? signWebhook(secret, timestamp, raw),
        },
        body: raw,
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
