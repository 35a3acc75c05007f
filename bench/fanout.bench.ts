// Fan-out of the realtime gateway: N clients in one lobby (1,000 and 10,000), a burst of GiftSent
// appends; latency from append to receipt and messages/s out, beside a bare `ws` broadcast of the
// same payloads to the same number of clients in the same run. Clients live in a child process.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { channels } from '@murmur/contracts';
import { PostgresEventStore } from '@murmur/eventstore';
import { WebSocketServer } from 'ws';
import { lobbiesProjector } from '../projections/src/projectors/lobbies.ts';
import { ProjectionRunner } from '../projections/src/runner.ts';
import { listen, closeServer } from '@murmur/platform';
import http from 'node:http';
import { readConfig } from '../realtime-gateway/src/config.ts';
import { buildGateway } from '../realtime-gateway/src/server.ts';
import { seedLobby } from '../realtime-gateway/src/test-clients.ts';
import { benchDatabase, report } from './support.ts';
import { tiny } from './size.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const now = () => performance.timeOrigin + performance.now();
const LOBBY = 'bench-fanout';
/** Single gifts sent after each burst, this far apart. */
const PACED = tiny ? 2 : 5;
const PACE_MS = tiny ? 100 : 400;
const CHANNEL = channels.lobbyAll(LOBBY);

interface Receipt {
  received: number;
  p50: number;
  p99: number;
  max: number;
  firstReceipt: number;
  lastReceipt: number;
}

class ClientProcess {
  private readonly child: ChildProcess;
  private readonly ready: Promise<void>;
  private waiting: ((reply: Record<string, unknown>) => void) | null = null;

