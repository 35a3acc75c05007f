// Admin actions on accounts: grant or revoke a role code, ban or unban (for a duration or until
// unbanned), sign out everywhere, let in from the waitlist or put back (each an event on `user-{uid}`).
import {
  BanBody,
  BanChanged,
  OperatorDone,
  RoleChangeBody,
  RolesChanged,
  SignOutEverywhereBody,
  UidParam,
  WaitlistAnswer,
  WaitlistBody,
} from '@murmur/contracts';
import { currentUser, parse, requireAuth, send } from '@murmur/platform';
import type express from 'express';
import type { CommandDeps } from '../dependencies.ts';
import { userCommands } from './user-commands.ts';
import { banSessions, revokeSessions } from './sessions.ts';
import { takeBannedOutOfLobbies } from '../lobbies/banned-members.ts';

export function adminRoutes(router: express.Router, deps: CommandDeps): void {
  router.post('/admin/users/:uid/roles', requireAuth('ad'), async (req, res) => {
    const admin = currentUser(req);
    const { uid } = parse(UidParam, req.params);
    const body = parse(RoleChangeBody, req.body);
    const now = deps.clock.now();
    const command =
      body.action === 'grant'
        ? { type: 'GrantRole' as const, role: body.role, by: admin.uid, now }
        : { type: 'RevokeRole' as const, role: body.role, by: admin.uid, now };
    const result = await userCommands.run(deps, uid, command, { actorUid: admin.uid });
    send(res, RolesChanged, { uid, roles: result.state.roles, position: result.position.toString() });
  });

  router.post('/admin/users/:uid/ban', requireAuth('ad'), async (req, res) => {
    const admin = currentUser(req);
    const { uid } = parse(UidParam, req.params);
    const body = parse(BanBody, req.body);
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
    const result = await userCommands.run(deps, uid, command, { actorUid: admin.uid });
    // Sessions stop at once; the read model catches up for tokens issued elsewhere.
    if (body.banned) await banSessions(deps.pool, uid, now);
    deps.sessionGuard?.forget?.(uid);
    // Out of every lobby at once (the sweeper catches what this misses); the answer's position covers it.
    const out = body.banned ? await takeBannedOutOfLobbies(deps, uid) : { position: 0n };
    const position = out.position > result.position ? out.position : result.position;
    send(res, BanChanged, { uid, banned: body.banned, position: position.toString() });
  });

  // The only door that changes the waitlist flag: an admin's, with a note, recorded on the user's
  // stream with the operator (the audit trail shows it).
  router.post('/console/users/:uid/waitlist', requireAuth('ad'), async (req, res) => {
    const admin = currentUser(req);
    const { uid } = parse(UidParam, req.params);
    const body = parse(WaitlistBody, req.body);
    const result = await userCommands.run(
      deps,
      uid,
      { type: 'SetWaitlist', isWaitlist: body.isWaitlist, note: body.note, by: admin.uid, now: deps.clock.now() },
      { actorUid: admin.uid },
    );
    send(res, WaitlistAnswer, { uid, isWaitlist: result.state.isWaitlist, position: result.position.toString() });
  });

  router.post('/console/users/:uid/sign-out', requireAuth('ad'), async (req, res) => {
    const admin = currentUser(req);
    const { uid } = parse(UidParam, req.params);
    const { reason } = parse(SignOutEverywhereBody, req.body ?? {});
    const now = deps.clock.now();
    const result = await userCommands.run(deps, uid, { type: 'EndAllSessions', reason, by: admin.uid, now }, { actorUid: admin.uid });
    // The event closes open sockets (the gateway); the rows stop every token and refresh at once.
    await revokeSessions(deps.pool, uid, now);
    deps.sessionGuard?.forget?.(uid);
    send(res, OperatorDone, { position: result.position.toString() });
  });
}
