// The versioned paths the clients call (v0 home, v2 lobbies, v2 referral link) answer exactly as
// their v1 routes, on both APIs; a path under another version, or not in the alias list, is a 404.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { actors, startTestStack, type TestStack } from '../../test-support/stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => stack?.stop());

const { as, post, get } = actors(() => stack);

const raw = async (base: string, path: string, init: { method?: string; token?: string } = {}) => {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: init.token ? { authorization: `Bearer ${init.token}` } : {},
  });
  return { status: res.status, body: (await res.json()) as unknown };
};

it('answers GET v2 lobbies and v0 app/home as their v1 routes', async () => {
  const created = await post('alias-owner', '/lobbies', { title: 'Alias talk', mainCategoryId: 'chatting', languages: ['ENG'] });
  expect(created.status).toBe(201);
  const token = await as('alias-reader');
  // Waits until the lobby is projected, so both reads see the same rows.
  const main = await get('alias-reader', '/lobbies?category=chatting', created.body.position);
  expect(main.body.items.map((l: { lobbyId: string }) => l.lobbyId)).toContain(created.body.lobbyId);
  const aliased = await raw(stack.queryUrl, '/api/v2/lobbies?category=chatting', { token });
  expect(aliased).toEqual({ status: 200, body: main.body });

  const home = await get(null, '/app/home/public');
  expect(await raw(stack.queryUrl, '/api/v0/app/home/public')).toEqual({ status: 200, body: home.body });
  const homeIn = await get('alias-reader', '/app/home');
  expect(await raw(stack.queryUrl, '/api/v0/app/home', { token })).toEqual({ status: 200, body: homeIn.body });
});

it('answers POST v2 referral/me/link as the v1 route (the same link twice)', async () => {
  const token = await as('alias-referrer');
  const main = await post('alias-referrer', '/referral/me/link');
  expect(main.status).toBe(200);
  const aliased = await raw(stack.commandUrl, '/api/v2/referral/me/link', { method: 'POST', token });
  expect(aliased.status).toBe(200);
  expect((aliased.body as { link: string }).link).toBe(main.body.link);
});

it('answers only the listed aliases: another route or version is a 404', async () => {
  const token = await as('alias-reader');
  expect((await raw(stack.queryUrl, '/api/v2/app/home', { token })).status).toBe(404);
  expect((await raw(stack.queryUrl, '/api/v3/lobbies', { token })).status).toBe(404);
  expect((await raw(stack.queryUrl, '/api/v0/lobbies', { token })).status).toBe(404);
  expect((await raw(stack.commandUrl, '/api/v2/lobbies', { method: 'POST', token })).status).toBe(404);
});
