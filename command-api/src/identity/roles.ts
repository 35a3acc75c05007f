// Admin actions on accounts: grant or revoke a role code, ban or unban (each an event on `user-{uid}`).
import { BanBody, RoleChangeBody, UidParam } from '@murmur/contracts';
import { currentUser, parse, requireAuth } from '@murmur/platform';
import type express from 'express';
import type { CommandDeps } from '../dependencies.ts';
import { userCommands } from './user-commands.ts';
import { banSessions } from './sessions.ts';

export function adminRoutes(router: express.Router, deps: CommandDeps): void {
  router.post('/admin/users/:uid/roles', requireAuth('ad'), async (req, res) => {
    const admin = currentUser(req);
    const { uid } = parse(UidParam, req.params);
    const body = parse(RoleChangeBody, req.body);
    const now = deps.clock.now();
    const command = body.action === 'grant'
      ? { type: 'GrantRole' as const, role: body.role, by: admin.uid, now }
      : { type: 'RevokeRole' as const, role: body.role, by: admin.uid, now };
    const result = await userCommands.run(deps, uid, command, { actorUid: admin.uid });
    res.json({ uid, roles: result.state.roles, position: result.position.toString() });
  });

  router.post('/admin/users/:uid/ban', requireAuth('ad'), async (req, res) => {
    const admin = currentUser(req);
    const { uid } = parse(UidParam, req.params);
    const body = parse(BanBody, req.body);
    const now = deps.clock.now();
    const command = body.banned
      ? { type: 'Ban' as const, reason: body.reason ?? null, by: admin.uid, now }
      : { type: 'Unban' as const, by: admin.uid, now };
    const result = await userCommands.run(deps, uid, command, { actorUid: admin.uid });
    // Sessions stop at once; the read model catches up for tokens issued elsewhere.
    if (body.banned) await banSessions(deps.pool, uid, now);
    deps.sessionGuard?.forget?.(uid);
    res.json({ uid, banned: body.banned, position: result.position.toString() });
  });
}
