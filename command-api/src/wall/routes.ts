// Wall commands (docs/decisions/wall.md): post, delete, like, unlike, and unlocking private media
// with diamonds through the wallet (key `post-unlock:{postId}:{uid}`, so a retry never charges twice).
import { randomUUID } from 'node:crypto';
import {
  CommandAnswer,
  CreateWallPostBody,
  socialTexts,
  WallLikeAnswer,
  WallPostCreated,
  WallUnlockAnswer,
  streamIds,
} from '@murmur/contracts';
import { ApiError, currentUser, parse, requireAuth, send } from '@murmur/platform';
import type { Request } from 'express';
import { defineCommandHandler } from '../decider/command-handler.ts';
import { mediaCommands } from '../media/media-commands.ts';
import type { CommandModule } from '../modules.ts';
import { spendDiamonds } from '../wallet/ledger.ts';
import { wallDecider } from './decide.ts';

export const postCommands = defineCommandHandler({ decider: wallDecider, streamId: streamIds.post });

function postId(req: Request): string {
  const id = String(req.params.id ?? '');
  if (!/^[\w-]{1,64}$/.test(id)) throw new ApiError('NOT_FOUND', socialTexts.postNotFound);
  return id;
}

export const wallModule: CommandModule = {
  name: 'wall',
  routes(router, deps) {
    router.post('/user/wall/post', requireAuth(), async (req, res) => {
      const { uid } = currentUser(req);
      const body = parse(CreateWallPostBody, req.body);
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
      send(res, WallPostCreated, { id, position: result.position.toString() }, 201);
    });
    router.post('/user/wall/delete/:id', requireAuth(), async (req, res) => {
      const { uid } = currentUser(req);
      const result = await postCommands.run(deps, postId(req), { type: 'DeletePost', uid, now: deps.clock.now() }, { actorUid: uid });
      send(res, CommandAnswer, { position: result.position.toString() });
    });
    router.post('/user/wall/post/:id/like', requireAuth(), async (req, res) => {
      const { uid } = currentUser(req);
      const result = await postCommands.run(deps, postId(req), { type: 'Like', uid, now: deps.clock.now() }, { actorUid: uid });
      send(res, WallLikeAnswer, { position: result.position.toString(), likeCount: result.state.likes.size, hasLiked: true });
    });
    router.post('/user/wall/post/:id/unlike', requireAuth(), async (req, res) => {
      const { uid } = currentUser(req);
      const result = await postCommands.run(deps, postId(req), { type: 'Unlike', uid, now: deps.clock.now() }, { actorUid: uid });
      send(res, WallLikeAnswer, { position: result.position.toString(), likeCount: result.state.likes.size, hasLiked: false });
    });
    router.post('/user/wall/post/:id/unlock', requireAuth(), async (req, res) => {
      const { uid } = currentUser(req);
      const id = postId(req);
      const { state } = await postCommands.load(deps, id);
      const post = state.post;
      if (!post || state.deleted) throw new ApiError('NOT_FOUND', socialTexts.postNotFound);
      if (!post.mediaIsPrivate || !post.unlockPrice) throw new ApiError('RULE_VIOLATED', socialTexts.mediaNotPrivate);
      if (post.authorUid === uid || state.unlocked.has(uid)) return send(res, WallUnlockAnswer, { position: '0', unlocked: true });
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
      send(res, WallUnlockAnswer, {
        position: (result.position > 0n ? result.position : spent.position).toString(),
        unlocked: true,
        balance: spent.balance,
      });
    });
  },
};
