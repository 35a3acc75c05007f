// Test and bench side of the gateway: raw WebSocket clients that record what they receive, a
// gateway started as a separate process, and lobby rows for access checks.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { streamIds, type ServerMessage } from '@murmur/contracts';
import { PostgresEventStore } from '@murmur/eventstore';
import type pg from 'pg';
import WebSocket from 'ws';
import { presentMemberCount } from '@murmur/projections/queries/lobbies';

export interface RecordingSocket {
  ws: WebSocket;
  messages: ServerMessage[];
  closed: Promise<{ code: number; reason: string }>;
  send(message: object): void;
  /** Resolves with the first message (already received or to come) that matches. */
  next<T extends ServerMessage['type']>(
    type: T,
    match?: (m: Extract<ServerMessage, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<ServerMessage, { type: T }>>;
}

export function openSocket(url: string, token?: string, headers?: Record<string, string>): Promise<RecordingSocket> {
  const ws = new WebSocket(token ? `${url}?access_token=${encodeURIComponent(token)}` : url, { headers });
  const messages: ServerMessage[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (raw) => {
    messages.push(JSON.parse(raw.toString()) as ServerMessage);
    for (const w of [...waiters]) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      for (const w of [...waiters]) w();
    }),
  );
  const socket: RecordingSocket = {
    ws,
    messages,
    closed,
    send: (message) => ws.send(JSON.stringify(message)),
    next(type, match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find((m) => m.type === type && (!match || match(m as never)));
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found as never);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${type} message within ${timeoutMs} ms; got ${JSON.stringify(messages).slice(0, 500)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('unexpected-response', (_req, res) =>
      reject(Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { status: res.statusCode })),
    );
    ws.once('error', reject);
  });
}

export interface GatewayProcess {
  url: string;
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

const mainFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');

/** Starts `main.ts` in a process of its own and resolves once it listens. */
export function spawnGateway(env: Record<string, string>): Promise<GatewayProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    env: { ...process.env, GATEWAY_PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => reject(new Error(`gateway process did not start: ${stderr}`)), 30_000);
    child.once('exit', (code) => reject(new Error(`gateway process exited ${code}: ${stderr}`)));
    child.stdout!.on('data', (d: Buffer) => {
      buffered += d.toString();
      const match = /"port":(\d+)[^\n]*realtime-gateway listening/.exec(buffered);
      if (!match) return;
      clearTimeout(timer);
      const port = Number(match[1]);
      resolve({
        url: `ws://127.0.0.1:${port}/ws`,
        port,
        child,
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

/**
 * Makes a lobby the gateway's access rules can see, through the lobbies module's own events
 * (LobbyCreated, LobbyJoined), and waits until its projector has the rows.
 */
export async function seedLobby(
  pool: pg.Pool,
  lobby: { lobbyId: string; kind: 'public' | 'private' | 'streaming'; ownerUid: string; members: string[] },
): Promise<void> {
  const store = new PostgresEventStore(pool);
  const at = new Date().toISOString();
  await store.append(
    streamIds.lobby(lobby.lobbyId),
    [
      {
        type: 'LobbyCreated',
        data: {
          lobbyId: lobby.lobbyId,
          ownerUid: lobby.ownerUid,
          kind: lobby.kind,
          info: {
            title: lobby.lobbyId,
            tag: '',
            description: '',
            languages: [],
            lobbyPhoto: null,
            mainCategoryId: 'chatting',
            backgroundId: 'bg-default',
            isLive: true,
          },
          requiredDiamonds: 0,
          seatCount: 8,
          createdAt: at,
        },
      },
      ...lobby.members.map((uid) => ({
        type: 'LobbyJoined' as const,
        data: { lobbyId: lobby.lobbyId, uid, anonymous: false, inviteId: null, paidDiamonds: 0, joinedAt: at },
      })),
    ],
    { expectedVersion: 'no_stream' },
  );
  const deadline = Date.now() + 10_000;
  for (;;) {
    if ((await presentMemberCount(pool, lobby.lobbyId)) === 1 + lobby.members.length) return;
    if (Date.now() > deadline) throw new Error(`lobby ${lobby.lobbyId} was not projected`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
