import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeedContext } from '../../../scripts/seed/context.ts';
import { seedLobbies, type DemoLobbies } from '../../../scripts/seed/lobbies.ts';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => stack?.stop());

describe('demo lobbies seeder', () => {
  it('creates live lobbies of several categories, a private lobby and a started room through the commands', async () => {
    const ctx: SeedContext = {
      commandUrl: stack.commandUrl,
      queryUrl: stack.queryUrl,
      pool: stack.db.pool,
      store: stack.command.deps.store,
      tokenFor: (uid, roles) => stack.tokenFor(uid, roles),
      async post(path, token, body, method = 'POST') {
        const res = await stack.api(path, { method, token, body });
        if (res.status >= 300) throw new Error(`${path} -> ${res.status} ${JSON.stringify(res.body)}`);
        return res.body;
      },
      shared: {},
    };
    await seedLobbies(ctx);
    const lobbies = ctx.shared.lobbies as DemoLobbies;
    const position = String((await stack.db.pool.query('select max(global_position)::text as p from events')).rows[0].p);
    let last = await stack.api(`/lobbies/${lobbies.chatting}/rooms`, { headers: { 'x-min-position': position } });
    for (let i = 0; i < 10 && last.headers.get('x-stale') === 'true'; i++)
      last = await stack.api(`/lobbies/${lobbies.chatting}/rooms`, { headers: { 'x-min-position': position } });
    expect(last.body.items[0]).toMatchObject({ roomId: lobbies.room, status: 'started', mins: 60 });
    const list = await stack.api('/lobbies/public');
    expect(list.body.items.map((l: { mainCategoryId: string }) => l.mainCategoryId).sort()).toEqual([
      'chatting',
      'gaming',
      'karaoke',
      'party',
    ]);
    const detail = await stack.api(`/lobbies/${lobbies.chatting}`);
    expect(detail.body.pinnedMessage).toBe('Welcome! Request the mic to join the talk.');
    expect(detail.body.cohosts).toHaveLength(1);
    expect(detail.body.queueRequests).toHaveLength(1);
  });
});
