// The answers of the real apps against their catalogued DTOs (contracts/src/api-catalogue.ts): every
// GET route with a DTO is called with seeded data, and the commands that seed it are checked too, so
// a field renamed, dropped or added on either side fails here.
import { apiCatalogue, threadIdOf, type ApiRoute } from '@murmur/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshCookieOf, startIdentityStack, type IdentityStack } from '../../test-support/identity.ts';
import { actors } from '../../test-support/stack.ts';
import { signUpWithWallet } from '../../test-support/sign-up.ts';
import { creditDiamonds } from '../../command-api/src/wallet/ledger.ts';
import { recordLedgerDigest } from '../../projections/src/ledger-digest.ts';
import { PostgresEventStore } from '@murmur/eventstore';
import { DEMO_LEDGER_DIGEST_KEY } from '@murmur/platform';

// The identity stack: the real stack with a dev SMTP server, so sign-in by e-mail code runs too.
let stack: IdentityStack;
beforeAll(async () => {
  stack = await startIdentityStack();
});
afterAll(async () => stack?.stop());

const { as, get } = actors(() => stack);

/** The catalogue entry a concrete path falls under (`/lobbies/abc/join` under `/lobbies/{id}/join`). */
function entryOf(method: string, path: string): ApiRoute {
  const bare = path.split('?')[0]!;
  const matches = apiCatalogue.filter(
    (r) => r.method === method && new RegExp(`^${r.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`).test(bare),
  );
  // A literal segment wins over a parameter (`/lobbies/public` over `/lobbies/{id}`).
  const entry = matches.sort((a, b) => (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0))[0];
  if (!entry) throw new Error(`${method} ${path} is not in the catalogue`);
  return entry;
}

const checked = new Set<string>();

/** The answer's status is the catalogued one and its body is exactly the DTO: parsing it (which
 * drops unknown keys) gives it back unchanged. */
function expectDto(method: string, path: string, res: { status: number; body: unknown }, status?: number): void {
  const entry = entryOf(method, path);
  const key = `${entry.method} ${entry.path}`;
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(status ?? entry.status ?? 200);
  expect(entry.response, `${key} has no response DTO in the catalogue`).toBeDefined();
  const parsed = entry.response!.safeParse(res.body);
  expect(parsed.success ? [] : parsed.error.issues, `${key} answer against its DTO`).toEqual([]);
  expect(parsed.data, `${key} answers fields its DTO does not name`).toEqual(res.body);
  checked.add(key);
}

async function command(uid: string, path: string, body: unknown = {}, method = 'POST', status?: number) {
  const res = await stack.api(path, { method, token: await as(uid), body });
  expectDto(method, path, res, status);
  return res.body as Record<string, any>;
}
/** An operator (role ad) command. */
async function asAdmin(path: string, body: unknown = {}, status?: number) {
  const res = await stack.api(path, { method: 'POST', token: await stack.tokenFor('d-admin', ['ad']), body });
  expectDto('POST', path, res, status);
  return res.body as Record<string, any>;
}
/** Diamonds for a test user, credited in process (the API mints only through the console's grants). */
const fund = (uid: string, amount: number) =>
  creditDiamonds(stack.command.deps, { uid, amount, reason: 'demo_grant', reference: 'test', idempotencyKey: `fund-${uid}` });
async function query(uid: string | null, path: string, position?: string) {
  const res = await get(uid, path, position);
  expectDto('GET', path, res);
  return res.body as Record<string, any>;
}

