// Wall decider: create, like once, delete by the author, private media needs a price.
import { describe, expect, it } from 'vitest';
import { wallDecider } from './decide.ts';
import type { WallEvent } from './wall.ts';

const now = new Date('2026-11-22T10:00:00Z');
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
    createdAt: now.toISOString(),
  },
};
const given = (events: WallEvent[]) => events.reduce(wallDecider.evolve, wallDecider.initialState());
const body = { content: 'hi', mediaIsPrivate: false, subscriberOnly: false };

describe('wall decider', () => {
  it('creates a post; media must be the author’s and private media needs a price', () => {
    expect(wallDecider.decide({ type: 'CreatePost', postId: 'p', uid: 'a', body, mediaOwned: false, now }, given([]))).toEqual([created]);
    expect(() =>
      wallDecider.decide(
        { type: 'CreatePost', postId: 'p', uid: 'a', body: { ...body, mediaFilename: 'a/x.png' }, mediaOwned: false, now },
        given([]),
      ),
    ).toThrow();
    expect(() =>
      wallDecider.decide(
        {
          type: 'CreatePost',
          postId: 'p',
          uid: 'a',
          body: { ...body, mediaFilename: 'a/x.png', mediaIsPrivate: true },
          mediaOwned: true,
          now,
        },
        given([]),
      ),
    ).toThrow();
  });
  it('likes once, unlikes once, and refuses both on a deleted post', () => {
    const liked = wallDecider.decide({ type: 'Like', uid: 'f', now }, given([created]));
    expect(liked.map((e) => e.type)).toEqual(['PostLiked']);
    expect(wallDecider.decide({ type: 'Like', uid: 'f', now }, given([created, ...liked]))).toEqual([]);
    expect(wallDecider.decide({ type: 'Unlike', uid: 'f', now }, given([created]))).toEqual([]);
    const deleted = wallDecider.decide({ type: 'DeletePost', uid: 'a', now }, given([created]));
    expect(() => wallDecider.decide({ type: 'Like', uid: 'f', now }, given([created, ...deleted]))).toThrow();
    expect(() => wallDecider.decide({ type: 'DeletePost', uid: 'f', now }, given([created]))).toThrow();
  });
});