  constructor() {
    this.child = fork(path.join(here, 'fanout-clients.ts'), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    this.ready = new Promise((resolve) => {
      this.child.once('message', () => resolve());
    });
    this.child.on('message', (reply: Record<string, unknown>) => {
      const w = this.waiting;
      this.waiting = null;
      w?.(reply);
    });
  }

  async ask<T = Record<string, unknown>>(command: object): Promise<T> {
    await this.ready;
    const reply = await new Promise<Record<string, unknown>>((resolve) => {
      this.waiting = resolve;
      this.child.send(command);
    });
    if (!reply.ok) throw new Error(`client process: ${String(reply.error)}`);
    return reply as T;
  }

  stop(): void {
    this.child.kill();
  }
}

function giftData(i: number, stamp: number) {
  return {
    senderUid: `bench-sender-${i}`,
    giftId: `bench-gift-${i}`,
    // The stamp rides in a field the gateway sends to a lobby (contracts/src/public-events.ts):
    // a field of its own would be left out of the frame and no receipt could be counted.
    giftName: `benchT:${stamp}`,
    quantity: 1,
    unitPrice: 10,
    diamondsTotal: 10,
    recipients: ['bench-host'],
    charmPerRecipient: 5,
    lobbyId: LOBBY,
    sentAt: new Date().toISOString(),
  };
}

/** The same frame the gateway sends for a GiftSent, for the bare broadcast. */
function bareFrame(i: number, stamp: number): Buffer {
  const event = {
    type: 'GiftSent',
    streamId: `wallet-bench-sender-${i}`,
    data: giftData(i, stamp),
    createdAt: new Date().toISOString(),
    realtime: { timestamp: Date.now(), recipients: ['bench-host'], uid: `bench-sender-${i}`, type: 'gift_sent' },
  };
  return Buffer.from(`{"type":"event","channel":${JSON.stringify(CHANNEL)},"position":"${1000 + i}","event":${JSON.stringify(event)}}`);
}

function cpuMicros(usage: NodeJS.CpuUsage): number {
  return usage.user + usage.system;
}

function throughput(total: number, started: number, r: Receipt): number {
  return r.received / ((r.lastReceipt - started) / 1000);
}

export default async function fanout(): Promise<void> {
  const db = await benchDatabase('fanout');
  const clients = new ClientProcess();
  const cases = tiny
    ? [{ n: 200, burst: 5 }]
    : [
        { n: 1_000, burst: 50 },
        { n: 10_000, burst: 10 },
      ];
  const largest = Math.max(...cases.map((c) => c.n));
  try {
    // The lobby exists through the lobbies module's own events and projector.
    const runner = new ProjectionRunner(db.pool, db.url, [lobbiesProjector], { pollIntervalMs: 50 });
    await runner.start();
    await seedLobby(db.pool, { lobbyId: LOBBY, kind: 'public', ownerUid: 'bench-host', members: [] });
    await runner.stop();

    const store = new PostgresEventStore(db.pool);
    const gateway = buildGateway(
      readConfig({
        DATABASE_URL: db.url,
        NODE_ENV: 'test',
        MURMUR_DEMO: 'on',
        GATEWAY_POLL_MS: '200',
        GATEWAY_HEARTBEAT_MS: '600000',
        // Every client connects from 127.0.0.1: the per-address limit must admit them all.
        GATEWAY_MAX_CONNECTIONS_PER_ADDRESS: String(largest + 100),
      }),
      { pool: db.pool },
    );
    const gatewayPort = await gateway.start(0);

    const bareServer = http.createServer();
    const wss = new WebSocketServer({ server: bareServer, perMessageDeflate: false });
    const barePort = await listen(bareServer, 0);

    for (const { n, burst } of cases) {
      const total = n * burst;
      // Bare ws: the same clients, the same payloads, broadcast in a loop.
      await clients.ask({ cmd: 'connect', port: barePort, path: '/', count: n });
      await clients.ask({ cmd: 'arm', total });
      // Every payload of the burst exists at its start, as every gift of the gateway's burst is
      // appended at once: latency counts from there to receipt in both.
      const bareStart = now();
      const bareCpu = process.cpuUsage();
      for (let i = 0; i < burst; i++) {
        const frame = bareFrame(i, bareStart);
        for (const ws of wss.clients) ws.send(frame, { binary: false });
        // Yield between payloads as the gateway does between reads, so sockets drain.
        await new Promise((r) => setImmediate(r));
      }
      const bare = await clients.ask<Receipt>({ cmd: 'await', timeoutMs: 60_000 });
      const bareCpuUs = cpuMicros(process.cpuUsage(bareCpu));
      // Then single gifts a while apart: the latency of one gift reaching every client.
      await clients.ask({ cmd: 'arm', total: n * PACED });
      for (let i = 0; i < PACED; i++) {
        const frame = bareFrame(burst + i, now());
        for (const ws of wss.clients) ws.send(frame, { binary: false });
        await new Promise((r) => setTimeout(r, PACE_MS));
      }
      const barePaced = await clients.ask<Receipt>({ cmd: 'await', timeoutMs: 60_000 });
      await clients.ask({ cmd: 'close' });

      // The gateway: clients subscribe to the lobby channel; gifts are appended to the log.
      const connectStart = now();
      await clients.ask({ cmd: 'connect', port: gatewayPort, path: '/ws', count: n, channel: CHANNEL });
      const connectSeconds = (now() - connectStart) / 1000;
      await clients.ask({ cmd: 'arm', total });
      const gwStart = now();
      const gwCpu = process.cpuUsage();
      await Promise.all(
        Array.from({ length: burst }, (_, i) =>
          store.append(`wallet-bench-sender-${n}-${i}`, [{ type: 'GiftSent', data: giftData(i, now()) }]),
        ),
      );
      const gw = await clients.ask<Receipt>({ cmd: 'await', timeoutMs: 60_000 });
      const gwCpuUs = cpuMicros(process.cpuUsage(gwCpu));
      await clients.ask({ cmd: 'arm', total: n * PACED });
      for (let i = 0; i < PACED; i++) {
        await store.append(`wallet-bench-paced-${n}-${i}`, [{ type: 'GiftSent', data: giftData(burst + i, now()) }]);
        await new Promise((r) => setTimeout(r, PACE_MS));
      }
      const gwPaced = await clients.ask<Receipt>({ cmd: 'await', timeoutMs: 60_000 });
      await clients.ask({ cmd: 'close' });

      const label = `${n.toLocaleString('en')} clients, ${burst} gifts`;
      report({
        bench: 'fanout',
        case: `${label}: messages/s out`,
        unit: 'msg/s',
        value: throughput(total, gwStart, gw),
        baseline: throughput(total, bareStart, bare),
        target: '>= 50% of bare',
        extra: { delivered: `${gw.received}/${total}`, 'bare delivered': `${bare.received}/${total}`, 'subscribe s': connectSeconds },
      });
      // CPU time of the serving process per message: what the figures above would be on an idle
      // machine, since the wall-clock ones include waiting for a core on a shared one.
      report({
        bench: 'fanout',
        case: `${label}: server CPU per message`,
        unit: 'us',
        value: gwCpuUs / gw.received,
        baseline: bareCpuUs / bare.received,
        extra: { 'one gift to all, CPU ms': ((gwCpuUs / gw.received) * n) / 1000 },
      });
      report({ bench: 'fanout', case: `${label}: latency p50`, unit: 'ms', value: gw.p50, baseline: bare.p50 });
      report({ bench: 'fanout', case: `${label}: latency p99`, unit: 'ms', value: gw.p99, baseline: bare.p99 });
      const paced = `${n.toLocaleString('en')} clients, 1 gift every ${PACE_MS} ms`;
      report({
        bench: 'fanout',
        case: `${paced}: latency p50`,
        unit: 'ms',
        value: gwPaced.p50,
        baseline: barePaced.p50,
        extra: { delivered: `${gwPaced.received}/${n * PACED}` },
      });
      report({
        bench: 'fanout',
        case: `${paced}: latency p99`,
        unit: 'ms',
        value: gwPaced.p99,
        baseline: barePaced.p99,
        target: n >= 10_000 ? '< 250 ms' : undefined,
      });
      const short = [
        ['bare burst', bare.received, total],
        ['bare paced', barePaced.received, n * PACED],
        ['gateway burst', gw.received, total],
        ['gateway paced', gwPaced.received, n * PACED],
      ].filter(([, got, sent]) => (got as number) < (sent as number));
      if (short.length > 0) throw new Error(`${label}: delivered less than sent: ${short.map(([w, g, t]) => `${w} ${g}/${t}`).join(', ')}`);
    }
    wss.close();
    await closeServer(bareServer);
    await gateway.stop();
  } finally {
    clients.stop();
    await db.drop();
  }
}
