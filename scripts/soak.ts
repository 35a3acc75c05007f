// `npm run soak -- --minutes N [--users U]`: mixed traffic of signed-in users against `npm start`
// for N minutes: join and leave lobbies, chat, gifts, follow and unfollow, direct
// messages and sandbox top-ups, each user holding a realtime connection like a browser tab. Uses
// the platform on PORT (3000) when it answers, else starts `npm start` and stops it afterwards.
// Prints throughput, p50/p99 per command, errors (5xx apart), and each process's resident memory
// at the start, every minute and at the end. Exits 1 on any 5xx or lost command.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { channels } from '@murmur/contracts';
import { RealtimeClient, type WebSocketConstructor } from '@murmur/contracts/realtime-client';
import { RetryingClient, type LoadUser } from '../test-support/load-traffic.ts';
import { signUpWithWallet } from '../test-support/sign-up.ts';

const { values: args } = parseArgs({ options: { minutes: { type: 'string', default: '10' }, users: { type: 'string', default: '40' } } });
const minutes = Number(args.minutes);
const userCount = Math.max(4, Number(args.users));
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const edgePort = Number(env.PORT ?? 3000);
const edge = `http://127.0.0.1:${edgePort}`;
const services: Record<string, number> = {
  'command-api': Number(env.COMMAND_API_PORT ?? 4001),
  'query-api': Number(env.QUERY_API_PORT ?? 4002),
  'realtime-gateway': Number(env.GATEWAY_PORT ?? 4003),
  projections: Number(env.PROJECTIONS_PORT ?? 4004),
};
const NodeWebSocket: WebSocketConstructor = WebSocket;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

/** Starts `npm start` (scripts/start.ts) and resolves once it says it is running. */
async function startPlatform(): Promise<ChildProcess> {
  console.log('Starting the platform (npm start) ...');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/start.ts')], {
    cwd: root,
    // The soak signs its users in from one address: lift the per-address sign-in limit for it.
    env: {
      ...env,
      SIGN_MESSAGES_PER_ADDRESS: '100000',
      START_HEALTH_TIMEOUT_MS: env.START_HEALTH_TIMEOUT_MS ?? '900000',
      LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`npm start exited (${code}):\n${out}`)));
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Murmur is running')) resolve();
    });
  });
  return child;
}

