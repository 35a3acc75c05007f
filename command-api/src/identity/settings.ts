// Account settings commands: mature content and audio preferences, unlinking a way in
// (never the last: decided on `user-{uid}` with its version), and signing out every other device.
import { accountTexts } from '@murmur/contracts';
import { defineRoute } from '@murmur/platform';
import type express from 'express';
import type { CommandDeps } from '../dependencies.ts';
import { decideInTransaction } from './accounts.ts';
import { userCommands } from './user-commands.ts';

export function settingsRoutes(router: express.Router, deps: CommandDeps): void {
  defineRoute(router, 'PUT /user/settings', async ({ me: { uid }, body }) => {
    const result = await userCommands.run(deps, uid, { type: 'ChangeSettings', ...body, now: deps.clock.now() }, { actorUid: uid });
    return { showNSFW: result.state.showNSFW, ...result.state.audio, position: result.position.toString() };
  });

  // The decision and the removal of the sign-in link commit together: once unlinked, the credential
  // signs into nothing (or into a new account), and a refused unlink removes nothing.
  defineRoute(router, 'POST /user/credentials/unlink', async ({ me: { uid }, body }) => {
    const key = body.kind === 'wallet-evm' ? body.key.toLowerCase() : body.key;
    const result = await decideInTransaction(
      deps,
      uid,
      { type: 'UnlinkCredential', kind: body.kind, key, now: deps.clock.now() },
      [],
      async (client) => {
        await client.query('delete from identity_links where kind = $1 and key = $2 and uid = $3', [body.kind, key, uid]);
      },
    );
    return {
      credentials: result.state.credentials.map(({ kind, key }) => ({ kind, key })),
      position: result.position.toString(),
    };
  });

  defineRoute(router, 'POST /user/sessions/end-others', async ({ me: { uid, sessionId } }) => {
    const { rowCount } = await deps.pool.query(
      `update auth_sessions set status = 'revoked', ended_at = $3 where uid = $1 and status = 'active' and session_id <> $2`,
      [uid, sessionId ?? '', deps.clock.now()],
    );
    deps.sessionGuard?.forget?.(uid);
    return { ended: rowCount ?? 0, message: accountTexts.signedOutOthers };
  });
}
