// The wall post decider: create (media must be the author's processed media; private media needs
// a price), delete by the author, like and unlike once each, record an unlock once it is paid.
import { socialTexts, type CreateWallPostBody, wallEventSchemas } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import type { Decider } from '../decider/decider.ts';
import { evolvePost, initialPostState, type PostState, type WallEvent } from './wall.ts';

export type WallCommand =
  | { type: 'CreatePost'; postId: string; uid: string; body: CreateWallPostBody; mediaOwned: boolean; now: Date }
  | { type: 'DeletePost'; uid: string; now: Date }
  | { type: 'Like'; uid: string; now: Date }
  | { type: 'Unlike'; uid: string; now: Date }
  | { type: 'RecordUnlock'; uid: string; diamonds: number; now: Date };

function livePost(state: PostState) {
  if (!state.post || state.deleted) throw new ApiError('NOT_FOUND', socialTexts.postNotFound);
  return state.post;
}

function decide(command: WallCommand, state: PostState): WallEvent[] {
  const at = command.now.toISOString();
  switch (command.type) {
    case 'CreatePost': {
      if (state.post) throw new ApiError('CONFLICT', 'This post already exists.');
      const { body } = command;
      const media = body.mediaFilename ?? null;
      if (media && !command.mediaOwned) throw new ApiError('NOT_FOUND', socialTexts.mediaNotFound);
      const isPrivate = media !== null && body.mediaIsPrivate;
      if (isPrivate && !body.unlockPrice) throw new ApiError('VALIDATION_FAILED', socialTexts.unlockPriceRequired);
      return [
        {
          type: 'PostCreated',
          data: {
            postId: command.postId,
            authorUid: command.uid,
            content: body.content,
            mediaFilename: media,
            mediaFormat: media ? (body.mediaFormat ?? null) : null,
            mediaIsPrivate: isPrivate,
            unlockPrice: isPrivate ? (body.unlockPrice ?? null) : null,
            subscriberOnly: body.subscriberOnly,
            createdAt: at,
          },
        },
      ];
    }
    case 'DeletePost': {
      const post = livePost(state);
      if (post.authorUid !== command.uid) throw new ApiError('FORBIDDEN', socialTexts.notYourPost);
      return [{ type: 'PostDeleted', data: { postId: post.postId, authorUid: post.authorUid, deletedAt: at } }];
    }
    case 'Like': {
      const post = livePost(state);
      if (state.likes.has(command.uid)) return [];
      return [{ type: 'PostLiked', data: { postId: post.postId, authorUid: post.authorUid, uid: command.uid, likedAt: at } }];
    }
    case 'Unlike': {
      const post = livePost(state);
      if (!state.likes.has(command.uid)) return [];
      return [{ type: 'PostUnliked', data: { postId: post.postId, authorUid: post.authorUid, uid: command.uid, unlikedAt: at } }];
    }
    case 'RecordUnlock': {
      const post = livePost(state);
      if (state.unlocked.has(command.uid)) return [];
      return [
        {
          type: 'PostMediaUnlocked',
          data: { postId: post.postId, authorUid: post.authorUid, uid: command.uid, diamonds: command.diamonds, unlockedAt: at },
        },
      ];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const wallDecider: Decider<PostState, WallCommand, WallEvent> = {
  evolvesOn: wallEventSchemas,
  initialState: initialPostState,
  evolve: evolvePost,
  decide,
};