describe('answers against their contracts DTOs', () => {
  it('lobbies and rooms', async () => {
    const lobby = await command('d-owner', '/lobbies', { title: 'Typed talk', tag: 'dto', languages: ['ENG'], mainCategoryId: 'karaoke' });
    const id = lobby.lobbyId as string;
    await command('d-user', `/lobbies/${id}/join`);
    await command('d-guest', `/lobbies/public/${id}/join`);
    const invite = await command('d-owner', `/lobbies/${id}/invites`);
    await command('d-invited', `/lobbies/${id}/join/${invite.inviteId}`);
    await command('d-user', `/lobbies/${id}/mic/request`);
    await command('d-owner', `/lobbies/${id}/mic/grant`, { uid: 'd-user' });
    await command('d-owner', `/lobbies/${id}/mic/mute`, { uid: 'd-user' });
    await command('d-guest', `/lobbies/${id}/mic/request`);
    await command('d-owner', `/lobbies/${id}/info`, { description: 'Shapes checked' });
    await command('d-owner', `/lobbies/${id}/block`, { uidToBlock: 'd-rude', reason: 'Spam' });
    await command('d-owner', `/lobbies/manage/${id}/admin/add`, { uidToAdmin: 'd-invited' });
    await command('d-owner', `/lobbies/${id}/pin`, { message: 'Welcome' });
    await command('d-user', `/lobbies/${id}/chat`, { payload: { messageType: 'text', body: 'hello' } });
    const token = await stack.api('/lobbies/refresh-token', {
      method: 'POST',
      token: await as('d-user'),
      body: { tokenType: 'rtc', lobbyId: id },
    });
    expectDto('POST', '/lobbies/refresh-token', token);
    const room = await command('d-user', `/lobbies/${id}/rooms`, { title: 'Side talk', mins: 15 });
    await command('d-user', `/lobbies/${id}/rooms/${room.roomId}/chat`, { payload: { messageType: 'text', body: 'in the room' } });
    await command('d-guest', `/rooms/${room.roomId}/join/${room.inviteKey}`);
    const started = await command('d-user', `/rooms/${room.roomId}/start`);

    const position = started.position as string;
    await query('d-user', '/lobbies?category=karaoke', position);
    await query(null, '/lobbies/public');
    await query('d-user', '/app/home?cat=karaoke');
    await query(null, '/app/home/public');
    await query(null, '/lobbies/props');
    const settings = await query('d-owner', `/lobbies/settings?lobbyId=${id}`);
    expect(settings.blacklist.map((b: { uid: string }) => b.uid)).toEqual(['d-rude']);
    await query('d-user', `/lobbies/leaderboard?lobbyId=${id}&frequency=weekly`);
    const detail = await query('d-user', `/lobbies/${id}`);
    expect(detail.queueRequests.map((q: { uid: string }) => q.uid)).toEqual(['d-guest']);
    expect(detail.rooms).toHaveLength(1);
    await query(null, `/lobbies/${id}`);
    await query('d-user', `/lobbies/${id}/invites`);
    await query(null, `/lobbies/${id}/rooms`);
    expect((await query('d-user', `/rooms/${room.roomId}`)).users).toHaveLength(2);
    // Someone who may see the lobby but is not in the room gets the preview (no users, no silences).
    expect(await query('d-stranger', `/rooms/${room.roomId}`)).toMatchObject({ users: [] });
    expect((await query(null, `/lobbies/${id}/chat`)).items[0].payload.body).toBe('hello');
    await query('d-user', `/lobbies/${id}/chat?roomId=${room.roomId}`);
    await query('d-user', '/gifs/search?q=');
    const dice = await command('d-user', `/lobbies/${id}/tools/dice`);
    expect((await query('d-user', `/lobbies/${id}/tools`, dice.position)).recent).toHaveLength(1);

    await command('d-guest', `/lobbies/${id}/rooms/${room.roomId}/leave`);
    await command('d-user', `/lobbies/${id}/rooms/${room.roomId}/end`);
    await command('d-owner', `/lobbies/${id}/kick`, { uid: 'd-guest' });
    await command('d-user', `/lobbies/${id}/leave`);
    await command('d-owner', `/lobbies/${id}/end`);
  });

  it('money: grants, purchases, gifts, withdrawals, wallets and payments', async () => {
    await fund('m-payer', 20_000);
    await command('m-payer', '/payment/purchase/validate', { skuId: 'frame-gold' });
    await command('m-payer', '/payment/purchase', { skuId: 'frame-gold' });
    await command('m-payer', '/skus/credit/condition', { skuId: 'badge-rocket' });
    await command('m-payer', '/wallet/collections/equip', { itemId: 'frame-gold', equip: true });
    const lobby = await command('m-host', '/lobbies', { title: 'Gift night' });
    await command('m-payer', `/lobbies/${lobby.lobbyId}/join`);
    const gift = await command('m-payer', '/gifting/send-gift', {
      giftName: 'fireworks',
      quantity: 10,
      recipients: ['m-host'],
      lobbyId: lobby.lobbyId,
    });
    expect(gift.gift).toMatchObject({ giftName: 'fireworks' });
    const available = await query('m-host', '/wallet/withdraw/available', gift.position);
    expect(available.charm).toBeGreaterThanOrEqual(600);
    await command('m-host', '/wallet/withdraw/validate', { amount: 500, address: '0x1111111111111111111111111111111111111111' });
    const withdrawal = await command('m-host', '/wallet/withdraw', { amount: 500, address: '0x1111111111111111111111111111111111111111' });
    // The console finds the withdrawal's owner in the read model.
    await query('m-host', '/wallet/withdrawals', withdrawal.position);
    await asAdmin(`/console/withdrawals/${withdrawal.transactionId}/settle`, { reference: `0x${'34'.repeat(32)}` });
    // An agency pays a creator on its roster.
    const agent = await stack.tokenFor('m-agent', ['ag']);
    const asAgency = async (path: string, body: unknown) => {
      const res = await stack.api(path, { method: 'POST', token: agent, body });
      expectDto('POST', path, res);
      return res.body as Record<string, any>;
    };
    await asAgency('/guild/agencies', { agencyId: 'm-agency', name: 'Money Agency', guildSharePct: 20, hostSharePct: 80 });
    await asAgency('/guild/agencies/m-agency/invitations', { hostUid: 'm-host' });
    await command('m-host', '/guild/invitations/m-agency/accept');
    const payout = await asAgency('/wallet/creator/payment', {
      creatorUid: 'm-host',
      amount: 50,
      proofUrl: 'https://example.org/proof.png',
    });
    await command('m-host', '/wallet/creator/cashout-confirm', { withdrawalId: payout.transactionId }, 'PUT');
    // A repeated confirmation answers like the first.
    await command('m-host', '/cashout-confirm', { withdrawalId: payout.transactionId }, 'PUT');
    const wallet = await command('m-payer', '/wallet/blockchain', { name: 'Main', address: '0x2222222222222222222222222222222222222222' });
    await command('m-payer', '/wallet/blockchain/rename', { walletId: wallet.walletId, name: 'Daily' });
    await command('m-payer', '/wallet/blockchain/update', { walletId: wallet.walletId, chain: 'polygon' });
    const topUp = await command('m-payer', '/payment/topup/pay', { channelCode: 'sandbox', value: 5 });

    const position = topUp.position as string;
    await query('m-payer', '/wallet/balance', position);
    const history = await query('m-payer', '/transaction/me');
    expect(history.items.length).toBeGreaterThanOrEqual(3);
    await query('m-payer', '/wallet/inventory/bought');
    expect(
      (await query('m-payer', '/wallet/collections')).items.map((i: { itemId: string; status: string }) => [i.itemId, i.status]),
    ).toEqual([['frame-gold', 'active']]);
    await query(null, '/payment/currencies/available');
    await query(null, '/payment/currencies/conversion?from=USD&to=DMND&amount=5');
    await query('m-payer', '/payment/currencies/recommended');
    await query(null, '/payment/methods');
    await query(null, '/skus/read');
    await query(null, '/skus/read/frame-gold');
    await query('m-host', '/wallet/withdrawals');
    const cashouts = await get(null, '/wallet/creator/cashout-list');
    expect(cashouts.status).toBe(401);
    expectDto(
      'GET',
      '/wallet/creator/cashout-list',
      await stack.api('/wallet/creator/cashout-list', { token: await stack.tokenFor('d-admin', ['ad']) }),
    );
    expect((await query('m-host', '/payment-notifications')).items).toHaveLength(1);
    await query('m-host', '/wallet/creator/payment-notifications');
    expect((await query('m-payer', '/wallet/blockchain')).items).toHaveLength(1);
    await query('m-payer', `/payment/status/${topUp.transactionId}`);
    await query(null, '/gifting/items');
    const countries = await query(null, '/location/countries');
    expect(countries.items).toContainEqual({ code: 'PH', alpha3: 'PHL', numeric: '608', name: 'Philippines' });
    await query(null, '/cms/assets');
    const board = await query(null, `/lobbies/leaderboard?lobbyId=${lobby.lobbyId}&frequency=weekly`);
    expect(board.topUsers.map((u: { uid: string }) => u.uid)).toEqual(['m-payer']);
    await command('m-payer', '/wallet/blockchain/remove', { walletId: wallet.walletId });
    await query(null, '/user/leaderboards?kind=users&frequency=weekly');
    await query('m-host', '/notifications');
    await query('m-host', '/notifications/unread');
    await command('m-host', '/notifications/read', { upToSeq: 1 });
  });

  it('identity: sign-in, onboarding, refresh, roles, the own account', async () => {
    const mail = stack.smtp.waitFor('dto@example.com');
    expectDto('POST', '/auth/otp', await stack.api('/auth/otp', { method: 'POST', body: { email: 'dto@example.com' } }));
    const code = /\b(\d{6})\b/.exec((await mail).text)![1];
    const login = await stack.api('/auth/login', {
      method: 'POST',
      body: { credentials: { type: 'email', email: 'dto@example.com', code } },
    });
    expectDto('POST', '/auth/login', login);
    const onboarded = await stack.api('/user/onboarding', {
      method: 'POST',
      token: login.body.token,
      body: { acceptTerms: true, birthday: '1990-01-01' },
    });
    expectDto('POST', '/user/onboarding', onboarded);
    const token = onboarded.body.token as string;
    const refreshed = await stack.api('/auth/refresh', {
      method: 'POST',
      headers: { cookie: `murmur_refresh=${refreshCookieOf(login.headers)}` },
      body: {},
    });
    expectDto('POST', '/auth/refresh', refreshed);
    const guest = await stack.api('/auth/login', { method: 'POST', body: { credentials: { type: 'guest' } } });
    expectDto('POST', '/auth/login', guest);
    expect(guest.body.anonymous).toBe(true);
    const message = await stack.api('/wallet/create-sign-message', {
      method: 'POST',
      body: { address: '0x3333333333333333333333333333333333333333', type: 'login' },
    });
    expectDto('POST', '/wallet/create-sign-message', message);
    await asAdmin(`/admin/users/${login.body.uid}/roles`, { role: 'ag' });
    await asAdmin(`/admin/users/${guest.body.uid}/ban`, { banned: true, reason: 'Spam' });

    const me = await stack.readAfter('/user/me', token, onboarded.body.position);
    expectDto('GET', '/user/me', me);
    expect(me.body.hasFinishedOnboarding).toBe(true);
    expectDto('GET', '/claim/tg/next-claim', await stack.api('/claim/tg/next-claim', { token }));
    expectDto('GET', '/user/settings', await stack.api('/user/settings', { token }));
    expectDto('GET', '/dev/mailbox?email=dto@example.com', await stack.api('/dev/mailbox?email=dto@example.com'));
    expectDto('GET', '/dev/sms?to=%2B14155550100', await stack.api('/dev/sms?to=%2B14155550100'));
    expectDto('GET', '/client/error-reporting', await stack.api('/client/error-reporting'));
    expectDto('GET', '/dev/errors', await stack.api('/dev/errors'));
    expectDto('GET', '/auth/providers', await stack.api('/auth/providers'));
    expectDto('POST', '/auth/logout', await stack.api('/auth/logout', { method: 'POST', token, body: {} }));
  });

  it('profiles, the social graph, the wall, direct messages and referral', async () => {
    const [ada, bo] = await Promise.all([stack.signInWithEmail('ada-dto@example.com'), stack.signInWithEmail('bo-dto@example.com')]);
    const a = { uid: ada.body.uid as string, token: ada.body.token as string };
    const b = { uid: bo.body.uid as string, token: bo.body.token as string };
    const write = async (who: typeof a, path: string, body: unknown = {}) => {
      const res = await stack.api(path, { method: 'POST', token: who.token, body });
      expectDto('POST', path, res);
      return res.body as { position: string } & Record<string, any>;
    };
    await write(a, `/user/follow/${b.uid}`);
    await write(b, `/user/follow/${a.uid}`);
    const post = await write(a, '/user/wall/post', { content: 'Typed wall' });
    expect(await write(b, `/user/wall/post/${post.id}/like`)).toMatchObject({ likeCount: 1, hasLiked: true });
    expect(await write(b, `/user/wall/post/${post.id}/unlike`)).toMatchObject({ likeCount: 0, hasLiked: false });
    const gone = await write(a, '/user/wall/post', { content: 'Typed and deleted' });
    await write(a, `/user/wall/delete/${gone.id}`);
    await write(b, '/user/block/d-pest');
    await write(b, '/user/unblock/d-pest');
    await write(b, '/user/report/d-pest', { reason: 'Spam' });
    expect((await write(a, '/referral/me/link')).link).toContain((await write(a, '/referral/init')).code);
    await write(a, '/referral/add-wallet', { address: '0x4444444444444444444444444444444444444444', chainId: 137 });
    const sent = await write(a, `/messages/send/${b.uid}`, { text: 'Typed hello' });
    expect(sent.messageId).toBeTruthy();
    const read = (who: typeof a | null, path: string) => stack.readAfter(path, who?.token ?? '', sent.position);
    const check = async (who: typeof a | null, path: string) => {
      const res = await read(who, path);
      expectDto('GET', path, res);
      return res.body as Record<string, any>;
    };
    await check(a, '/user/profile/details');
    await check(null, `/user/profile/view/${a.uid}`);
    expect((await check(null, `/user/followers/${a.uid}`)).items.map((f: { uid: string }) => f.uid)).toEqual([b.uid]);
    await check(b, `/user/following/${b.uid}`);
    await check(null, `/user/subscribers/${a.uid}`);
    await check(null, `/user/subscriptions/${a.uid}`);
    await check(b, '/cms/users?q=ad');
    await check(b, '/cms/users?q=a');
    expect((await check(null, `/user/wall/${a.uid}`)).items[0].content).toBe('Typed wall');
    await check(b, '/user/feed/for-you');
    await check(null, `/user/gallery/${a.uid}`);
    expect((await check(b, '/messages/threads')).items).toHaveLength(1);
    expect((await check(b, '/messages/unread')).unreadThreads).toBe(1);
    expect((await check(b, `/messages/threads/${threadIdOf(a.uid, b.uid)}`)).items[0].text).toBe('Typed hello');
    await check(a, '/referral/referral-details');
    await check(a, '/referral/referrals');
    await check(a, '/referral/reward-records');
    await check(a, '/referral/payouts');
    await write(b, '/messages/refresh', { threadId: threadIdOf(a.uid, b.uid) });
  });

  it('notifications, account settings and the global leaderboards with data in them', async () => {
    await fund('n-fan', 5_000);
    const lobby = await command('n-star', '/lobbies', { title: 'Notified' });
    await command('n-fan', `/lobbies/${lobby.lobbyId}/join`);
    const gift = await command('n-fan', '/gifting/send-gift', {
      giftName: 'fireworks',
      quantity: 1,
      recipients: ['n-star'],
      lobbyId: lobby.lobbyId,
    });
    const notifications = await query('n-star', '/notifications', gift.position);
    expect(notifications.items.map((i: { kind: string }) => i.kind)).toContain('gift_received');
    expect((await query('n-star', '/notifications/unread', gift.position)).unreadCount).toBeGreaterThanOrEqual(1);
    const board = await query('n-fan', '/user/leaderboards?kind=users&frequency=weekly', gift.position);
    expect(board.me).toMatchObject({ uid: 'n-fan' });

    // Settings need a real account (a users row): sign one in by email, then set volumes so the answer is not all defaults.
    const { body: user } = await stack.signInWithEmail('dto-settings@example.com');
    const changed = await stack.api('/user/settings', {
      method: 'PUT',
      token: user.token,
      body: { defaultVolume: 40, volumes: { 'n-star': 20 } },
    });
    expectDto('PUT', '/user/settings', changed);
    expectDto(
      'POST',
      '/user/sessions/end-others',
      await stack.api('/user/sessions/end-others', { method: 'POST', token: user.token, body: {} }),
    );
    const settings = await stack.readAfter('/user/settings', user.token, changed.body.position);
    expectDto('GET', '/user/settings', settings);
    expect(settings.body).toMatchObject({ defaultVolume: 40, volumes: { 'n-star': 20 } });
    expect(settings.body.credentials.map((c: { kind: string; key: string }) => `${c.kind}:${c.key}`)).toEqual([
      'email:dto-settings@example.com',
    ]);
  });

  it("operators' console: money operations", async () => {
    await fund('c-fan', 5000);
    // A gift to a profile needs a registered recipient.
    const host = (await signUpWithWallet(stack.commandUrl)).uid;
    const gift = await command('c-fan', '/gifting/send-gift', { giftName: 'castle', quantity: 1, recipients: [host] });
    await query(host, '/wallet/withdraw/available', gift.position);
    const withdrawal = await command(host, '/wallet/withdraw', { amount: 600, address: '0x1111111111111111111111111111111111111111' });
    const admin = await stack.tokenFor('d-admin', ['ad']);
    const read = async (path: string, position?: string) => {
      const res = position ? await stack.readAfter(path, admin, position) : await stack.api(path, { token: admin });
      expectDto('GET', path, res);
      return res.body as Record<string, any>;
    };
    expect((await read('/console/withdrawals', withdrawal.position)).items).toHaveLength(1);
    const settled = await asAdmin(`/console/withdrawals/${withdrawal.transactionId}/settle`, { reference: `0x${'12'.repeat(32)}` });
    const second = await command(
      host,
      '/wallet/withdraw',
      { amount: 600, address: '0x1111111111111111111111111111111111111111' },
      'POST',
      201,
    );
    await query(host, '/wallet/withdrawals', second.position);
    await asAdmin(`/console/withdrawals/${second.transactionId}/reject`, { reason: 'Wrong address' });
    expect((await read('/console/withdrawals?status=completed', settled.position)).items[0].reference).toBe(`0x${'12'.repeat(32)}`);
    await read('/console/payments/stuck');
    await read('/console/referral/settlements');
    const grant = await stack.api('/console/grants', {
      method: 'POST',
      token: admin,
      body: { uid: 'c-fan', amount: 20_000, reason: 'Prize' },
      headers: { 'idempotency-key': 'dto-grant' },
    });
    expectDto('POST', '/console/grants', grant);
    const approved = await stack.api(`/console/grants/${grant.body.grantId}/approve`, {
      method: 'POST',
      token: await stack.tokenFor('d-admin-2', ['ad']),
      body: {},
    });
    expectDto('POST', `/console/grants/${grant.body.grantId}/approve`, approved);
    const other = await stack.api('/console/grants', {
      method: 'POST',
      token: admin,
      body: { uid: 'c-fan', amount: 20_000, reason: 'Prize' },
      headers: { 'idempotency-key': 'dto-grant-2' },
    });
    await asAdmin(`/console/grants/${other.body.grantId}/reject`, { reason: 'Twice' });
    expect((await read('/console/grants?status=approved', approved.body.position)).items).toHaveLength(1);
    const audit = await asAdmin('/console/ledger/audit', {}, 201);
    expect((await read('/console/ledger/audit', audit.position)).pendingSince).toEqual(expect.any(String));
    const rebuild = await asAdmin('/console/ops/rebuild', { projection: 'stream-catalog' }, 201);
    const ops = await read('/console/ops/status', rebuild.position);
    expect(ops.projections.find((p: { name: string }) => p.name === 'wallet-history')).toBeDefined();
  });

  it('services and booking: list, book, cancel, and the reads of both sides', async () => {
    await fund('bk-dto-buyer', 1_000);
    const listed = await command('bk-dto-host', '/user/services', { title: 'Typed coaching', minutes: 15, price: 100 }, 'POST', 201);
    const startsAt = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const booked = await command(
      'bk-dto-buyer',
      '/booking',
      { hostUid: 'bk-dto-host', serviceId: listed.serviceId, startsAt },
      'POST',
      201,
    );
    expect(booked).toMatchObject({ status: 'booked', balance: 900 });
    const services = await query(null, '/user/services/bk-dto-host', booked.position);
    expect(services.items).toHaveLength(1);
    expect((await query('bk-dto-buyer', '/booking/me', booked.position)).items[0]).toMatchObject({ role: 'buyer', cancellable: true });
    await query('bk-dto-host', `/booking/${booked.bookingId}`, booked.position);
    await query('bk-dto-host', '/booking/extensions', booked.position);
    expect(await command('bk-dto-buyer', `/booking/${booked.bookingId}/cancel`)).toMatchObject({ status: 'cancelled', balance: 1_000 });
    await command('bk-dto-host', '/user/services/remove', { serviceId: listed.serviceId });
  });

  it("the operators' console: a report, its decision, users, live lobbies and the audit trail", async () => {
    const [rep, author] = [await stack.signInWithEmail('rep-dto@example.com'), await stack.signInWithEmail('author-dto@example.com')];
    const call = (token: string, path: string, body: unknown, status?: number) =>
      stack
        .api(path, { method: 'POST', token, body })
        .then((res) => (expectDto('POST', path, res, status), res.body as Record<string, any>));
    const lobby = await call(rep.body.token, '/lobbies', { title: 'Console talk', languages: ['ENG'], mainCategoryId: 'chatting' }, 201);
    await call(author.body.token, `/lobbies/${lobby.lobbyId}/join`, {});
    const line = await call(author.body.token, `/lobbies/${lobby.lobbyId}/chat`, { payload: { body: 'report me' } }, 201);
    await stack.readAfter(`/lobbies/${lobby.lobbyId}/chat`, rep.body.token, line.position);
    const filed = await call(
      rep.body.token,
      '/reports',
      { target: { kind: 'message', lobbyId: lobby.lobbyId, messageId: line.messageId }, reason: 'Spam or scam' },
      201,
    );
    const admin = await stack.tokenFor('d-console-admin', ['co', 'ad']);
    const read = async (path: string, position: string) => {
      const res = await stack.readAfter(path, admin, position);
      expectDto('GET', path, res);
      return res.body as Record<string, any>;
    };
    expect((await read('/console/reports?status=open', filed.position)).items[0].context).toEqual([]);
    const decided = await call(admin, `/console/reports/${filed.reportId}/decide`, { action: 'warn', reason: 'Keep it clean' });
    expect((await read('/console/reports?status=all', decided.position)).items[0].decision.action).toBe('warn');
    await call(admin, `/console/lobbies/${lobby.lobbyId}/remove`, { uid: author.body.uid, reason: 'Off-topic' });
    const ended = await call(admin, `/console/lobbies/${lobby.lobbyId}/terminate`, { reason: 'Checked' });
    const out = await call(admin, `/console/users/${author.body.uid}/sign-out`, { reason: 'Check' });
    await read('/console/lobbies', ended.position);
    await read('/console/users?q=author', out.position);
    expect((await read(`/console/users/${author.body.uid}`, out.position)).sessions[0].status).toBe('revoked');
    expect((await read(`/console/audit?subject=user:${author.body.uid}`, out.position)).items.length).toBeGreaterThanOrEqual(3);
  });

  it('host applications: the form, the review queue and a decision', async () => {
    const { body: user } = await stack.signInWithEmail('dto-host@example.com');
    const form = { about: 'I host a weekly board-game night lobby.', topics: 'Board games', hoursPerWeek: 4, acceptTerms: true };
    const applied = await stack.api('/host/application', { method: 'POST', token: user.token, body: form });
    expectDto('POST', '/host/application', applied);
    expectDto('GET', '/host/application', await stack.readAfter('/host/application', user.token, applied.body.position));
    const admin = await stack.tokenFor('d-admin', ['ad']);
    expectDto(
      'GET',
      '/admin/host-applications',
      await stack.readAfter('/admin/host-applications?status=pending', admin, applied.body.position),
    );
    await asAdmin(`/admin/host-applications/${user.uid}/decide`, { applicationId: applied.body.applicationId, decision: 'approve' });
  });

  it('guild, progression and operations', async () => {
    const boss = await stack.tokenFor('g-boss', ['ag']);
    const guild = async (path: string, body: unknown = {}, method = 'POST') => {
      const res = await stack.api(path, { method, token: boss, body });
      expectDto(method, path, res);
      return res.body as Record<string, any>;
    };
    await guild('/guild/agencies', { agencyId: 'dto-agency', name: 'Typed agency', guildSharePct: 30, hostSharePct: 70 });
    // Creators join by accepting the agency's invitation; one is removed, one leaves, one declines.
    for (const host of ['g-host', 'g-removed', 'g-leaver', 'g-decliner'])
      await guild('/guild/agencies/dto-agency/invitations', { hostUid: host });
    const invited = await guild('/guild/agencies/dto-agency/invitations', { hostUid: 'g-pending' });
    expect((await query('g-decliner', '/guild/invitations', invited.position)).items).toEqual([
      expect.objectContaining({ agencyId: 'dto-agency', name: 'Typed agency' }),
    ]);
    await command('g-decliner', '/guild/invitations/dto-agency/decline');
    for (const host of ['g-host', 'g-removed', 'g-leaver']) await command(host, '/guild/invitations/dto-agency/accept');
    await guild('/guild/agencies/dto-agency/hosts/g-removed', undefined, 'DELETE');
    await command('g-leaver', '/guild/membership/leave');
    await guild('/guild/agencies/dto-agency/shares', { guildSharePct: 25, hostSharePct: 75 }, 'PUT');
    const periodStart = new Date(Date.now() - 60_000).toISOString();
    const periodEnd = new Date().toISOString();
    const settled = await guild('/guild/agencies/dto-agency/settlements', { periodStart, periodEnd });
    const payment = await guild('/guild/agencies/dto-agency/payments', {
      hostUid: 'g-host',
      amountCharm: 1,
      proofUrl: 'https://example.org/proof.png',
      settlementId: settled.settlementId,
    });
    const confirmed = await guild(`/guild/agencies/dto-agency/payments/${payment.paymentId}/confirm`, {}, 'PUT');
    const read = async (token: string, path: string, position: string = confirmed.position) => {
      const res = await stack.readAfter(path, token, position);
      expectDto('GET', path, res);
      return res.body as Record<string, any>;
    };
    // The money test's agency is listed too.
    expect((await read(boss, '/guild/agencies')).items).toEqual(
      expect.arrayContaining([expect.objectContaining({ agencyId: 'dto-agency', hostCount: 1 })]),
    );
    expect((await read(boss, '/guild/agencies/dto-agency')).roster.map((h: { uid: string }) => h.uid)).toEqual(['g-host']);
    expect((await read(boss, '/guild/agencies/dto-agency/invitations')).items.map((i: { host: { uid: string } }) => i.host.uid)).toEqual([
      'g-pending',
    ]);
    expect((await query('g-host', '/guild/invitations', confirmed.position)).membership).toMatchObject({
      agencyId: 'dto-agency',
      name: 'Typed agency',
    });
    await read(boss, '/guild/agencies/dto-agency/receipts');
    await read(boss, `/guild/agencies/dto-agency/preview?periodStart=${periodStart}&periodEnd=${periodEnd}`);
    expect((await read(boss, '/guild/agencies/dto-agency/settlements')).items).toHaveLength(1);
    expect((await read(boss, '/guild/agencies/dto-agency/payments')).items[0]).toMatchObject({ status: 'confirmed' });
    // The operators' console reads of agencies, after a verification.
    const guildAdmin = await stack.tokenFor('g-admin', ['co', 'ad']);
    const verified = await stack.api('/console/agencies/dto-agency/verify', {
      method: 'POST',
      token: guildAdmin,
      body: { note: 'Checked' },
    });
    expectDto('POST', '/console/agencies/dto-agency/verify', verified);
    expect(
      (await read(guildAdmin, '/console/agencies', verified.body.position)).items.find(
        (a: { agencyId: string }) => a.agencyId === 'dto-agency',
      ),
    ).toMatchObject({ hostCount: 1 });
    expect((await read(guildAdmin, '/console/agencies/dto-agency', verified.body.position)).verifiedBy).toBe('g-admin');
    expect((await read(guildAdmin, '/console/agencies/dto-agency/settlements', verified.body.position)).items).toHaveLength(1);

    const player = await as('p-player');
    const token = await command('p-player', '/progression/frens/token');
    const proof = await command('p-player', '/progression/quest-account/sandbox-authorize');
    const linked = await command('p-player', '/progression/quest-account/link', { proof: proof.proof });
    expect(linked.account.handle).toBeTruthy();
    await read(player, '/progression/quest-account');
    const unlinked = await command('p-player', '/progression/quest-account/unlink');
    // The friend's join looks the token up in the read model: it must be projected first.
    expect((await read(player, '/progression/frens', token.position)).token).toBe(token.token);
    const joined = await command('p-friend', '/progression/frens/join', { token: token.token });
    expect(joined.inviterUid).toBe('p-player');
    await read(player, '/progression/level');
    await read(player, '/progression/levels/p-friend');
    await read(player, '/progression/exp-history');
    await read(player, '/progression/missions');
    await read(player, '/progression/quests');
    await read(player, '/progression/rewards-history');
    await read(player, '/progression/fragments');
    await read(player, '/progression/lobby-levels?ids=a,b');
    await read(player, '/progression/lobby-levels/mine');
    expect(unlinked.position).toMatch(/^\d+$/);

    const ops = await stack.api('/ops/stream-categories', { token: await stack.tokenFor('d-admin', ['ad']) });
    expectDto('GET', '/ops/stream-categories', ops);
  });

  it("the auditor's view: audit runs, digests and their check, an account's ledger", async () => {
    const auditor = await stack.tokenFor('d-auditor', ['co', 'au']);
    await fund('d-audited', 250);
    const digest = await recordLedgerDigest(stack.db.pool, new PostgresEventStore(stack.db.pool), DEMO_LEDGER_DIGEST_KEY, { by: 'cli' });
    for (const path of [
      '/console/ledger-proof/audits',
      '/console/ledger-proof/digests',
      `/console/ledger-proof/digests/${digest.digestId}/check`,
      '/console/ledger-proof/accounts/d-audited',
    ]) {
      expectDto('GET', path, await stack.api(path, { token: auditor }));
    }
  });

  it('names the answer of every catalogued route: a DTO, or the media type of a page or file', () => {
    const unnamed = apiCatalogue.filter((r) => !r.response && !r.rawAnswer).map((r) => `${r.method} ${r.path}`);
    expect(unnamed, 'routes without a response DTO').toEqual([]);
    const both = apiCatalogue.filter((r) => r.response && r.rawAnswer).map((r) => `${r.method} ${r.path}`);
    expect(both, 'routes with a DTO and a non-JSON answer').toEqual([]);
  });

  it('has called every GET route that has a DTO', () => {
    const typedReads = apiCatalogue.filter((r) => r.method === 'GET' && r.response).map((r) => `${r.method} ${r.path}`);
    expect(typedReads.filter((key) => !checked.has(key))).toEqual([]);
  });
});
