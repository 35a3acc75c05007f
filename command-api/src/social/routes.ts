// Follow, unfollow, remove follower, block, unblock and report (docs/decisions/social.md).
import type { CommandAnswer } from '@murmur/contracts';
import { defineRoute, type RouteInput } from '@murmur/platform';
import type { CommandModule } from '../command-module.ts';
import { newReport, reportCommands } from '../moderation/public.ts';
import { loadSocial, socialCommands, targetUid } from './public.ts';

export const socialModule: CommandModule = {
  name: 'social',
  routes(router, deps) {
    defineRoute(router, 'POST /user/follow/{uid}', async ({ me: { uid }, params }) => {
      const target = targetUid(params.uid);
      const theirs = target === uid ? null : await loadSocial(deps, target);
      const position = (
        await socialCommands.run(
          deps,
          uid,
          { type: 'Follow', uid, target, blockedByTarget: theirs?.blocked.has(uid) ?? false, now: deps.clock.now() },
          { actorUid: uid },
        )
      ).position.toString();
      return { position };
    });
    defineRoute(router, 'POST /user/unfollow/{uid}', async ({ me: { uid }, params }) => {
      return {
        position: (
          await socialCommands.run(
            deps,
            uid,
            { type: 'Unfollow', uid, target: targetUid(params.uid), now: deps.clock.now() },
            { actorUid: uid },
          )
        ).position.toString(),
      };
    });
    defineRoute(router, 'POST /user/remove/{uid}', async ({ me: { uid }, body: { type }, params }) => {
      const target = targetUid(params.uid);
      const now = deps.clock.now();
      // type 'follower': take them off my followers (their edge, on their stream); 'following': unfollow.
      const position =
        type === 'follower'
          ? (
              await socialCommands.run(deps, target, { type: 'RemoveFollower', uid: target, by: uid, now }, { actorUid: uid })
            ).position.toString()
          : (await socialCommands.run(deps, uid, { type: 'Unfollow', uid, target, now }, { actorUid: uid })).position.toString();
      return { position };
    });
    const block = async ({
      me: { uid },
      params,
    }: RouteInput<'POST /user/block/{uid}' | 'POST /messages/block/{uid}'>): Promise<CommandAnswer> => ({
      position: (
        await socialCommands.run(deps, uid, { type: 'Block', uid, target: targetUid(params.uid), now: deps.clock.now() }, { actorUid: uid })
      ).position.toString(),
    });
    defineRoute(router, 'POST /user/block/{uid}', block);
    defineRoute(router, 'POST /messages/block/{uid}', block);
    defineRoute(router, 'POST /user/unblock/{uid}', async ({ me: { uid }, params }) => {
      return {
        position: (
          await socialCommands.run(
            deps,
            uid,
            { type: 'Unblock', uid, target: targetUid(params.uid), now: deps.clock.now() },
            { actorUid: uid },
          )
        ).position.toString(),
      };
    });
    defineRoute(router, 'POST /user/report/{uid}', async ({ me: { uid }, body: { reason }, params }) => {
      const target = targetUid(params.uid);
      const now = deps.clock.now();
      // The report also opens a case in the moderators' queue, in the same transaction.
      const report = await newReport(
        deps,
        uid,
        { target: { kind: 'user', uid: target }, reason: reason || 'Reported from the profile' },
        now.toISOString(),
      );
      const result = await socialCommands.runInTransaction(
        deps,
        uid,
        { type: 'Report', uid, target, reason, now },
        {
          after: async (client) =>
            (await reportCommands.decideWithin(deps, client, report.reportId, { type: 'FileReport', report }, { actorUid: uid })).position,
        },
        { actorUid: uid },
      );
      return { position: (result.extra ?? result.position).toString() };
    });
  },
};
