// PUT user/profile/details: decided on `user-{uid}` by the profile decider, with the username
// claimed first so two users can never hold the same name.
import { UpdateProfileDetailsBody } from '@murmur/contracts';
import { currentUser, parse, requireAuth } from '@murmur/platform';
import { handleCommand, loadState } from '../decider/handle-command.ts';
import { StateCache } from '../decider/state-cache.ts';
import type { CommandModule } from '../modules.ts';
import { checkUsername, normalizeBody, profileDecider } from './decide.ts';
import { isMultipart, readProfileMultipart } from './multipart.ts';
import { userStreamId } from './profiles.ts';
import { claimUsername, releaseUsername } from './usernames.ts';

// `user-{uid}` is shared with identity, whose decider folds a different state: a cache of our own
// keeps the two states apart.
const profileCache = new StateCache(20_000);

export const profilesModule: CommandModule = {
  name: 'profiles',
  routes(router, deps) {
    router.put('/user/profile/details', requireAuth(), async (req, res) => {
      const { uid } = currentUser(req);
      const raw = isMultipart(req) ? await readProfileMultipart(req, deps, uid) : req.body;
      const body = normalizeBody(parse(UpdateProfileDetailsBody, raw));
      const now = deps.clock.now();
      const streamId = userStreamId(uid);
      const { state } = await loadState(deps.store, streamId, profileDecider, profileCache);
      const newName = checkUsername(state, body.username, now);
      if (newName !== null) await claimUsername(deps.store, newName, uid, now, deps.pool);
      try {
        const result = await handleCommand(deps.store, streamId, profileDecider, { type: 'UpdateProfile', uid, body, now }, {
          cache: profileCache,
          metadata: { actorUid: uid },
        });
        const previous = state.username;
        if (newName !== null && previous && previous.toLowerCase() !== newName.toLowerCase()) {
          await releaseUsername(deps.store, previous, uid, now);
        }
        res.json({ position: result.position.toString() });
      } catch (error) {
        if (newName !== null && newName.toLowerCase() !== state.username?.toLowerCase()) await releaseUsername(deps.store, newName, uid, now);
        throw error;
      }
    });
  },
};
