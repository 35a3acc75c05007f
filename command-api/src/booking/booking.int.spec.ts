// Services and booking over HTTP on real PostgreSQL: a booking holds its price on the buyer's
// wallet, the scheduler opens the private room at the start and pays the host at the end, a
// cancellation in time gives the hold back; the session's voice is for the two while it is open; races on one slot, one balance and one hold each end
// with exactly one winner; bad input is refused with its text and writes nothing; the ledger
// audit proves the holds.
import { bookingTexts } from '@murmur/contracts';
import { headPosition } from '@murmur/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../projections/src/ledger-audit.ts';
import { actors, startTestStack, type TestStack } from '../../../test-support/stack.ts';
import { creditDiamonds, loadWallet, walletCommands } from '../wallet/ledger.ts';
import { runBookingStep } from './bookings.ts';
import { SessionScheduler } from './session-scheduler.ts';
import { appendedSince } from '../../../test-support/nothing-written.ts';

let stack: TestStack;
/** The command side's clock runs this far ahead of the real one (the scheduler's "now"). */
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

beforeAll(async () => {
  stack = await startTestStack({ commandOverrides: { clock: { now } } });
});
afterAll(async () => stack?.stop());

const { post, get, as } = actors(() => stack);
const grant = (uid: string, amount: number) =>
  creditDiamonds(stack.command.deps, { uid, amount, reason: 'demo_grant', reference: 'test', idempotencyKey: `grant-${uid}-${amount}` });
const head = async () => String(await stack.command.deps.store.headPosition());
const inMinutes = (m: number) => new Date(now().getTime() + m * 60_000).toISOString();
const typesOn = async (stream: string) => (await stack.command.deps.store.readStream(stream)).events.map((e) => e.type);

async function listService(host: string, body: { title: string; minutes: number; price: number }): Promise<string> {
  const res = await post(host, '/user/services', body);
  expect(res.status).toBe(201);
  return res.body.serviceId as string;
}

const book = async (uid: string, hostUid: string, serviceId: string, startsAt: string, key?: string) =>
  stack.api('/booking', {
    method: 'POST',
    token: await as(uid),
    body: { hostUid, serviceId, startsAt },
    headers: key ? { 'idempotency-key': key } : {},
  });

/** One scheduler pass once the read model has seen everything so far. */
async function tick(): Promise<number> {
  await get('bk-host', '/booking/me', await head());
  return new SessionScheduler(stack.command.deps).tick();
}

describe('services', () => {
  it('a host lists services on the profile; bad ones are refused with their text', async () => {
    const id = await listService('bk-host', { title: 'Voice coaching', minutes: 30, price: 300 });
    const listed = await get(null, '/user/services/bk-host', await head());
    expect(listed.body.items).toEqual([expect.objectContaining({ serviceId: id, title: 'Voice coaching', minutes: 30, price: 300 })]);
    const before = await headPosition(stack.db.pool);
    const minutes = await post('bk-host', '/user/services', { title: 'x', minutes: 20, price: 10 });
    expect(minutes.status).toBe(400);
    expect(minutes.body.error.message).toBe('A session lasts 15, 30 or 60 minutes.');
    const price = await post('bk-host', '/user/services', { title: 'x', minutes: 15, price: 0 });
    expect(price.body.error.message).toBe('The price must be between 1 and 1,000,000 diamonds.');
    const title = await post('bk-host', '/user/services', { title: '   ', minutes: 15, price: 10 });
    expect(title.body.error.message).toBe('The title must be 1 to 60 characters.');
    expect(await appendedSince(stack.db.pool, before, 'anyRequest')).toEqual([]);
  });
});

