// Settings: linking another way in to the signed-in account (an e-mail proven by the
// code auth/otp sent to it, an identity provider's verified ID token), and deleting the account.
// Each decides on `user-{uid}` with its version; the sign-in link rows commit in the same transaction.
import { accountTexts, texts } from '@murmur/contracts';
import { ApiError, defineRoute } from '@murmur/platform';
import type express from 'express';
import type { CommandDeps } from '../dependencies.ts';
import { decideInTransaction, LinkTaken } from './accounts.ts';
import { verifyIdToken } from './identity-provider.ts';
import { consumeCode, type OtpSettings } from './otp.ts';
import { withCodeTry, type AddressLimits } from './otp-address.ts';
import { REFRESH_COOKIE, refreshCookieOptions } from './sessions.ts';

export interface AccountLinkSettings {
  otp: (deps: CommandDeps) => OtpSettings;
  addressLimits: (deps: CommandDeps) => AddressLimits;
}

export function accountLinkRoutes(router: express.Router, deps: CommandDeps, settings: AccountLinkSettings): void {
  defineRoute(router, 'POST /user/credentials/link-email', async ({ me: { uid }, body: { email, code } }) => {
    const now = deps.clock.now();
    await withCodeTry(deps, settings.addressLimits(deps), email, now, () => consumeCode(deps.pool, settings.otp(deps), email, code, now));
    try {
      const r = await decideInTransaction(deps, uid, { type: 'LinkCredential', kind: 'email', key: email, provider: null, now }, [
        { kind: 'email', key: email },
      ]);
      return {
        credentials: r.state.credentials.map(({ kind, key }) => ({ kind, key })),
        message: accountTexts.emailLinked,
        position: r.position.toString(),
      };
    } catch (error) {
      if (error instanceof LinkTaken) throw new ApiError('CONFLICT', texts.emailAlreadyLinked);
      throw error;
    }
  });

  defineRoute(router, 'POST /user/credentials/link-provider', async ({ me: { uid }, body: { accessToken } }) => {
    const { config } = deps.identity;
    const now = deps.clock.now();
    const token = await verifyIdToken(
      accessToken,
      { jwksUrl: config.IDP_JWKS_URL, issuer: config.IDP_ISSUER, audience: config.IDP_AUDIENCE },
      now,
      deps.identity.providerKeys,
    );
    try {
      const r = await decideInTransaction(
        deps,
        uid,
        { type: 'LinkCredential', kind: 'provider', key: token.subject, provider: token.provider, now },
        [{ kind: 'provider', key: token.subject }],
      );
      return {
        credentials: r.state.credentials.map(({ kind, key }) => ({ kind, key })),
        message: accountTexts.providerLinked,
        position: r.position.toString(),
      };
    } catch (error) {
      if (error instanceof LinkTaken) throw new ApiError('CONFLICT', accountTexts.providerLinkedElsewhere);
      throw error;
    }
  });

  // The account's links go (its e-mail or wallet may start a new account later, never this one), every
  // session ends, and the read models drop its personal data (projectors of AccountDeleted). Money
  // events stay in the log under the uid: the ledger audit still balances.
  defineRoute(router, 'POST /user/account/delete', async ({ me: { uid }, res }) => {
    // The body (DeleteAccountBody, the confirmation) is checked by defineRoute before this runs.
    const now = deps.clock.now();
    const r = await decideInTransaction(deps, uid, { type: 'DeleteAccount', now }, [], async (client) => {
      await client.query('delete from identity_links where uid = $1', [uid]);
      await client.query(`update auth_sessions set status = 'revoked', ended_at = $2 where uid = $1 and status = 'active'`, [uid, now]);
    });
    deps.sessionGuard?.forget?.(uid);
    const { maxAge: _maxAge, ...cookieOptions } = refreshCookieOptions(deps.identity.config.NODE_ENV === 'production', 0);
    res.clearCookie(REFRESH_COOKIE, cookieOptions);
    return { deleted: true, message: accountTexts.accountDeleted, position: r.position.toString() };
  });
}
