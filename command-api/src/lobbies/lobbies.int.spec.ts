import { lobbyTexts, streamIds, texts } from '@murmur/contracts';
import { closeServer, listen } from '@murmur/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actors, startTestStack, TEST_JWT_SECRET, type TestStack } from '../../../test-support/stack.ts';
import { buildCommandApi } from '../server.ts';
import { creditDiamonds, loadWallet } from '../wallet/ledger.ts';
import { loadLobbyMembership } from './membership.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => stack?.stop());

const { as, post, get } = actors(() => stack);

async function createLobby(owner: string, body: Record<string, unknown> = {}) {
  const res = await post(owner, '/lobbies', { title: 'Night talk', mainCategoryId: 'chatting', languages: ['ENG', 'FIL'], ...body });
  expect(res.status).toBe(201);
  return res.body as { lobbyId: string; agoraToken: string | null; media: { provider: string }; position: string };
}

describe('lobby flows over HTTP', () => {
  it('creates a lobby with a media session (WebRTC without an Agora project) and lists it', async () => {
    const created = await createLobby('owner-1', { description: 'x'.repeat(120) });
    expect(created.agoraToken).toBeNull();
    expect(created.media).toEqual({ provider: 'webrtc', scope: 'lobby', channel: created.lobbyId, iceServers: [] });
    const detail = await get(null, `/lobbies/${created.lobbyId}`, created.position);
    expect(detail.status).toBe(200);
    expect(detail.body.host.uid).toBe('owner-1');
    expect(detail.body.seats).toHaveLength(8);
    expect(detail.body.remainingSlots).toBe(7);
    const list = await get(null, '/lobbies/public?category=chatting');
    expect(list.body.items.map((l: { lobbyId: string }) => l.lobbyId)).toContain(created.lobbyId);
    const home = await get(null, '/app/home');
    expect(home.body.banners.map((b: { type: string }) => b.type)).toEqual([
      'home_banner',
      'mobile_home_banner',
      'lobby_banner',
      'mobile_lobby_banner',
    ]);
  });

  it('refuses bad input with 400 and the spec texts', async () => {
    const long = await post('owner-1', '/lobbies', { title: 'ok', description: 'x'.repeat(121) });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe('This field must not be more than 120 characters.');
    const langs = await post('owner-1', '/lobbies', { title: 'ok', languages: ['ENG', 'FIL', 'ES'] });
    expect(langs.status).toBe(400);
    const diamonds = await post('owner-1', '/lobbies', { title: 'ok', requiredDiamonds: -1 });
    expect(diamonds.body.error.message).toBe(texts.invalidRequiredBalance);
    const visitor = await stack.api('/lobbies', { method: 'POST', body: { title: 'x' } });
    expect(visitor.status).toBe(401);
  });

  it('invites, joins, requests the mic, grants, unseats, blocks (no rejoin) and ends', async () => {
    const { lobbyId } = await createLobby('owner-2', { kind: 'private' });
    expect((await post('guest-2', `/lobbies/${lobbyId}/join`)).status).toBe(403);
    const badInvite = await post('guest-2', `/lobbies/${lobbyId}/join/nope`);
    expect(badInvite.status).toBe(404);
    expect(badInvite.body.error.message).toBe(texts.invalidInvite);
    expect((await post('guest-2', `/lobbies/${lobbyId}/invites`)).status).toBe(403);
    const invite = await post('owner-2', `/lobbies/${lobbyId}/invites`);
    expect(invite.status).toBe(201);
    expect(invite.body.qr.payload).toContain(invite.body.inviteId);
    const joined = await post('guest-2', `/lobbies/${lobbyId}/join/${invite.body.inviteId}`);
    expect(joined.status).toBe(200);
    expect(joined.body.media).toMatchObject({ provider: 'webrtc', channel: lobbyId });
    expect((await post('other-2', `/lobbies/${lobbyId}/join/${invite.body.inviteId}`)).status).toBe(200);

    expect((await post('guest-2', `/lobbies/${lobbyId}/mic/request`)).status).toBe(200);
    expect((await post('other-2', `/lobbies/${lobbyId}/mic/grant`, { uid: 'guest-2' })).status).toBe(403);
    const granted = await post('owner-2', `/lobbies/${lobbyId}/mic/grant`, { uid: 'guest-2' });
    expect(granted.status).toBe(200);
    expect(granted.body.seat).toBe(1);
    const seated = await get('guest-2', `/lobbies/${lobbyId}`, granted.body.position);
    expect(seated.body.cohosts.map((u: { uid: string }) => u.uid)).toEqual(['guest-2']);
    expect(seated.body.queueRequests).toEqual([]);
    const unseated = await post('owner-2', `/lobbies/${lobbyId}/mic/unseat`, { uid: 'guest-2' });
    expect(unseated.status).toBe(200);

    const noReason = await post('owner-2', `/lobbies/${lobbyId}/block`, { uidToBlock: 'guest-2' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.message).toBe('Reason is required.');
    const emoji = await post('owner-2', `/lobbies/${lobbyId}/block`, { uidToBlock: 'guest-2', reason: 'rude 😡' });
    expect(emoji.status).toBe(400);
    expect((await post('other-2', `/lobbies/${lobbyId}/block`, { uidToBlock: 'guest-2', reason: 'spam' })).status).toBe(403);
    const blocked = await post('owner-2', `/lobbies/${lobbyId}/block`, { uidToBlock: 'guest-2', reason: 'Spamming the chat' });
    expect(blocked.status).toBe(200);
    const rejoin = await post('guest-2', `/lobbies/${lobbyId}/join/${invite.body.inviteId}`);
    expect(rejoin.status).toBe(403);
    expect(rejoin.body.error.message).toBe(lobbyTexts.blockedFromLobby);
    const settings = await get('owner-2', `/lobbies/settings?lobbyId=${lobbyId}`, blocked.body.position);
    expect(settings.body.blacklist[0]).toMatchObject({ uid: 'guest-2', reason: 'Spamming the chat' });
    expect((await get('other-2', `/lobbies/settings?lobbyId=${lobbyId}`)).status).toBe(403);

    const admin = await post('owner-2', `/lobbies/manage/${lobbyId}/admin/add`, { uidToAdmin: 'other-2' });
    expect(admin.body.message).toBe('User has been added as Lobby Admin successfully!');
    const ended = await post('other-2', `/lobbies/${lobbyId}/end`);
    expect(ended.status).toBe(200);
    const after = await get('owner-2', `/lobbies/${lobbyId}`, ended.body.position);
    expect(after.body.status).toBe('ended');
    expect(after.body.users).toEqual([]);
    const { rows } = await stack.db.pool.query('select count(*)::int as n from rm.lobby_members where lobby_id = $1 and left_at is null', [
      lobbyId,
    ]);
    expect(rows[0].n).toBe(0);
    expect((await post('other-3', `/lobbies/${lobbyId}/join/${invite.body.inviteId}`)).status).toBe(422);
  });

  it('answers a malformed id in the path with the not-found text of what it names, writing nothing', async () => {
    const { lobbyId } = await createLobby('owner-ids');
    const bad = 'x'.repeat(65);
    const lobbyEvents = async () =>
      Number((await stack.db.pool.query('select count(*) as n from events where stream_id = $1', [streamIds.lobby(lobbyId)])).rows[0].n);
    const before = await lobbyEvents();
    const cases: Array<[string, string]> = [
      [`/lobbies/${bad}/leave`, lobbyTexts.lobbyNotFound],
      [`/lobbies/${bad}/tools/dice`, lobbyTexts.lobbyNotFound],
      [`/lobbies/${lobbyId}/join/${bad}`, texts.invalidInvite],
      [`/lobbies/${lobbyId}/rooms/${bad}/join`, lobbyTexts.roomNotFound],
      [`/rooms/${bad}/start`, lobbyTexts.roomNotFound],
      [`/lobbies/${lobbyId}/users/bad%20uid/silence`, lobbyTexts.userNotInLobby],
    ];
    for (const [path, message] of cases) {
      const res = await post('owner-ids', path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.message, path).toBe(message);
    }
    expect(await lobbyEvents()).toBe(before);
  });

  it('charges the required diamonds once, and refuses a short balance', async () => {
    const { lobbyId } = await createLobby('owner-4', { requiredDiamonds: 50 });
    const poor = await post('poor-4', `/lobbies/${lobbyId}/join`);
    expect(poor.status).toBe(422);
    expect(poor.body.error.code).toBe('INSUFFICIENT_BALANCE');
    await creditDiamonds(stack.command.deps, {
      uid: 'rich-4',
      amount: 120,
      reason: 'demo_grant',
      reference: 'test',
      idempotencyKey: 'grant-rich-4',
    });
    expect((await post('rich-4', `/lobbies/${lobbyId}/join`)).status).toBe(200);
    expect((await post('rich-4', `/lobbies/${lobbyId}/leave`)).status).toBe(200);
    expect((await post('rich-4', `/lobbies/${lobbyId}/join`)).status).toBe(200);
    expect((await loadWallet(stack.command.deps, 'rich-4')).balance).toBe(70);
  });

  it('gives the last free seat to exactly one of two admins granting at once', async () => {
    const { lobbyId } = await createLobby('owner-5');
    await post('owner-5', `/lobbies/manage/${lobbyId}/admin/add`, { uidToAdmin: 'admin-5a' });
    await post('owner-5', `/lobbies/manage/${lobbyId}/admin/add`, { uidToAdmin: 'admin-5b' });
    for (const uid of ['admin-5a', 'admin-5b', 'a-5', 'b-5', ...Array.from({ length: 6 }, (_, i) => `seat-5-${i}`)]) {
      expect((await post(uid, `/lobbies/${lobbyId}/join`)).status).toBe(200);
    }
    for (let i = 0; i < 6; i++) expect((await post('owner-5', `/lobbies/${lobbyId}/mic/grant`, { uid: `seat-5-${i}` })).status).toBe(200);
    // Two command-api processes on one database: they meet only at the expected-version check.
    const second = buildCommandApi({ DATABASE_URL: stack.db.url, JWT_SECRET: TEST_JWT_SECRET }, { pool: stack.db.pool });
    const secondUrl = `http://127.0.0.1:${await listen(second.server, 0)}`;
    try {
      const viaSecond = async (uid: string, path: string, body: unknown) => {
        const res = await fetch(`${secondUrl}/api/v1${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${await as(uid)}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: res.status, body: (await res.json()) as any };
      };
      // Both processes have the lobby folded in their caches before the race.
      await viaSecond('admin-5b', `/lobbies/${lobbyId}/mic/request`, {});
      const [one, two] = await Promise.all([
        post('admin-5a', `/lobbies/${lobbyId}/mic/grant`, { uid: 'a-5' }),
        viaSecond('admin-5b', `/lobbies/${lobbyId}/mic/grant`, { uid: 'b-5' }),
      ]);
      expect([one.status, two.status].sort()).toEqual([200, 422]);
      expect([one, two].find((r) => r.status === 422)!.body.error.message).toBe(lobbyTexts.noFreeSeat);
    } finally {
      await closeServer(second.server);
    }
    const m = await loadLobbyMembership(stack.command.deps, lobbyId);
    expect(m.cohostUids).toHaveLength(7);
    expect(m.cohostUids.filter((u) => u === 'a-5' || u === 'b-5')).toHaveLength(1);
  });

  it('refuses users joining while the lobby ends; nobody is left inside', async () => {
    const { lobbyId } = await createLobby('owner-6');
    const joins = Array.from({ length: 12 }, (_, i) => post(`racer-6-${i}`, `/lobbies/${lobbyId}/join`));
    const end = post('owner-6', `/lobbies/${lobbyId}/end`);
    const results = await Promise.all([...joins, end]);
    expect(results.at(-1)!.status).toBe(200);
    for (const r of results.slice(0, -1)) expect([200, 422]).toContain(r.status);
    const m = await loadLobbyMembership(stack.command.deps, lobbyId);
    expect(m.status).toBe('ended');
    expect(m.activeUids).toEqual([]);
    const late = await post('late-6', `/lobbies/${lobbyId}/join`);
    expect(late.status).toBe(422);
    expect(late.body.error.message).toBe(lobbyTexts.lobbyClosed);
  });
});
