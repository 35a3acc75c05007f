// PUT user/profile/details: decided on `user-{uid}` by the profile decider, with the username
// claimed first so two users can never hold the same name.
import { UpdateProfileDetailsBody, streamIds } from '@murmur/contracts';
import { parse, defineRoute } from '@murmur/platform';
import { defineCommandHandler } from '../decider/command-handler.ts';
import type { CommandModule } from '../command-module.ts';
import { checkUsername, normalizeBody, profileDecider } from './decide.ts';
import { isMultipart, readProfileMultipart } from './multipart.ts';
import { claimUsername, releaseUsername } from './usernames.ts';

/** `user-{uid}` as the profile decider folds it (identity folds the same stream into another state;
 * cached entries are kept apart by their decider). */
export const profileCommands = defineCommandHandler({ decider: profileDecider, streamId: streamIds.user, cacheCapacity: 20_000 });

export const profilesModule: CommandModule = {
  name: 'profiles',
  routes(router, deps) {
    defineRoute(router, 'PUT /user/profile/details', async ({ me: { uid }, req }) => {
      const raw = isMultipart(req) ? await readProfileMultipart(req, deps, uid) : req.body;
      const body = normalizeBody(parse(UpdateProfileDetailsBody, raw));
      const now = deps.clock.now();
      const { state } = await profileCommands.load(deps, uid);
      const newName = checkUsername(state, body.username, now);
      if (newName !== null) await claimUsername(deps, newName, uid, now, deps.pool);
      try {
        const result = await profileCommands.run(deps, uid, { type: 'UpdateProfile', uid, body, now }, { actorUid: uid });
        const previous = state.username;
        if (newName !== null && previous && previous.toLowerCase() !== newName.toLowerCase()) {
          await releaseUsername(deps, previous, uid, now);
        }
        return { position: result.position.toString() };
      } catch (error) {
        if (newName !== null && newName.toLowerCase() !== state.username?.toLowerCase()) await releaseUsername(deps, newName, uid, now);
        throw error;
      }
    });
  },
};
