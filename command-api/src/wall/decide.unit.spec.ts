// Wall decider: create, like once, delete by the author, private media needs a price.
import { describe, it } from 'vitest';
import { wallDecider } from './decide.ts';
import type { WallEvent } from './wall.ts';
import { DeciderSpecification } from '../../../test-support/decider-specification.ts';

const now = new Date('2026-11-22T10:00:00Z');
const at = now.toISOString();
const created: WallEvent = {
  type: 'PostCreated',
  data: {
    postId: 'p',
    authorUid: 'a',
    content: 'hi',
    mediaFilename: null,
    mediaFormat: null,
    mediaIsPrivate: false,
    unlockPrice: null,
    subscriberOnly: false,
    createdAt: at,
  },
};
const given = DeciderSpecification.for(wallDecider);
const body = { content: 'hi', mediaIsPrivate: false, subscriberOnly: false };

describe('wall decider', () => {
  it('creates a post; media must be the author’s and private media needs a price', () => {
    given().when({ type: 'CreatePost', postId: 'p', uid: 'a', body, mediaOwned: false, now }).then([created]);
    given()
      .when({ type: 'CreatePost', postId: 'p', uid: 'a', body: { ...body, mediaFilename: 'a/x.png' }, mediaOwned: false, now })
      .thenThrows('NOT_FOUND', 'Media not found.');
    given()
      .when({
        type: 'CreatePost',
        postId: 'p',
        uid: 'a',
        body: { ...body, mediaFilename: 'a/x.png', mediaIsPrivate: true },
        mediaOwned: true,
        now,
      })
      .thenThrows('VALIDATION_FAILED', 'Private media needs an unlock price in diamonds.');
  });
  it('likes once, unlikes once, and refuses both on a deleted post', () => {
    const liked: WallEvent = { type: 'PostLiked', data: { postId: 'p', authorUid: 'a', uid: 'f', likedAt: at } };
    const deleted: WallEvent = { type: 'PostDeleted', data: { postId: 'p', authorUid: 'a', deletedAt: at } };
    given(created).when({ type: 'Like', uid: 'f', now }).then([liked]);
    given(created, liked).when({ type: 'Like', uid: 'f', now }).thenNothing();
    given(created).when({ type: 'Unlike', uid: 'f', now }).thenNothing();
    given(created).when({ type: 'DeletePost', uid: 'a', now }).then([deleted]);
    given(created, deleted).when({ type: 'Like', uid: 'f', now }).thenThrows('NOT_FOUND', 'Post not found.');
    given(created, deleted).when({ type: 'Unlike', uid: 'f', now }).thenThrows('NOT_FOUND', 'Post not found.');
    given(created).when({ type: 'DeletePost', uid: 'f', now }).thenThrows('FORBIDDEN', 'You can only delete your own posts.');
  });
});
