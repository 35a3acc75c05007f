// Starts the real back end on a test file's own database: command-api, query-api and the
// projections runner, on free ports. Tests talk to it over real HTTP.
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { signAccessToken, type RoleCode } from '@murmur/contracts';
import { closeServer, listen } from '@murmur/platform';
import { readConfig as readCommandConfig, type CommandApiConfig } from '../command-api/src/config.ts';
import { buildCommandApi } from '../command-api/src/server.ts';
import type { CommandDeps } from '../command-api/src/dependencies.ts';
import { registerSession } from '../command-api/src/identity/sessions.ts';
import { buildQueryApi } from '../query-api/src/server.ts';
import type { QueryDeps } from '../query-api/src/dependencies.ts';
import { projectors } from '../projections/src/registry.ts';
import { ProjectionRunner } from '../projections/src/runner.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export interface TestStack {
  db: TestDatabase;
  commandUrl: string;
  queryUrl: string;
  command: ReturnType<typeof buildCommandApi>;
  query: ReturnType<typeof buildQueryApi>;
  runner: ProjectionRunner;
  /** An access token for a user, without going through sign-in (identity has its own tests). */
  tokenFor(uid: string, roles?: RoleCode[], options?: { anonymous?: boolean; sessionId?: string; onboarded?: boolean }): Promise<string>;
  /** fetch against the edge rule: GET/HEAD to query-api, everything else to command-api. */
  api(
    path: string,
    init?: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  stop(): Promise<void>;
}

export async function startTestStack(
  options: {
    commandOverrides?: Partial<CommandDeps>;
    queryOverrides?: Partial<QueryDeps>;
    projections?: boolean;
    /** command-api's environment of the test (e.g. a short CHAT_WINDOW_MS), read by its config as a deployment's is. */
    commandEnv?: Partial<Record<keyof CommandApiConfig, string>>;
  } = {},
): Promise<TestStack> {
  const db = await createTestDatabase();
  const config = { DATABASE_URL: db.url, JWT_SECRET: TEST_JWT_SECRET };
  const commandConfig = readCommandConfig({ ...config, MURMUR_DEMO: 'on', NODE_ENV: 'test', ...options.commandEnv });
  // No presence reaper unless asked: API-only tests join lobbies without a socket.
  const command = buildCommandApi(commandConfig, { pool: db.pool, presenceReaper: false, ...options.commandOverrides });
  const query = buildQueryApi(config, { pool: db.pool, ...options.queryOverrides });
  const [commandPort, queryPort] = await Promise.all([listen(command.server, 0), listen(query.server, 0)]);
  const runner = new ProjectionRunner(db.pool, db.url, projectors, { pollIntervalMs: 100 });
  if (options.projections !== false) await runner.start();
  const commandUrl = `http://127.0.0.1:${commandPort}`;
  const queryUrl = `http://127.0.0.1:${queryPort}`;
  return {
    db,
    commandUrl,
    queryUrl,
    command,
    query,
    runner,
    // The session guard accepts only registered sessions, so the token's session is registered too.
    async tokenFor(uid, roles = ['co'], opts = {}) {
      const sid = opts.sessionId ?? randomUUID();
      await registerSession(db.pool, uid, sid);
      return signAccessToken(TEST_JWT_SECRET, { sub: uid, sid, roles, anon: opts.anonymous ?? false, onb: opts.onboarded ?? true }, 900);
    },
    async api(path, init = {}) {
      const method = init.method ?? 'GET';
      const base = method === 'GET' || method === 'HEAD' ? queryUrl : commandUrl;
      const headers: Record<string, string> = { ...(init.headers ?? {}) };
      if (init.token) headers.authorization = `Bearer ${init.token}`;
      let body: string | undefined;
      if (init.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      }
      const res = await fetch(`${base}/api/v1${path}`, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        /* not JSON */
      }
      return { status: res.status, body: parsed, headers: res.headers };
    },
    async stop() {
      await runner.stop();
      await Promise.all([closeServer(command.server as http.Server), closeServer(query.server as http.Server)]);
      await db.drop();
    },
  };
}

/** Acting as test users against a stack that `beforeAll` starts later: one token per uid, POSTs as
 * them, and reads after a write that repeat while the read model is behind (X-Stale), so a loaded
 * machine only slows a test down. */
export function actors(current: () => TestStack) {
  const tokens = new Map<string, string>();
  async function as(uid: string): Promise<string> {
    let token = tokens.get(uid);
    if (!token) tokens.set(uid, (token = await current().tokenFor(uid)));
    return token;
  }
  const post = async (uid: string, path: string, body: unknown = {}) => current().api(path, { method: 'POST', token: await as(uid), body });
  async function get(uid: string | null, path: string, position?: string) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const res = await current().api(path, {
        token: uid ? await as(uid) : undefined,
        headers: position ? { 'x-min-position': position } : {},
      });
      if (res.headers.get('x-stale') !== 'true' || Date.now() > deadline) return res;
    }
  }
  return { as, post, get };
}