describe('booking', () => {
  let serviceId: string;
  beforeAll(async () => {
    serviceId = (await get(null, '/user/services/bk-host', await head())).body.items[0].serviceId;
  });

  it('refuses the past, an own service, a short balance, an unknown service and a taken time, writing nothing', async () => {
    await grant('bk-buyer', 1000);
    await grant('bk-poor', 100);
    const taken = await book('bk-buyer', 'bk-host', serviceId, inMinutes(300));
    expect(taken.status).toBe(201);
    const before = await headPosition(stack.db.pool);
    const cases: Array<[Promise<{ status: number; body: any }>, number, string]> = [
      [book('bk-buyer', 'bk-host', serviceId, inMinutes(-5)), 422, 'You cannot book a time in the past.'],
      [book('bk-host', 'bk-host', serviceId, inMinutes(60)), 422, 'You cannot book your own service.'],
      [book('bk-poor', 'bk-host', serviceId, inMinutes(600)), 422, 'Insufficient balance: this needs 300 diamonds and you have 100.'],
      [book('bk-buyer', 'bk-host', 'svc-nope', inMinutes(600)), 404, 'This service is not offered.'],
      [book('bk-buyer', 'bk-host', serviceId, inMinutes(315)), 409, 'This time is already booked. Please choose another time.'],
      [book('bk-buyer', 'bk-host', serviceId, inMinutes(60 * 24 * 100)), 422, 'You can book up to 90 days ahead.'],
      [book('bk-buyer', 'bk-host', serviceId, 'tomorrow'), 400, 'Choose when the session starts.'],
      [post('bk-buyer', '/booking/bad%20id/cancel'), 404, bookingTexts.bookingNotFound],
    ];
    for (const [call, status, message] of cases) {
      const res = await call;
      expect(res.status, message).toBe(status);
      expect(res.body.error.message).toBe(message);
    }
    expect(await appendedSince(stack.db.pool, before, 'anyRequest')).toEqual([]);
  });

  it('the same slot booked by six buyers at once: one booking, one hold', async () => {
    const buyers = ['bk-r1', 'bk-r2', 'bk-r3', 'bk-r4', 'bk-r5', 'bk-r6'];
    for (const b of buyers) await grant(b, 500);
    const startsAt = inMinutes(24 * 60);
    const results = await Promise.all(buyers.map((b) => book(b, 'bk-host', serviceId, startsAt)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const held = await Promise.all(buyers.map(async (b) => (await typesOn(`wallet-${b}`)).filter((t) => t === 'DiamondsHeld').length));
    expect(held.reduce((a, b) => a + b, 0)).toBe(1);
    const winner = buyers[results.findIndex((r) => r.status === 201)]!;
    expect((await loadWallet(stack.command.deps, winner)).balance).toBe(200);
  });

  it('two bookings that together exceed the balance: one wins', async () => {
    await listService('bk-host2', { title: 'Duet', minutes: 15, price: 300 });
    const other = (await get(null, '/user/services/bk-host2', await head())).body.items[0].serviceId;
    await grant('bk-tight', 400);
    const [a, b] = await Promise.all([
      book('bk-tight', 'bk-host', serviceId, inMinutes(2000)),
      book('bk-tight', 'bk-host2', other, inMinutes(2000)),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 422]);
    expect([a, b].find((r) => r.status === 422)!.body.error.message).toBe(
      'Insufficient balance: this needs 300 diamonds and you have 100.',
    );
    const wallet = await loadWallet(stack.command.deps, 'bk-tight');
    expect(wallet.balance).toBe(100);
    expect(Object.values(wallet.holds)).toEqual([expect.objectContaining({ amount: 300, status: 'held' })]);
  });

  it('a retried booking (same key) books once', async () => {
    await grant('bk-retry', 1000);
    const startsAt = inMinutes(3000);
    const [a, b] = await Promise.all([
      book('bk-retry', 'bk-host', serviceId, startsAt, 'k1'),
      book('bk-retry', 'bk-host', serviceId, startsAt, 'k1'),
    ]);
    expect(a.body.bookingId).toBe(b.body.bookingId);
    expect((await typesOn('wallet-bk-retry')).filter((t) => t === 'DiamondsHeld')).toHaveLength(1);
  });

  it('the same key for two hosts: two bookings, two holds, each host sees and cancels its own', async () => {
    await listService('bk-host3', { title: 'Tarot', minutes: 15, price: 200 });
    const third = (await get(null, '/user/services/bk-host3', await head())).body.items[0].serviceId;
    await grant('bk-twohosts', 1000);
    const startsAt = inMinutes(5000);
    const first = await book('bk-twohosts', 'bk-host', serviceId, startsAt, 'same-key');
    const second = await book('bk-twohosts', 'bk-host3', third, startsAt, 'same-key');
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.bookingId).not.toBe(first.body.bookingId);
    expect(second.body.balance).toBe(500);
    const wallet = await loadWallet(stack.command.deps, 'bk-twohosts');
    expect(wallet.balance).toBe(500);
    expect(Object.keys(wallet.holds).sort()).toEqual([first.body.bookingId, second.body.bookingId].sort());
    // The retry of each answers with its own booking and holds nothing more.
    expect((await book('bk-twohosts', 'bk-host3', third, startsAt, 'same-key')).body.bookingId).toBe(second.body.bookingId);
    expect((await loadWallet(stack.command.deps, 'bk-twohosts')).balance).toBe(500);
    const p = await head();
    const seen = await get('bk-host3', `/booking/${second.body.bookingId}`, p);
    expect(seen.body).toMatchObject({ status: 'booked', role: 'host' });
    const cancelled = await post('bk-host3', `/booking/${second.body.bookingId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect((await loadWallet(stack.command.deps, 'bk-twohosts')).balance).toBe(700);
    expect((await typesOn('schedule-bk-host')).filter((t) => t === 'BookingCancelled').length).toBe(0);
  });

  it('the buyer cancels more than 1 hour before: the hold comes back; within the hour it cannot', async () => {
    await grant('bk-cancel', 600);
    const early = await book('bk-cancel', 'bk-host', serviceId, inMinutes(4000));
    const late = await book('bk-cancel', 'bk-host', serviceId, inMinutes(45));
    expect((await loadWallet(stack.command.deps, 'bk-cancel')).balance).toBe(0);
    await get('bk-cancel', '/booking/me', await head());
    const cancelled = await post('bk-cancel', `/booking/${early.body.bookingId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', balance: 300 });
    const before = await headPosition(stack.db.pool);
    const tooLate = await post('bk-cancel', `/booking/${late.body.bookingId}/cancel`);
    expect(tooLate.status).toBe(422);
    expect(tooLate.body.error.message).toBe('A booking can only be cancelled more than 1 hour before it starts.');
    const stranger = await post('bk-stranger', `/booking/${late.body.bookingId}/cancel`);
    expect(stranger.status).toBe(404);
    expect((await get('bk-stranger', `/booking/${late.body.bookingId}`)).status).toBe(404);
    expect(await appendedSince(stack.db.pool, before, 'anyRequest')).toEqual([]);
    const list = await get('bk-cancel', '/booking/me?role=buyer', await head());
    expect(list.body.items.map((i: { status: string; cancellable: boolean }) => [i.status, i.cancellable])).toEqual([
      ['booked', false],
      ['cancelled', false],
    ]);
  });

  it('at the start the room opens for the two; extended, then at the end the host is paid', async () => {
    await grant('bk-live', 1000);
    // A host of its own, so the charm counted is this session's alone.
    const coach = await listService('bk-coach', { title: 'Singing', minutes: 30, price: 300 });
    const booked = await book('bk-live', 'bk-coach', coach, inMinutes(10_000));
    const id = booked.body.bookingId as string;
    expect(await tick()).toBe(0);
    // No voice before the room opens.
    const early = await post('bk-live', `/booking/${id}/voice`);
    expect([early.status, early.body.error.message]).toEqual([422, 'The session room is not open.']);
    offsetMs += 10_001 * 60_000;
    // The stack's own scheduler may get there first: either way it is open once this pass returns.
    await tick();
    const p = await head();
    const forBuyer = await get('bk-live', `/booking/${id}`, p);
    expect(forBuyer.body).toMatchObject({ status: 'live', role: 'buyer', host: { uid: 'bk-coach' } });
    expect(forBuyer.body.roomOpenedAt).not.toBeNull();
    expect((await get('bk-coach', `/booking/${id}`, p)).body).toMatchObject({ status: 'live', role: 'host' });
    // Open, both get the session's voice (the built-in WebRTC here: no Agora App ID); nobody else does.
    for (const uid of ['bk-live', 'bk-coach']) {
      const voice = await post(uid, `/booking/${id}/voice`);
      expect(voice.status).toBe(200);
      expect(voice.body).toMatchObject({
        bookingId: id,
        channelName: id,
        agoraAppId: null,
        agoraToken: null,
        media: { provider: 'webrtc', scope: 'booking', channel: id },
      });
    }
    const stranger = await post('bk-host', `/booking/${id}/voice`);
    expect([stranger.status, stranger.body.error.message]).toEqual([404, 'Booking not found.']);

    const extended = await post('bk-live', `/booking/${id}/extend`);
    expect(extended.status).toBe(201);
    expect(extended.body.balance).toBe(400);
    expect(Date.parse(extended.body.endsAt) - Date.parse(booked.body.endsAt)).toBe(30 * 60_000);
    const extensions = await get('bk-coach', '/booking/extensions', await head());
    expect(extensions.body.items).toEqual([expect.objectContaining({ bookingId: id, minutes: 30, price: 300, role: 'host' })]);

    // Two schedulers at the end (two processes): the host is paid once.
    offsetMs += 61 * 60_000;
    await get('bk-host', '/booking/me', await head());
    await Promise.all([new SessionScheduler(stack.command.deps).tick(), new SessionScheduler(stack.command.deps).tick()]);
    const done = await get('bk-live', `/booking/${id}`, await head());
    expect(done.body).toMatchObject({ status: 'completed', price: 600, charm: 300 });
    expect((await post('bk-coach', `/booking/${id}/voice`)).status).toBe(422);
    expect((await typesOn('wallet-bk-live')).filter((t) => t === 'HoldSpent')).toHaveLength(2);
    expect((await get('bk-coach', '/wallet/withdraw/available', await head())).body.charm).toBe(300);
    expect((await loadWallet(stack.command.deps, 'bk-live')).balance).toBe(400);
  });

  it('a hold released and spent at once: exactly one happens', async () => {
    for (let round = 0; round < 3; round++) {
      const buyer = `bk-race-${round}`;
      await grant(buyer, 300);
      const booked = await book(buyer, 'bk-host', serviceId, inMinutes(5));
      const id = booked.body.bookingId as string;
      offsetMs += 6 * 60_000;
      await tick(); // opens it
      offsetMs += 31 * 60_000;
      const at = now().toISOString();
      // The host cancels (release) while the scheduler ends the session (spend).
      const [cancel, complete] = await Promise.allSettled([
        runBookingStep(stack.command.deps, { type: 'Cancel', hostUid: 'bk-host', bookingId: id, by: 'bk-host', at }, 'bk-host'),
        runBookingStep(stack.command.deps, { type: 'CompleteSession', hostUid: 'bk-host', bookingId: id, charmShare: 0.5, at }, 'system'),
      ]);
      const types = await typesOn(`wallet-${buyer}`);
      expect(types.filter((t) => t === 'HoldReleased').length + types.filter((t) => t === 'HoldSpent').length).toBe(1);
      expect([cancel.status, complete.status]).toContain('fulfilled');
    }
    // On the wallet alone: a release and a spend of the same hold at once, one is refused.
    await grant('bk-wallet', 100);
    const at = now().toISOString();
    await walletCommands.run(
      stack.command.deps,
      'bk-wallet',
      { type: 'HoldDiamonds', uid: 'bk-wallet', holdId: 'h1', amount: 100, reference: 'test', at },
      { idempotencyKey: 'hold-h1' },
    );
    const settled = await Promise.allSettled([
      walletCommands.run(
        stack.command.deps,
        'bk-wallet',
        { type: 'ReleaseHolds', uid: 'bk-wallet', holdIds: ['h1'], reference: 'test', at },
        { idempotencyKey: 'release-h1' },
      ),
      walletCommands.run(
        stack.command.deps,
        'bk-wallet',
        { type: 'SpendHolds', uid: 'bk-wallet', holdIds: ['h1'], reference: 'test', recipientUid: 'bk-host', charmShare: 0.5, at },
        { idempotencyKey: 'spend-h1' },
      ),
    ]);
    expect(settled.map((s) => s.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(String((settled.find((s) => s.status === 'rejected') as PromiseRejectedResult).reason.message)).toBe(
      'This booking has already been settled.',
    );
  });

  it('the ledger audit proves the holds: held = released + spent + still held', async () => {
    const audit = await auditLedger(stack.db.pool);
    expect(audit.differences).toEqual([]);
    expect(audit.holds.held).toBe(audit.holds.released + audit.holds.spent + audit.holds.open);
    expect(audit.holds.released).toBeGreaterThanOrEqual(300);
    expect(audit.holds.spent).toBeGreaterThanOrEqual(600);
  });
});
