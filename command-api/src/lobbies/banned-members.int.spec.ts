// A banned user leaves every lobby, even when the ban did not come through a route that takes them
// out (a process that stopped in between): the sweeper finds banned members in the read models and
// appends `LobbyLeft` (reason `banned`) on each lobby's stream, once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForProjection } from '../../../test-support/projection-replay.ts';
import { signUpWithWallet } from '../../../test-support/sign-up.ts';
import { actors, startTestStack, type TestStack } from '../../../test-support/stack.ts';
import { userCommands } from '../identity/user-commands.ts';
import { BannedMemberSweeper } from './banned-members.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => stack?.stop());

const { post } = actors(() => stack);
const leftOf = async (lobbyId: string) =>
  (
    await stack.db.pool.query<{ data: { uid: string; reason?: string } }>(
      `select data from events where stream_id = $1 and type = 'LobbyLeft'`,
      [`lobby-${lobbyId}`],
    )
  ).rows.map((r) => r.data);

describe('banned members', () => {
  it('are taken out of every open lobby by the sweeper, once', async () => {
    const member = await signUpWithWallet(stack.commandUrl);
    const lobbies: string[] = [];
    for (const title of ['First talk', 'Second talk']) {
      const created = await post('bm-host', '/lobbies', { title, mainCategoryId: 'chatting' });
      lobbies.push(created.body.lobbyId as string);
      const joined = await stack.api(`/lobbies/${created.body.lobbyId}/join`, { method: 'POST', token: member.token });
      expect(joined.status).toBeLessThan(300);
      expect((await post('bm-other', `/lobbies/${created.body.lobbyId}/join`)).status).toBeLessThan(300);
    }
    // Banned straight on the user stream (no route's clean-up).
    await userCommands.run(
      stack.command.deps,
      member.uid,
      { type: 'Ban', reason: 'Spam', by: 'bm-admin', until: null, now: new Date() },
      { actorUid: 'bm-admin' },
    );
    await waitForProjection(stack.db.pool, 'users');
    await waitForProjection(stack.db.pool, 'lobbies');

    const sweeper = new BannedMemberSweeper(stack.command.deps);
    // The stack's own sweeper may have been first: together they took out exactly the banned member.
    await sweeper.tick();
    for (const lobbyId of lobbies) expect(await leftOf(lobbyId)).toEqual([expect.objectContaining({ uid: member.uid, reason: 'banned' })]);
    await waitForProjection(stack.db.pool, 'lobbies');
    expect(await sweeper.tick()).toBe(0);
    for (const lobbyId of lobbies) expect(await leftOf(lobbyId)).toHaveLength(1);
    await sweeper.stop();
  });
});
