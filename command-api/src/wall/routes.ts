// Wall commands (docs/decisions/wall.md): post, delete, like, unlike, and unlocking private media
// with diamonds through the wallet (key `post-unlock:{postId}:{uid}`, so a retry never charges twice).
import { randomUUID } from 'node:crypto';
import { socialTexts } from '@murmur/contracts';
import { ApiError, defineRoute } from '@murmur/platform';
import { mediaCommands } from '../media/media-commands.ts';
import type { CommandModule } from '../command-module.ts';
import { spendDiamonds } from '../wallet/ledger.ts';
import { postCommands } from './public.ts';

function postId(id: string): string {
  if (!/^[\w-]{1,64}$/.test(id)) throw new ApiError('NOT_FOUND', socialTexts.postNotFound);
  return id;
}

export const wallModule: CommandModule = {
  name: 'wall',
  routes(router, deps) {
    defineRoute(router, 'POST /user/wall/post', async ({ me: { uid }, body }) => {
      let mediaOwned = false;
      if (body.mediaFilename) {
        const { state } = await mediaCommands.load(deps, uid);
        mediaOwned = state.items.has(body.mediaFilename);
      }
      const id = randomUUID();
      const result = await postCommands.run(
        deps,
        id,
        { type: 'CreatePost', postId: id, uid, body, mediaOwned, now: deps.clock.now() },
        { actorUid: uid },
      );
      return { id, position: result.position.toString() };
    });
    defineRoute(router, 'POST /user/wall/delete/{id}', async ({ me: { uid }, params }) => {
      const result = await postCommands.run(deps, postId(params.id), { type: 'DeletePost', uid, now: deps.clock.now() }, { actorUid: uid });
      return { position: result.position.toString() };
    });
    defineRoute(router, 'POST /user/wall/post/{id}/like', async ({ me: { uid }, params }) => {
      const result = await postCommands.run(deps, postId(params.id), { type: 'Like', uid, now: deps.clock.now() }, { actorUid: uid });
      return { position: result.position.toString(), likeCount: result.state.likes.size, hasLiked: true };
    });
    defineRoute(router, 'POST /user/wall/post/{id}/unlike', async ({ me: { uid }, params }) => {
      const result = await postCommands.run(deps, postId(params.id), { type: 'Unlike', uid, now: deps.clock.now() }, { actorUid: uid });
      return { position: result.position.toString(), likeCount: result.state.likes.size, hasLiked: false };
    });
    defineRoute(router, 'POST /user/wall/post/{id}/unlock', async ({ me: { uid }, params }) => {
      const id = postId(params.id);
      const { state } = await postCommands.load(deps, id);
      const post = state.post;
      if (!post || state.deleted) throw new ApiError('NOT_FOUND', socialTexts.postNotFound);
      if (!post.mediaIsPrivate || !post.unlockPrice) throw new ApiError('RULE_VIOLATED', socialTexts.mediaNotPrivate);
      if (post.authorUid === uid || state.unlocked.has(uid)) return { position: '0', unlocked: true };
      // Charge first (idempotent by key), then record; a crash between the two is healed by a retry,
      // which finds the charge already made and only records.
      const spent = await spendDiamonds(deps, {
        uid,
        amount: post.unlockPrice,
        reason: 'post_unlock',
        reference: id,
        idempotencyKey: `post-unlock:${id}:${uid}`,
      });
      const result = await postCommands.run(
        deps,
        id,
        { type: 'RecordUnlock', uid, diamonds: post.unlockPrice, now: deps.clock.now() },
        { actorUid: uid },
      );
      return {
        position: (result.position > 0n ? result.position : spent.position).toString(),
        unlocked: true,
        balance: spent.balance,
      };
    });
  },
};
