// The answers of the real apps against their catalogued DTOs (contracts/src/api-catalogue.ts): every
// GET route with a DTO is called with seeded data, and the commands that seed it are checked too, so
// a field renamed, dropped or added on either side fails here.
import { apiCatalogue, type ApiRoute } from '@murmur/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actors, startTestStack, type TestStack } from '../../test-support/stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
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
function expectDto(method: string, path: string, res: { status: number; body: unknown }): void {
  const entry = entryOf(method, path);
  const key = `${entry.method} ${entry.path}`;
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(entry.status ?? 200);
  expect(entry.response, `${key} has no response DTO in the catalogue`).toBeDefined();
  const parsed = entry.response!.safeParse(res.body);
  expect(parsed.success ? [] : parsed.error.issues, `${key} answer against its DTO`).toEqual([]);
  expect(parsed.data, `${key} answers fields its DTO does not name`).toEqual(res.body);
  checked.add(key);
}

async function command(uid: string, path: string, body: unknown = {}, method = 'POST') {
  const res = await stack.api(path, { method, token: await as(uid), body });
  expectDto(method, path, res);
  return res.body as Record<string, any>;
}
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
    const token = await stack.api('/lobbies/refresh-token', { method: 'POST', token: await as('d-user'), body: { tokenType: 'rtc', lobbyId: id } });
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

    await command('d-guest', `/lobbies/${id}/rooms/${room.roomId}/leave`);
    await command('d-user', `/lobbies/${id}/rooms/${room.roomId}/end`);
    await command('d-owner', `/lobbies/${id}/kick`, { uid: 'd-guest' });
    await command('d-user', `/lobbies/${id}/leave`);
    await command('d-owner', `/lobbies/${id}/end`);
  });

  it('has called every GET route that has a DTO', () => {
    const typedReads = apiCatalogue.filter((r) => r.method === 'GET' && r.response).map((r) => `${r.method} ${r.path}`);
    expect(typedReads.filter((key) => !checked.has(key))).toEqual([]);
  });
});
