// Gifts in a lobby or room against kicks and ends decided in another command-api process, on one
// database: a gift is refused, or it was written while its recipients were still inside; a refused
// gift writes nothing (docs/decisions/money.md, "Which gifts may be sent, to whom").
import { streamIds } from '@murmur/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondCommandApi } from '../../../test-support/second-command-api.ts';
import { actors, startTestStack, type TestStack } from '../../../test-support/stack.ts';
import { creditDiamonds, loadWallet } from '../wallet/ledger.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ projections: false });
});
afterAll(async () => {
  await stack?.stop();
});
const secondProcess = secondCommandApi(() => stack);
const postViaSecond = secondProcess.post;

const { as, post } = actors(() => stack);
const outside = 'A gift can go only to the host, a cohost or someone active in the lobby.';

async function giftVia(base: string, sender: string, where: { lobbyId?: string; roomId?: string }, recipient: string, key?: string) {
  const res = await fetch(`${base}/api/v1/gifting/send-gift`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await as(sender)}`,
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify({ giftName: 'rose', quantity: 1, recipients: [recipient], ...where }),
  });
  return { status: res.status, body: (await res.json()) as any };
}
const giftViaFirst = (sender: string, where: { lobbyId?: string; roomId?: string }, recipient: string, key?: string) =>
  giftVia(stack.commandUrl, sender, where, recipient, key);

const grant = (uid: string, amount: number) =>
  creditDiamonds(stack.command.deps, { uid, amount, reason: 'demo_grant', reference: 'test', idempotencyKey: `grant-${uid}-${amount}` });

/** The sender's wallet events as the log holds them. */
async function walletEvents(uid: string) {
  return (await stack.command.deps.store.readStream(streamIds.wallet(uid))).events;
}
/** Every GiftSent to `uid` in these senders' wallets, with its global position. */
async function giftsTo(uid: string, senders: string[]): Promise<bigint[]> {
  const positions: bigint[] = [];
  for (const sender of senders)
    for (const e of await walletEvents(sender))
      if (e.type === 'GiftSent' && (e.data as { recipients: string[] }).recipients.includes(uid)) positions.push(e.globalPosition);
  return positions;
}

const countLobbyReads = <T>(lobbyId: string, run: () => Promise<T>) => countReads(streamIds.lobby(lobbyId), run);

/** Counts the stream reads of `streamId` the pool sends while `run` runs (both test processes share it). */
async function countReads<T>(streamId: string, run: () => Promise<T>): Promise<{ reads: number; result: T }> {
  const pool = stack.db.pool;
  const query = pool.query;
  let reads = 0;
  pool.query = function (this: typeof pool, ...args: unknown[]) {
    const config = args[0] as { name?: string; values?: unknown[] } | string;
    if (typeof config === 'object' && config.name === 'murmur_read_stream_v2' && config.values?.[0] === streamId) reads++;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pool.query;
  try {
    const result = await run();
    return { reads, result };
  } finally {
    pool.query = query;
  }
}

describe('gifts against a kick or an end in another command-api process', () => {
  it('refuses a gift to a member kicked in the other process, though this one still holds them as a member, and writes nothing', async () => {
    const { lobbyId } = (await post('gk-owner-1', '/lobbies', { title: 'Gift race' })).body;
    expect((await post('gk-guest-1', `/lobbies/${lobbyId}/join`)).status).toBe(200);
    await grant('gk-fan-1', 100);
    expect((await giftViaFirst('gk-fan-1', { lobbyId }, 'gk-guest-1')).status).toBe(201);
    expect((await postViaSecond('gk-owner-1', `/lobbies/${lobbyId}/kick`, { uid: 'gk-guest-1' })).status).toBe(200);
    const before = await walletEvents('gk-fan-1');
    const refused = await giftViaFirst('gk-fan-1', { lobbyId }, 'gk-guest-1');
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'RULE_VIOLATED', message: outside, details: { recipients: ['gk-guest-1'] } });
    expect((await walletEvents('gk-fan-1')).length).toBe(before.length);
    expect((await loadWallet(stack.command.deps, 'gk-fan-1')).balance).toBe(90);
    // The owner is still inside: a gift to them goes through.
    expect((await giftViaFirst('gk-fan-1', { lobbyId }, 'gk-owner-1')).status).toBe(201);
    expect((await loadWallet(stack.command.deps, 'gk-fan-1')).balance).toBe(80);
  });

  it('refuses a gift in a lobby ended in the other process', async () => {
    const { lobbyId } = (await post('gk-owner-2', '/lobbies', { title: 'Gift end' })).body;
    expect((await post('gk-guest-2', `/lobbies/${lobbyId}/join`)).status).toBe(200);
    await grant('gk-fan-2', 100);
    expect((await giftViaFirst('gk-fan-2', { lobbyId }, 'gk-guest-2')).status).toBe(201);
    expect((await postViaSecond('gk-owner-2', `/lobbies/${lobbyId}/end`)).status).toBe(200);
    const refused = await giftViaFirst('gk-fan-2', { lobbyId }, 'gk-owner-2');
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe('This lobby has ended.');
    expect((await loadWallet(stack.command.deps, 'gk-fan-2')).balance).toBe(90);
  });

  it('decides a gift again when the lobby moved in the other process without touching its recipients, and charges once', async () => {
    const { lobbyId } = (await post('gk-owner-3', '/lobbies', { title: 'Gift moved' })).body;
    expect((await post('gk-guest-3', `/lobbies/${lobbyId}/join`)).status).toBe(200);
    await grant('gk-fan-3', 100);
    expect((await giftViaFirst('gk-fan-3', { lobbyId }, 'gk-guest-3')).status).toBe(201);
    expect((await postViaSecond('gk-other-3', `/lobbies/${lobbyId}/join`)).status).toBe(200);
    const before = await walletEvents('gk-fan-3');
    // The held state is one version behind: the guarded append writes nothing, the lobby is read
    // once anew and the gift appended on it.
    const { reads, result } = await countLobbyReads(lobbyId, () => giftViaFirst('gk-fan-3', { lobbyId }, 'gk-guest-3'));
    expect(result.status).toBe(201);
    expect(reads).toBe(1);
    const after = await walletEvents('gk-fan-3');
    expect(after.slice(before.length).map((e) => e.type)).toEqual(['GiftSent']);
    expect(result.body.balance).toBe(80);
  });

  it('answers a repeated key with its first result after the recipient was kicked, and charges once', async () => {
    const { lobbyId } = (await post('gk-owner-4', '/lobbies', { title: 'Gift retry' })).body;
    expect((await post('gk-guest-4', `/lobbies/${lobbyId}/join`)).status).toBe(200);
    await grant('gk-fan-4', 100);
    const first = await giftViaFirst('gk-fan-4', { lobbyId }, 'gk-guest-4', 'gk-key-4');
    expect(first.status).toBe(201);
    expect((await postViaSecond('gk-owner-4', `/lobbies/${lobbyId}/kick`, { uid: 'gk-guest-4' })).status).toBe(200);
    const again = await giftViaFirst('gk-fan-4', { lobbyId }, 'gk-guest-4', 'gk-key-4');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ duplicate: true, position: first.body.position });
    expect((await loadWallet(stack.command.deps, 'gk-fan-4')).balance).toBe(90);
    expect((await giftViaFirst('gk-fan-4', { lobbyId }, 'gk-guest-4', 'gk-key-4b')).status).toBe(422);
  });

  it('refuses a gift in a room ended in the other process', async () => {
    const { lobbyId } = (await post('gk-owner-5', '/lobbies', { title: 'Gift room' })).body;
    expect((await post('gk-guest-5', `/lobbies/${lobbyId}/join`)).status).toBe(200);
    const { roomId } = (await post('gk-owner-5', `/lobbies/${lobbyId}/rooms`, { title: 'Room' })).body;
    expect((await post('gk-guest-5', `/lobbies/${lobbyId}/rooms/${roomId}/join`)).status).toBe(200);
    await grant('gk-fan-5', 100);
    expect((await giftViaFirst('gk-fan-5', { roomId }, 'gk-guest-5')).status).toBe(201);
    expect((await postViaSecond('gk-owner-5', `/rooms/${roomId}/end`)).status).toBe(200);
    const refused = await giftViaFirst('gk-fan-5', { roomId }, 'gk-owner-5');
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe('This room has ended.');
    expect((await loadWallet(stack.command.deps, 'gk-fan-5')).balance).toBe(90);
  });

  it('never keeps a gift written after the kick, over many parallel gifts through both processes', async () => {
    const { lobbyId } = (await post('gk-owner-6', '/lobbies', { title: 'Gift race loop' })).body;
    const senders = Array.from({ length: 6 }, (_, i) => `gk-fan-6-${i}`);
    for (const sender of senders) await grant(sender, 10_000);
    let sent = 0;
    for (let round = 0; round < 8; round++) {
      const guest = `gk-guest-6-${round}`;
      expect((await post(guest, `/lobbies/${lobbyId}/join`)).status).toBe(200);
      // Both processes hold the lobby with the guest inside.
      expect((await giftVia(secondProcess.url(), senders[0]!, { lobbyId }, guest)).status).toBe(201);
      sent++;
      const gifts = senders.flatMap((sender, s) =>
        Array.from({ length: 4 }, () => giftVia(s % 3 === 0 ? secondProcess.url() : stack.commandUrl, sender, { lobbyId }, guest)),
      );
      const [kick, ...answers] = await Promise.all([postViaSecond('gk-owner-6', `/lobbies/${lobbyId}/kick`, { uid: guest }), ...gifts]);
      expect(kick.status).toBe(200);
      for (const answer of answers) expect([201, 422]).toContain(answer.status);
      sent += answers.filter((a) => a.status === 201).length;
      const kickedAt = BigInt(kick.body.position);
      const positions = await giftsTo(guest, senders);
      expect(positions.length).toBe(answers.filter((a) => a.status === 201).length + 1);
      for (const position of positions) expect(position).toBeLessThan(kickedAt);
      expect((await giftViaFirst(senders[1]!, { lobbyId }, guest)).status).toBe(422);
    }
    let spent = 0;
    for (const sender of senders) spent += 10_000 - (await loadWallet(stack.command.deps, sender)).balance;
    expect(spent).toBe(sent * 10);
  });
});

describe('what a gift reads', () => {
  it('reads nothing of a lobby or room this process holds', async () => {
    const { lobbyId } = (await post('gk-owner-7', '/lobbies', { title: 'Gift reads' })).body;
    expect((await post('gk-guest-7', `/lobbies/${lobbyId}/join`)).status).toBe(200);
    const { roomId } = (await post('gk-owner-7', `/lobbies/${lobbyId}/rooms`, { title: 'Room' })).body;
    expect((await post('gk-guest-7', `/lobbies/${lobbyId}/rooms/${roomId}/join`)).status).toBe(200);
    await grant('gk-fan-7', 100);
    expect((await giftViaFirst('gk-fan-7', { lobbyId }, 'gk-guest-7')).status).toBe(201);
    const inLobby = await countLobbyReads(lobbyId, () => giftViaFirst('gk-fan-7', { lobbyId }, 'gk-guest-7'));
    expect(inLobby.result.status).toBe(201);
    expect(inLobby.reads).toBe(0);
    const inRoom = await countReads(streamIds.room(roomId), () => giftViaFirst('gk-fan-7', { roomId }, 'gk-guest-7'));
    expect(inRoom.result.status).toBe(201);
    expect(inRoom.reads).toBe(0);
  });
});
