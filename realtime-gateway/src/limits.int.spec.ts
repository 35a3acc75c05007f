// The gateway's limits against one client taking it: open sockets per account and per
// client address (the address behind a trusted proxy), and a message budget per socket.
import { realtimeCloseCodes, realtimeTexts } from '@murmur/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestStack, TEST_JWT_SECRET, type TestStack } from '../../test-support/stack.ts';
import { readConfig } from './config.ts';
import { buildGateway, type Gateway } from './server.ts';
import { openSocket, type RecordingSocket } from './test-clients.ts';

let stack: TestStack;
let gateway: Gateway;
let url: string;
const sockets: RecordingSocket[] = [];

beforeAll(async () => {
  stack = await startTestStack({ projections: false });
  gateway = buildGateway(
    readConfig({
      DATABASE_URL: stack.db.url,
      JWT_SECRET: TEST_JWT_SECRET,
      NODE_ENV: 'test',
      GATEWAY_MAX_CONNECTIONS_PER_USER: '2',
      GATEWAY_MAX_CONNECTIONS_PER_ADDRESS: '3',
      GATEWAY_MESSAGES_PER_10S: '5',
    }),
    { pool: stack.db.pool },
  );
  url = `ws://127.0.0.1:${await gateway.start(0)}/ws`;
});

afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await gateway?.stop();
  await stack?.stop();
});

const open = async (token?: string, address = '198.51.100.50') => {
  const socket = await openSocket(url, token, { 'x-forwarded-for': address });
  sockets.push(socket);
  return socket;
};
const refusal = (token: string | undefined, address: string) =>
  open(token, address).then(
    () => null,
    (e: { status?: number }) => e.status ?? 0,
  );

it('holds an account to its sockets, and a client address to its own, whoever else is connected', async () => {
  const token = await stack.tokenFor('limits-user');
  await open(token, '198.51.100.51');
  await open(token, '198.51.100.52');
  expect(await refusal(token, '198.51.100.53')).toBe(429);
  // Visitors from one address: three sockets, the fourth refused; another address is not affected.
  for (let i = 0; i < 3; i++) await open(undefined, '198.51.100.60');
  expect(await refusal(undefined, '198.51.100.60')).toBe(429);
  expect(await refusal(undefined, '198.51.100.61')).toBeNull();
  // A socket that closes gives its place back.
  const [first] = sockets.filter((s) => s.ws.readyState === s.ws.OPEN).slice(-4);
  first!.ws.close();
  await first!.closed;
  await expect.poll(() => refusal(undefined, '198.51.100.60'), { timeout: 5_000 }).toBeNull();
});

it('drops the messages of a socket past its budget with one error, and closes it past twice the budget', async () => {
  const socket = await open(undefined, '198.51.100.70');
  await socket.next('welcome');
  for (let i = 0; i < 7; i++) socket.send({ type: 'ping', ref: `p${i}` });
  const error = await socket.next('error', (m) => m.code === 'RATE_LIMITED');
  expect(error.message).toBe(realtimeTexts.tooFast);
  for (let i = 0; i < 5; i++) socket.send({ type: 'ping' });
  expect((await socket.closed).code).toBe(realtimeCloseCodes.rateLimited);
  expect(socket.messages.filter((m) => m.type === 'error' && m.code === 'RATE_LIMITED')).toHaveLength(1);
});
