// The notifications centre over real HTTP: follows, DMs (one row per thread, read with the thread),
// lobby invites, gifts and payments gathered per user with their links; the read mark as a command;
// paging; and the read model equal to a full replay after a rebuild during writes.
import { threadIdOf } from '@murmur/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsProjector } from '../../../projections/src/projectors/notifications.ts';
import { rebuildProjection } from '../../../projections/src/rebuild.ts';
import { replayProjection, tableRows, waitForProjection } from '../../../test-support/projection-replay.ts';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';

let stack: TestStack;
const tokens: Record<string, string> = {};
let n = 0;
beforeAll(async () => {
  stack = await startTestStack();
  for (const uid of ['n-amy', 'n-ben']) {
    tokens[uid] = await stack.tokenFor(uid);
    await stack.api('/user/profile/details', { method: 'PUT', token: tokens[uid], body: { username: uid.replace('n-', 'nt_') } });
  }
});
afterAll(async () => stack?.stop());

const post = (p: string, uid: string, body?: unknown) => stack.api(p, { method: 'POST', token: tokens[uid], body });
const get = (p: string, uid: string, position?: string) =>
  stack.api(p, { token: tokens[uid], headers: position ? { 'x-min-position': position } : {} });
async function gift(sender: string, recipients: string[], lobbyId = 'lobby-n1') {
  const r = await stack.command.deps.store.append(
    `wallet-${sender}`,
    [
      {
        type: 'GiftSent',
        data: {
          senderUid: sender,
          giftId: 'rose',
          giftName: 'rose',
          quantity: 2,
          unitPrice: 10,
          diamondsTotal: 20 * recipients.length,
          recipients,
          charmPerRecipient: 10,
          lobbyId,
          sentAt: new Date().toISOString(),
        },
      },
    ],
    { idempotencyKey: `n-gift-${++n}` },
  );
  return String(r.lastPosition);
}

describe('notifications centre', () => {
  it('gathers what concerns a user, with links, unread count and a read mark', async () => {
    await post('/user/follow/n-ben', 'n-amy');
    const followBack = await post('/user/follow/n-amy', 'n-ben');
    let page = await get('/notifications', 'n-ben', followBack.body.position);
    expect(page.status).toBe(200);
    expect(page.body.items.map((i: any) => [i.kind, i.actor.uid, i.link, i.unread])).toEqual([
      ['new_follower', 'n-amy', '/profile?uid=n-amy', true],
    ]);

    await post('/messages/send/n-ben', 'n-amy', { text: 'hello' });
    const second = await post('/messages/send/n-ben', 'n-amy', { text: 'are you there?' });
    const invite = await post('/messages/send/n-ben', 'n-amy', { text: 'join us http://x.test/lobby/lobby-n1?invite=abc123' });
    const giftAt = await gift('n-amy', ['n-ben', 'n-amy']);
    const paid = await stack.command.deps.store.append(
      'payment-p1',
      [
        {
          type: 'PaymentConfirmed',
          data: {
            paymentId: 'p1',
            uid: 'n-ben',
            provider: 'sandbox',
            purpose: 'topup',
            amountUsdCents: 1000,
            diamonds: 1000,
            providerRef: 'sb-1',
            confirmedAt: new Date().toISOString(),
          },
        },
      ],
      { idempotencyKey: 'n-pay-1' },
    );
    page = await get('/notifications', 'n-ben', String(paid.lastPosition));
    expect(page.body.items.map((i: any) => [i.kind, i.link])).toEqual([
      ['payment_confirmed', '/wallet'],
      ['gift_received', '/lobby/lobby-n1'],
      ['lobby_invite', '/lobby/lobby-n1?invite=abc123'],
      ['direct_message', '/messages?with=n-amy'],
      ['new_follower', '/profile?uid=n-amy'],
    ]);
    const dm = page.body.items.find((i: any) => i.kind === 'direct_message');
    expect(dm.facts).toMatchObject({ count: 2, preview: 'are you there?' });
    expect(page.body.items.find((i: any) => i.kind === 'gift_received').facts).toMatchObject({
      giftName: 'rose',
      quantity: 2,
      lobbyId: 'lobby-n1',
    });
    expect(page.body.unreadCount).toBe(5);
    expect(second.status).toBe(201);
    expect(invite.status).toBe(201);
    // The sender of a gift to themselves is not notified.
    expect((await get('/notifications/unread', 'n-amy', giftAt)).body.unreadCount).toBe(1);

    // Reading the thread reads its notification.
    const read = await post('/messages/refresh', 'n-ben', { threadId: threadIdOf('n-amy', 'n-ben') });
    expect((await get('/notifications/unread', 'n-ben', read.body.position)).body.unreadCount).toBe(4);

    // Paging, as the spec's lists: newest first.
    const p2 = await get('/notifications?page=2&limit=2', 'n-ben');
    expect(p2.body.items.map((i: any) => i.kind)).toEqual(['lobby_invite', 'direct_message']);
    expect(p2.body.meta).toEqual({ currentPage: 2, totalPages: 3, totalItems: 5, itemCount: 2 });

    // Mark read up to the newest seen; again is a no-op; a mark never moves back.
    const latest = page.body.latestSeq;
    const marked = await post('/notifications/read', 'n-ben', { upToSeq: latest });
    expect(marked.status).toBe(200);
    let unread = await get('/notifications/unread', 'n-ben', marked.body.position);
    expect(unread.body).toEqual({ unreadCount: 0, latestSeq: latest });
    expect((await post('/notifications/read', 'n-ben', { upToSeq: latest })).body.position).toBe('0');
    expect((await post('/notifications/read', 'n-ben', { upToSeq: 1 })).body.position).toBe('0');
    expect((await post('/notifications/read', 'n-ben', { upToSeq: -1 })).status).toBe(400);
    expect((await stack.api('/notifications')).status).toBe(401);

    // A new DM in the read thread counts from one again.
    const again = await post('/messages/send/n-ben', 'n-amy', { text: 'ping' });
    page = await get('/notifications', 'n-ben', again.body.position);
    expect(page.body.items[0]).toMatchObject({ kind: 'direct_message', unread: true, facts: { count: 1, preview: 'ping' } });
    unread = await get('/notifications/unread', 'n-ben');
    expect(unread.body.unreadCount).toBe(1);
  });

  it('rebuilds during writes into the same rows as a full replay', async () => {
    let stop = false;
    let i = 0;
    const writer = (async () => {
      while (!stop) {
        await gift(`s${i % 3}`, [`r${i % 4}`, 'n-ben']);
        if (i % 5 === 0) await post('/notifications/read', 'n-ben', { upToSeq: 1000 + i });
        i++;
      }
    })();
    await new Promise((r) => setTimeout(r, 200));
    await rebuildProjection(stack.db.pool, notificationsProjector, { batchSize: 7 });
    await new Promise((r) => setTimeout(r, 200));
    stop = true;
    await writer;
    expect(i).toBeGreaterThan(10);
    await waitForProjection(stack.db.pool, 'notifications');
    await replayProjection(stack.db.pool, notificationsProjector, 'replay_notifications');
    for (const table of notificationsProjector.tables) {
      expect(await tableRows(stack.db.pool, 'rm', table)).toEqual(await tableRows(stack.db.pool, 'replay_notifications', table));
    }
    const marks = await stack.db.pool.query('select last_seq::int, read_seq::int from rm.notification_marks where uid = $1', ['n-ben']);
    expect(marks.rows[0].read_seq).toBeLessThanOrEqual(marks.rows[0].last_seq);
    expect(marks.rows[0].last_seq).toBeGreaterThan(10);
  });
});
