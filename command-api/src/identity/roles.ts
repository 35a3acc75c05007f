// Admin actions on accounts: grant or revoke a role code, ban or unban (for a duration or until
// unbanned), sign out everywhere, let in from the waitlist or put back (each an event on `user-{uid}`).
import { SignOutEverywhereBody, UidParam } from '@murmur/contracts';
import { parse, defineRoute } from '@murmur/platform';
import type express from 'express';
import type { CommandDeps } from '../dependencies.ts';
import { userCommands } from './user-commands.ts';
import { banSessions, revokeSessions } from './sessions.ts';
import { takeBannedOutOfLobbies } from '../lobbies/banned-members.ts';

export function adminRoutes(router: express.Router, deps: CommandDeps): void {
  defineRoute(router, 'POST /admin/users/{uid}/roles', async ({ me: admin, params, body }) => {
    const { uid } = parse(UidParam, params);
    const now = deps.clock.now();
    const command =
      body.action === 'grant'
        ? { type: 'GrantRole' as const, role: body.role, by: admin.uid, now }
        : { type: 'RevokeRole' as const, role: body.role, by: admin.uid, now };
    const result = await userCommands.run(deps, uid, command, { actorUid: admin.uid });
    return { uid, roles: result.state.roles, position: result.position.toString() };
  });

  defineRoute(router, 'POST /admin/users/{uid}/ban', async ({ me: admin, params, body }) => {
    const { uid } = parse(UidParam, params);
    const now = deps.clock.now();
    const command = body.banned
      ? {
          type: 'Ban' as const,
          reason: body.reason ?? null,
          by: admin.uid,
          until: body.durationHours ? new Date(now.getTime() + body.durationHours * 3600_000).toISOString() : null,
          now,
        }
      : { type: 'Unban' as const, by: admin.uid, now };
    // The sessions stop in the ban's own transaction: whoever reads the ban from the log (the gateway
    // checking a reconnecting socket) finds them stopped, whatever the read model's lag.
    const result = await userCommands.runInTransaction(
      deps,
      uid,
      command,
      { after: (client) => (body.banned ? banSessions(client, uid, now) : Promise.resolve()) },
      { actorUid: admin.uid },
    );
    deps.sessionGuard?.forget?.(uid);
    // Out of every lobby at once (the sweeper catches what this misses); the answer's position covers it.
    const out = body.banned ? await takeBannedOutOfLobbies(deps, uid) : { position: 0n };
    const position = out.position > result.position ? out.position : result.position;
    return { uid, banned: body.banned, position: position.toString() };
  });

  // The only door that changes the waitlist flag: an admin's, with a note, recorded on the user's
  // stream with the operator (the audit trail shows it).
  defineRoute(router, 'POST /console/users/{uid}/waitlist', async ({ me: admin, params, body }) => {
    const { uid } = parse(UidParam, params);
    const result = await userCommands.run(
      deps,
      uid,
      { type: 'SetWaitlist', isWaitlist: body.isWaitlist, note: body.note, by: admin.uid, now: deps.clock.now() },
      { actorUid: admin.uid },
    );
    return { uid, isWaitlist: result.state.isWaitlist, position: result.position.toString() };
  });

  defineRoute(router, 'POST /console/users/{uid}/sign-out', async ({ me: admin, params, req }) => {
    const { uid } = parse(UidParam, params);
    const { reason } = parse(SignOutEverywhereBody, req.body ?? {});
    const now = deps.clock.now();
    // The event closes open sockets (the gateway); the rows, in its transaction, stop every token and
    // refresh at once.
    const result = await userCommands.runInTransaction(
      deps,
      uid,
      { type: 'EndAllSessions', reason, by: admin.uid, now },
      { after: (client) => revokeSessions(client, uid, now) },
      { actorUid: admin.uid },
    );
    deps.sessionGuard?.forget?.(uid);
    return { position: result.position.toString() };
  });
}
