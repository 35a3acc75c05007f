// The terms step of sign-in: accept the terms and confirm an age of at least 18 (docs/decisions/identity.md).
// Until it is done the services refuse every other command (the token's `onb` claim is false), so
// the answer carries a fresh access token of the same session that says it is done.
import { signAccessToken } from '@murmur/contracts';
import { defineRoute } from '@murmur/platform';
import type express from 'express';
import type { CommandDeps } from '../dependencies.ts';
import { userCommands } from './user-commands.ts';

export function onboardingRoutes(router: express.Router, deps: CommandDeps): void {
  defineRoute(router, 'POST /user/onboarding', async ({ me, body }) => {
    const now = deps.clock.now();
    const result = await userCommands.run(
      deps,
      me.uid,
      { type: 'CompleteOnboarding', birthday: body.birthday, showNSFW: body.showNSFW, now },
      { actorUid: me.uid },
    );
    const claims = { sub: me.uid, sid: me.sessionId, roles: result.state.roles, anon: result.state.anonymous, onb: true };
    const token = await signAccessToken(deps.jwtSecret, claims, deps.identity.config.ACCESS_TOKEN_TTL_SECONDS, now.getTime());
    return { hasFinishedOnboarding: true, position: result.position.toString(), token };
  });
}
