import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeedContext } from '../../../scripts/seed/context.ts';
import { seedLobbies, type DemoLobbies } from '../../../scripts/seed/lobbies.ts';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';
import { rebuildProjection } from '../rebuild.ts';
import { projectionStatus } from '../status.ts';
import { lobbiesProjector } from './lobbies.ts';
import { lobbyChatProjector } from './lobby-chat.ts';
import { roomsProjector } from './rooms.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => stack?.stop());

const projectors = [lobbiesProjector, roomsProjector, lobbyChatProjector];

async function snapshot(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const p of projectors) {
    for (const table of p.tables) out[table] = (await stack.db.pool.query(`select * from rm.${table} order by 1, 2`)).rows;
  }
  return out;
}

async function caughtUp(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const s = await projectionStatus(stack.db.pool, projectors);
    if (s.projections.every((p) => p.lagEvents === 0)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('projections did not catch up');
}

describe('lobby read models', () => {
  it('a rebuild from position 0 gives the same rows as the live projection', async () => {
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
    // Leaves, blocks, a host switch, presence and an ended lobby on top of the demo.
    const owner = await stack.tokenFor('demo-aria', ['h', 'cr']);
    await ctx.post(`/lobbies/${lobbies.chatting}/host/switch`, owner, { uid: 'demo-ben' });
    await ctx.post(`/lobbies/${lobbies.chatting}/block`, owner, { uidToBlock: 'demo-nova', reason: 'Testing the blacklist' });
    await stack.command.deps.store.append(`presence-${lobbies.karaoke}`, [
      { type: 'PresenceChanged', data: { lobbyId: lobbies.karaoke, uid: 'demo-nova', presence: 'online' } },
    ]);
    await ctx.post(`/lobbies/${lobbies.gaming}/leave`, await stack.tokenFor('demo-ben'), {});
    await ctx.post(`/lobbies/${lobbies.private}/end`, owner, {});
    await caughtUp();
    const live = await snapshot();
    expect(live.lobbies).toHaveLength(5);
    expect((live.lobby_members as Array<{ left_at: Date | null }>).some((m) => m.left_at !== null)).toBe(true);

    for (const p of projectors) await rebuildProjection(stack.db.pool, p);
    expect(await snapshot()).toEqual(live);
  });
});
