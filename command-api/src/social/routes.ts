// Follow, unfollow, remove follower, block, unblock and report (docs/decisions/social.md).
import { CommandAnswer, RemoveFollowerBody, ReportUserBody, texts, streamIds } from '@murmur/contracts';
import { ApiError, currentUser, parse, requireAuth, send } from '@murmur/platform';
import type { Request } from 'express';
import { defineCommandHandler } from '../decider/command-handler.ts';
import type { CommandDeps } from '../dependencies.ts';
import type { CommandModule } from '../modules.ts';
import { newReport, reportCommands } from '../moderation/routes.ts';
import { socialDecider } from './decide.ts';
import { type SocialState } from './social.ts';

export const socialCommands = defineCommandHandler({ decider: socialDecider, streamId: streamIds.social });

export async function loadSocial(deps: CommandDeps, uid: string): Promise<SocialState> {
  return (await socialCommands.load(deps, uid)).state;
}

export function targetUid(req: Request): string {
  const uid = String(req.params.uid ?? '');
  if (!/^[\w:.-]{1,128}$/.test(uid)) throw new ApiError('NOT_FOUND', texts.userNotFound);
  return uid;
}

export const socialModule: CommandModule = {
  name: 'social',
  routes(router, deps) {
    router.post('/user/follow/:uid', requireAuth(), async (req, res) => {
      const { uid } = currentUser(req);
      const target = targetUid(req);
      const theirs = target === uid ? null : await loadSocial(deps, target);
      const position = (
        await socialCommands.run(
          deps,
          uid,
          { type: 'Follow', uid, target, blockedByTarget: theirs?.blocked.has(uid) ?? false, now: deps.clock.now() },
          { actorUid: uid },
        )
      ).position.toString();
      send(res, CommandAnswer, { position });
    });
    router.post('/user/unfollow/:uid', requireAuth(), async (req, res) => {
      const { uid } = currentUser(req);
      send(res, CommandAnswer, {
        position: (
          await socialCommands.run(deps, uid, { type: 'Unfollow', uid, target: targetUid(req), now: deps.clock.now() }, { actorUid: uid })
        ).position.toString(),
      });
    });
    router.post('/user/remove/:uid', requireAuth(), async (req, res) => {
      const { uid } = currentUser(req);
      const target = targetUid(req);
      const { type } = parse(RemoveFollowerBody, req.body);
      const now = deps.clock.now();
      // type 'follower': take them off my followers (their edge, on their stream); 'following': unfollow.
      const position =
        type === 'follower'
          ? (
              await socialCommands.run(deps, target, { type: 'RemoveFollower', uid: target, by: uid, now }, { actorUid: uid })
            ).position.toString()
          : (await socialCommands.run(deps, uid, { type: 'Unfollow', uid, target, now }, { actorUid: uid })).position.toString();
      send(res, CommandAnswer, { position });
    });
    const block = async (req: Request, res: import('express').Response) => {
      const { uid } = currentUser(req);
      send(res, CommandAnswer, {
        position: (
          await socialCommands.run(deps, uid, { type: 'Block', uid, target: targetUid(req), now: deps.clock.now() }, { actorUid: uid })
        ).position.toString(),
      });
    };
    router.post('/user/block/:uid', requireAuth(), block);
    router.post('/messages/block/:uid', requireAuth(), block);
    router.post('/user/unblock/:uid', requireAuth(), async (req, res) => {
      const { uid } = currentUser(req);
      send(res, CommandAnswer, {
        position: (
          await socialCommands.run(deps, uid, { type: 'Unblock', uid, target: targetUid(req), now: deps.clock.now() }, { actorUid: uid })
        ).position.toString(),
      });
    });
    router.post('/user/report/:uid', requireAuth(), async (req, res) => {
      const { uid } = currentUser(req);
      const { reason } = parse(ReportUserBody, req.body);
      const target = targetUid(req);
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
      send(res, CommandAnswer, { position: (result.extra ?? result.position).toString() });
    });
  },
};
