// The terms step of sign-in: accept the terms and confirm an age of at least 18 (spec sections 2, 5).
import { OnboardingBody } from '@murmur/contracts';
import { currentUser, parse, requireAuth } from '@murmur/platform';
import type express from 'express';
import { handleCommand } from '../decider/handle-command.ts';
import type { CommandDeps } from '../dependencies.ts';
import { userDecider, userStream } from './decide.ts';

export function onboardingRoutes(router: express.Router, deps: CommandDeps): void {
  router.post('/user/onboarding', requireAuth(), async (req, res) => {
    const { uid } = currentUser(req);
    const body = parse(OnboardingBody, req.body);
    const result = await handleCommand(deps.store, userStream(uid), userDecider, { type: 'CompleteOnboarding', birthday: body.birthday, showNSFW: body.showNSFW, now: deps.clock.now() }, { cache: deps.cache, metadata: { actorUid: uid } });
    res.json({ hasFinishedOnboarding: true, position: result.position.toString() });
  });
}
