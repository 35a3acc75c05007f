// The whole platform for browser tests, on the test file's own database: command-api, query-api,
// projections, the realtime gateway, a dev SMTP server for sign-in codes, and the built web app,
// all behind one origin with the dev edge (scripts/edge.ts: GET/HEAD -> query-api, others ->
// command-api, /ws -> gateway).
import { createReadStream, existsSync, statSync } from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import type pg from 'pg';
import { closeServer, listen, type PaymentSettings } from '@murmur/platform';
import type { PaymentPorts } from '../command-api/src/payments/ports.ts';
import { startDevSmtpServer, type DevSmtpServer } from '../command-api/src/identity/dev-smtp.ts';
import type { CommandDeps } from '../command-api/src/dependencies.ts';
import type { QueryDeps } from '../query-api/src/dependencies.ts';
import type { IdentityConfig } from '../command-api/src/identity/config.ts';
import type { CommandApiConfig } from '../command-api/src/config.ts';
import { createIdentityRuntime } from '../command-api/src/identity/runtime.ts';
import { readConfig as readGatewayConfig } from '../realtime-gateway/src/config.ts';
import { buildGateway, type Gateway } from '../realtime-gateway/src/server.ts';
import { createEdge } from '../scripts/edge.ts';
import { startTestStack, TEST_JWT_SECRET, type TestStack } from './stack.ts';
import { webAppDir } from './web-app-build.ts';

const distDir = webAppDir;

export interface FullStack {
  /** The one origin of the platform, e.g. http://127.0.0.1:41234 */
  url: string;
  stack: TestStack;
  gateway: Gateway;
  smtp: DevSmtpServer;
  /** Cuts every connection through the edge, sockets included, as a lost network or a sleeping
   * laptop does: each end sees its connection die without a close frame. */
  dropConnections(): void;
  stop(): Promise<void>;
}

/** How long a browser may be gone before it leaves its lobby (after the gateway's 1 s debounce). */
export const PRESENCE_GRACE_MS = 3_000;

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** Serves the built files, and index.html for every other path (a single-page app). */
function serveStatic(req: http.IncomingMessage, res: http.ServerResponse): void {
  const urlPath = decodeURIComponent((req.url ?? '/').split('?')[0]!);
  let file = path.join(distDir, path.normalize(urlPath).replace(/^(\.\.[/\\])+/, ''));
  if (!file.startsWith(distDir) || !existsSync(file) || statSync(file).isDirectory()) file = path.join(distDir, 'index.html');
  res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
}

export interface FullStackOptions {
  /** Payment providers of the test (its anvil chain, its Stripe server) for both services, as one configuration. */
  payments?: { command: PaymentPorts; query: PaymentSettings };
  /** Other command-api dependencies, e.g. a clock a test moves forward (the booking scheduler's "now"). */
  commandOverrides?: Partial<CommandDeps>;
  /** Identity settings of the test on top of the demo's (e.g. a short OTP_RESEND_SECONDS to sign in again at once). */
  identityEnv?: Partial<Record<keyof IdentityConfig, string>>;
  /** command-api's environment of the test on top of the stack's, e.g. a short CHAT_WINDOW_MS so a
   * test sees the chat limit lift without waiting out the product's 10 s. */
  commandEnv?: Partial<Record<keyof CommandApiConfig, string>>;
  /** Other query-api dependencies, e.g. the identity providers the sign-in screen offers. */
  queryOverrides?: Partial<QueryDeps>;
}

export async function startFullStack(options: FullStackOptions = {}): Promise<FullStack> {
  if (!existsSync(path.join(distDir, 'index.html')))
    throw new Error(`no web app build in ${distDir}: browser tests run in vitest's e2e project, whose global set-up builds it`);
  let pool: pg.Pool | null = null;
  // The SMTP server keeps mail in dev_mailbox (read by GET /dev/mailbox); the pool exists once the stack does.
  const lazyPool = {
    query: (text: string, values?: unknown[]) => (pool ? pool.query(text, values) : Promise.resolve()),
  } as unknown as pg.Pool;
  const smtp = await startDevSmtpServer({ port: 0, pool: lazyPool });
  const stack = await startTestStack({
    commandOverrides: {
      identity: createIdentityRuntime({
        MURMUR_DEMO: 'on',
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        SMTP_IGNORE_TLS: 'true',
        DEV_SMTP_SERVER: 'false',
        ...options.identityEnv,
      }),
      // Browsers hold real connections, so members who close their page leave (PRESENCE_MEMBER_GRACE_MS).
      presenceReaper: { intervalMs: 250 },
      ...options.commandOverrides,
      ...(options.payments ? { payments: options.payments.command } : {}),
    },
    queryOverrides: { ...options.queryOverrides, ...(options.payments ? { payments: options.payments.query } : {}) },
    commandEnv: { PRESENCE_MEMBER_GRACE_MS: String(PRESENCE_GRACE_MS), ...options.commandEnv },
  });
  pool = stack.db.pool;
  const gateway = buildGateway(
    readGatewayConfig({
      DATABASE_URL: stack.db.url,
      JWT_SECRET: TEST_JWT_SECRET,
      NODE_ENV: 'test',
      GATEWAY_POLL_MS: '100',
      GATEWAY_OFFLINE_GRACE_MS: '1000',
    }),
    { pool: stack.db.pool },
  );
  const gatewayPort = await gateway.start(0);
  const port = (u: string) => Number(new URL(u).port);
  const edge = createEdge({
    commandPort: port(stack.commandUrl),
    queryPort: port(stack.queryUrl),
    gatewayPort,
    frontend: (req, res) => serveStatic(req, res),
  });
  const edgePort = await listen(edge, 0);
  return {
    url: `http://127.0.0.1:${edgePort}`,
    stack,
    gateway,
    smtp,
    dropConnections: () => edge.closeAllConnections(),
    async stop() {
      await closeServer(edge).catch(() => undefined);
      await gateway.stop();
      await stack.stop();
      await smtp.close();
    },
  };
}
