// Demo progression through the real commands, so the pages look alive: once the progression
// projection has the demo's gifts, ben claims his gift mission and first quest steps, aria shares
// her EXP-for-friends token and nova joins with it.
import { subscriptionCaughtUp } from '@murmur/eventstore';
import type { SeedContext } from './context.ts';

export async function seedProgression(ctx: SeedContext): Promise<void> {
  const known = (ctx.shared.users ?? {}) as Record<string, string>;
  const uid = (key: string) => known[key] ?? `demo-${key}`;
  // Claims read the projected progress: wait (bounded) until it has the gifts seeded before.
  const deadline = Date.now() + 20_000;
  while (!(await subscriptionCaughtUp(ctx.pool, 'progression').catch(() => false)) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 200));
  const ben = await ctx.tokenFor(uid('ben'));
  const aria = await ctx.tokenFor(uid('aria'));
  const nova = await ctx.tokenFor(uid('nova'));
  // A demo without a finished projection still starts: each claim is best effort.
  const tryPost = (path: string, token: string, body: unknown = {}) => ctx.post(path, token, body).catch(() => undefined);
  await tryPost('/progression/missions/daily-send-gift/claim', ben);
  await tryPost('/progression/missions/weekly-topup/claim', ben);
  await tryPost('/progression/quests/generous-1/claim', ben);
  await tryPost('/progression/quests/generous-2/claim', ben);
  await tryPost('/progression/quests/supporter-1/claim', ben);
  await tryPost('/progression/quests/host-1/claim', aria);
  await tryPost('/progression/missions/weekly-receive-10/claim', aria);
  const { token } = await ctx.post('/progression/frens/token', aria);
  // The join looks the token up in the read model.
  for (let i = 0; i < 20; i++) {
    if (await tryPost('/progression/frens/join', nova, { token })) break;
    await new Promise((r) => setTimeout(r, 250));
  }
}
