// A wall post's life on `post-{postId}`: created, liked and unliked, private media unlocked, deleted.
// One stream per post keeps likes on one post from clashing with writes to any other.
import type { PostCreatedData, WallEvent } from '@murmur/contracts';

export type { PostCreatedData, WallEvent };

export interface PostState {
  post: PostCreatedData | null;
  deleted: boolean;
  likes: Set<string>;
  unlocked: Set<string>;
}

export const initialPostState = (): PostState => ({ post: null, deleted: false, likes: new Set(), unlocked: new Set() });

export function evolvePost(state: PostState, event: WallEvent): PostState {
  switch (event.type) {
    case 'PostCreated':
      return { ...state, post: event.data };
    case 'PostDeleted':
      return { ...state, deleted: true };
    case 'PostLiked':
      return { ...state, likes: new Set(state.likes).add(event.data.uid) };
    case 'PostUnliked': {
      const likes = new Set(state.likes);
      likes.delete(event.data.uid);
      return { ...state, likes };
    }
    case 'PostMediaUnlocked':
      return { ...state, unlocked: new Set(state.unlocked).add(event.data.uid) };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}
