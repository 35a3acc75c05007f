// Reports and the console's moderation commands. Anyone signed in reports what they see;
// an admin decides a report once (the decision and its effect, a ban, a silence or a removal, commit
// in one transaction), ends a lobby or removes someone from it, with the reason shown to them.
import { moderationTexts, lobbyTexts, type ReportAction } from '@murmur/contracts';
import { ApiError, defineRoute } from '@murmur/platform';
import type pg from 'pg';
import type { CommandDeps } from '../dependencies.ts';
import { userCommands } from '../identity/user-commands.ts';
import { banSessions } from '../identity/sessions.ts';
import { takeBannedOutOfLobbies } from '../lobbies/banned-members.ts';
import { chatCommands, lobbyCommands } from '../lobbies/lobby-streams.ts';
import type { CommandModule } from '../command-module.ts';
import { postCommands } from '../wall/public.ts';
import { newReport, reportCommands } from './public.ts';
import { type ReportFacts } from './report.ts';

const idPattern = /^[\w-]{1,64}$/;
function pathId(id: string, notFound: string): string {
  if (!idPattern.test(id)) throw new ApiError('NOT_FOUND', notFound);
  return id;
}

interface Effect {
  action: ReportAction;
  reason: string;
  until: string | null;
  by: string;
  now: Date;
}

/** The decision's effect, appended in the decision's transaction; answers the last position written. */
async function carryOut(deps: CommandDeps, client: pg.PoolClient, report: ReportFacts, e: Effect): Promise<bigint> {
  const at = e.now.toISOString();
  const subject = report.subjectUid;
  const meta = { actorUid: e.by };
  switch (e.action) {
    case 'warn':
    case 'dismiss':
      return 0n;
    case 'ban': {
      const r = await userCommands.decideWithin(
        deps,
        client,
        subject!,
        { type: 'Ban', reason: e.reason, by: e.by, until: e.until, now: e.now },
        meta,
      );
      await banSessions(client, subject!, e.now);
      return r.position;
    }
    case 'silence':
      return (
        await chatCommands.decideWithin(
          deps,
          client,
          { lobbyId: report.lobbyId!, uid: subject! },
          { type: 'SilenceChat', now: at, lobbyId: report.lobbyId!, uid: subject!, until: e.until!, reason: e.reason, by: e.by },
          meta,
        )
      ).position;
    case 'remove': {
      const t = report.target;
      if (t.kind === 'message') {
        return (
          await chatCommands.decideWithin(
            deps,
            client,
            { lobbyId: t.lobbyId, uid: subject! },
            {
              type: 'RemoveChatMessage',
              now: at,
              lobbyId: t.lobbyId,
              roomId: null,
              uid: subject!,
              messageId: t.messageId,
              reason: e.reason,
              by: e.by,
            },
            meta,
          )
        ).position;
      }
      if (t.kind === 'post')
        return (await postCommands.decideWithin(deps, client, t.postId, { type: 'DeletePost', uid: subject!, now: e.now }, meta)).position;
      if (t.kind === 'lobby')
        return (
          await lobbyCommands.decideWithin(deps, client, t.lobbyId, { type: 'TerminateLobby', by: e.by, note: e.reason, now: at }, meta)
        ).position;
      throw new ApiError('RULE_VIOLATED', moderationTexts.removeNotPossible);
    }
    default: {
      const _exhaustive: never = e.action;
      return _exhaustive;
    }
  }
}

export const moderationModule: CommandModule = {
  name: 'moderation',
  routes(router, deps) {
    defineRoute(router, 'POST /reports', async ({ me: { uid }, body }) => {
      const report = await newReport(deps, uid, body, deps.clock.now().toISOString());
      const result = await reportCommands.run(deps, report.reportId, { type: 'FileReport', report }, { actorUid: uid });
      return { position: result.position.toString(), reportId: report.reportId };
    });

    defineRoute(router, 'POST /console/reports/{id}/decide', async ({ me: admin, body, params }) => {
      const reportId = pathId(params.id, moderationTexts.reportNotFound);
      const now = deps.clock.now();
      const until = body.durationHours ? new Date(now.getTime() + body.durationHours * 3600_000).toISOString() : null;
      const effect: Effect = { action: body.action, reason: body.reason, until, by: admin.uid, now };
      const result = await reportCommands.runInTransaction(
        deps,
        reportId,
        { type: 'DecideReport', action: body.action, reason: body.reason, until, by: admin.uid, now: now.toISOString() },
        { after: (client, state) => carryOut(deps, client, state.report!, effect) },
        { actorUid: admin.uid },
      );
      const subject = result.state.report?.subjectUid;
      if (body.action === 'ban' && subject) deps.sessionGuard?.forget?.(subject);
      // A ban takes the author out of every lobby at once, after it committed (the sweeper catches what this misses).
      const out = body.action === 'ban' && subject ? await takeBannedOutOfLobbies(deps, subject) : { position: 0n };
      const decided = result.extra && result.extra > result.position ? result.extra : result.position;
      const position = out.position > decided ? out.position : decided;
      return { position: position.toString(), reportId, action: body.action };
    });

    defineRoute(router, 'POST /console/lobbies/{id}/terminate', async ({ me: admin, body: { reason }, params }) => {
      const lobbyId = pathId(params.id, lobbyTexts.lobbyNotFound);
      const result = await lobbyCommands.run(
        deps,
        lobbyId,
        { type: 'TerminateLobby', by: admin.uid, note: reason, now: deps.clock.now().toISOString() },
        { actorUid: admin.uid },
      );
      return { position: result.position.toString() };
    });

    defineRoute(router, 'POST /console/lobbies/{id}/remove', async ({ me: admin, body: { uid, reason }, params }) => {
      const lobbyId = pathId(params.id, lobbyTexts.lobbyNotFound);
      const result = await lobbyCommands.run(
        deps,
        lobbyId,
        { type: 'OperatorRemoveUser', by: admin.uid, uid, note: reason, now: deps.clock.now().toISOString() },
        { actorUid: admin.uid },
      );
      return { position: result.position.toString() };
    });
  },
};