/** Resident memory of each service, from its /metrics (prom-client's process metrics). */
async function memory(): Promise<Record<string, number | null>> {
  const out: Record<string, number | null> = {};
  for (const [name, port] of Object.entries(services)) {
    try {
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(5_000) })).text();
      const m = /^murmur_process_resident_memory_bytes (\d+(?:\.\d+)?(?:e\+\d+)?)/m.exec(text);
      out[name] = m ? Math.round(Number(m[1]) / 1024 / 1024) : null;
    } catch {
      out[name] = null;
    }
  }
  return out;
}
/** Signs a user in, again when the connection drops (a reused keep-alive socket the server has just closed). */
async function signIn(privateKey?: `0x${string}`): ReturnType<typeof signUpWithWallet> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await signUpWithWallet(edge, privateKey ? { privateKey } : {});
    } catch (error) {
      if (attempt >= 4 || !(error instanceof TypeError)) throw error;
      await pause(500 * (attempt + 1));
    }
  }
}
const mib = (m: Record<string, number | null>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${v ?? '?'} MiB`)
    .join(', ');

const started = (await answers(`http://127.0.0.1:${services['command-api']}/healthz`)) ? null : await startPlatform();
let stopping = false;
const stopPlatform = async () => {
  if (!started || started.exitCode !== null) return;
  const gone = new Promise((r) => started.once('exit', r));
  started.kill('SIGINT');
  await gone;
};
process.on('SIGINT', () => {
  stopping = true;
});

try {
  const memoryAtStart = await memory();
  console.log(`memory at start: ${mib(memoryAtStart)}`);
  const run = `soak${Date.now().toString(36)}`;

  // Users sign in as people do (a wallet signature), finish onboarding, and hold a realtime socket.
  console.log(`Signing in ${userCount} users ...`);
  const users: Array<LoadUser & { key: `0x${string}` }> = [];
  for (let i = 0; i < userCount; i += 8) {
    const batch = await Promise.all(Array.from({ length: Math.min(8, userCount - i) }, () => signIn()));
    users.push(...batch.map((u) => ({ uid: u.uid, token: u.token, key: u.privateKey })));
  }
  const client = new RetryingClient(() => [edge], { giveUpMs: 30_000 });
  const signInAgain = async (u: (typeof users)[number]) => {
    u.token = (await signIn(u.key)).token;
  };
  // Access tokens live 15 minutes: sign in again every 10.
  const refresher = setInterval(
    () => void Promise.all(users.map(signInAgain)).catch((e: Error) => console.error(`sign-in again failed: ${e.message}`)),
    10 * 60_000,
  );

  const hosts = users.slice(0, 4);
  const lobbyIds: string[] = [];
  for (const [i, h] of hosts.entries()) {
    const created = await client.post('create-lobby', h, '/lobbies', { title: `Soak lobby ${i}` }, `${run}-lobby-${i}`);
    const id = (created.body as { lobbyId?: string }).lobbyId;
    if (!id) throw new Error(`lobby not created: ${created.status} ${JSON.stringify(created.body)}`);
    lobbyIds.push(id);
  }
  const hostOf = new Map(lobbyIds.map((id, i) => [id, hosts[i]!.uid]));
  const sockets = users.map((u, i) => {
    const rt = new RealtimeClient({ url: `ws://127.0.0.1:${edgePort}/ws`, WebSocket: NodeWebSocket, getToken: () => u.token });
    rt.subscribe(channels.lobbyAll(lobbyIds[i % lobbyIds.length]!), { onEvent: () => undefined });
    rt.subscribe(channels.lobbyAll(lobbyIds[(i + 1) % lobbyIds.length]!), { onEvent: () => undefined });
    rt.connect();
    return rt;
  });
  // Partners follow each other (direct messages flow between them); everyone tops up once.
  await Promise.all(
    users.map(async (u, i) => {
      const partner = users[i ^ 1]!;
      await client.post('follow', u, `/user/follow/${partner.uid}`, {}, `${run}-partner-${i}`);
      await client.post('top-up', u, '/payment/topup/pay', { channelCode: 'sandbox', value: 50 }, `${run}-topup0-${i}`);
      for (let k = 0; k < 2; k++)
        await client.post('join', u, `/lobbies/${lobbyIds[(i + k) % lobbyIds.length]}/join`, {}, `${run}-join0-${i}-${k}`);
    }),
  );

  console.log(`Soak: ${users.length} users, ${lobbyIds.length} lobbies, ${minutes} min ...`);
  const soakStart = Date.now();
  const deadline = soakStart + minutes * 60_000;
  const running = () => !stopping && Date.now() < deadline;
  const ticker = setInterval(() => {
    void memory().then((m) => {
      const done = client.acknowledged.length;
      console.log(
        `  ${((Date.now() - soakStart) / 60_000).toFixed(1)} min: ${done} commands (${(done / ((Date.now() - soakStart) / 1000)).toFixed(1)}/s), 5xx ${client.serverErrors}, ${mib(m)}`,
      );
    });
  }, 60_000);

  await Promise.all(
    users.map(async (u, i) => {
      const partner = users[i ^ 1]!;
      const myLobbies = [lobbyIds[i % lobbyIds.length]!, lobbyIds[(i + 1) % lobbyIds.length]!];
      let following: string | null = null;
      for (let n = 0; running(); n++) {
        const key = `${run}-${i}-${n}`;
        const lobbyId = myLobbies[n % 2]!;
        const host = hostOf.get(lobbyId)!;
        const roll = Math.random();
        if (roll < 0.3) {
          await client.post('lobby-chat', u, `/lobbies/${lobbyId}/chat`, { payload: { body: `soak ${n}` } }, key);
        } else if (roll < 0.55 && host !== u.uid) {
          await client.post('send-gift', u, '/gifting/send-gift', { giftName: 'rose', quantity: 1, recipients: [host], lobbyId }, key);
        } else if (roll < 0.7) {
          await client.post('direct-message', u, `/messages/send/${partner.uid}`, { text: `soak ${n}`, clientMessageId: key }, key);
        } else if (roll < 0.8) {
          if (following) {
            await client.post('unfollow', u, `/user/unfollow/${following}`, {}, key);
            following = null;
          } else {
            following = users[(i + 2 + (n % (users.length - 3))) % users.length]!.uid;
            await client.post('follow', u, `/user/follow/${following}`, {}, key);
          }
        } else if (roll < 0.9 && !hosts.includes(u)) {
          // Leave one of my lobbies and come back: joins and leaves flow, the socket stays.
          await client.post('lobby-leave', u, `/lobbies/${lobbyId}/leave`, {}, `${key}-l`);
          await client.post('lobby-join', u, `/lobbies/${lobbyId}/join`, {}, key);
        } else if (roll < 0.93) {
          await client.post('top-up', u, '/payment/topup/pay', { channelCode: 'sandbox', value: 5 }, key);
        }
        // About one command every 2 s per user (the lobby chat allows 5 per 10 s per sender).
        await pause(1_000 + Math.random() * 2_000);
      }
    }),
  );
  clearInterval(ticker);
  clearInterval(refresher);
  const seconds = (Date.now() - soakStart) / 1000;
  for (const s of sockets) s.close();
  await pause(2_000);
  const memoryAtEnd = await memory();

  const summary = client.summary();
  const total = client.acknowledged.length + client.refused.length + client.lost.length;
  console.log(
    `\nSoak finished: ${(seconds / 60).toFixed(1)} min, ${users.length} users, ${total} commands, ${(client.acknowledged.length / seconds).toFixed(1)} acknowledged/s`,
  );
  console.table(
    Object.fromEntries(
      Object.entries(summary).map(([k, v]) => [
        k,
        {
          ok: v.acknowledged,
          refused: v.refused,
          lost: v.lost,
          'p50 ms': Math.round(v.p50),
          'p99 ms': Math.round(v.p99),
          retried: v.retried,
        },
      ]),
    ),
  );
  const refusals = new Map<string, number>();
  for (const o of client.refused) {
    const error = (o.body as { error?: { code?: string; message?: string } } | undefined)?.error;
    const k = `${o.kind} ${o.status} ${error?.code ?? ''} ${error?.message ?? ''}`;
    refusals.set(k, (refusals.get(k) ?? 0) + 1);
  }
  console.log('refusals (4xx):', refusals.size ? Object.fromEntries(refusals) : 'none');
  console.log(
    `5xx answers: ${client.serverErrors}${client.serverErrorSamples.length ? ` (${client.serverErrorSamples.join('; ')})` : ''}; no answer: ${client.networkErrors}; lost commands: ${client.lost.length}`,
  );
  console.log(`memory at start: ${mib(memoryAtStart)}`);
  console.log(`memory at end:   ${mib(memoryAtEnd)}`);
  process.exitCode = client.serverErrors > 0 || client.lost.length > 0 ? 1 : 0;
} finally {
  await stopPlatform();
}
process.exit(process.exitCode ?? 0);
