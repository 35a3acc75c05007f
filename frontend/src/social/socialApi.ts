// Social data for the profile, feed and messages pages: the people lists' paths, the three-step upload,
// and the optimistic updates (like/unlike, follow, gallery delete, follower
// removal), each rolled back when the server refuses.
import type { PageMeta } from '@murmur/contracts/paging';
import type { FollowerItem, GalleryItem, WallPost } from '@murmur/contracts/social';
import { texts } from '@murmur/contracts';
import { ApiCallError } from '../api/client.ts';
import type { ApiRouteOf } from '@murmur/contracts/api-catalogue';
import { api } from '../api/api.generated.ts';
import type { RoutePath } from '../api/routeCall.ts';
import { refreshQueries, setQueryData } from '../state/query.ts';
import { toast } from '../state/ui.ts';

export interface Paged<T> {
  items: T[];
  meta: PageMeta;
}

export type ListKind = 'followers' | 'following' | 'subscribers' | 'subscriptions';

/** The swr key of a page of one of the four people lists. */
export const peopleListPath = (kind: ListKind, uid: string, page: number) => {
  const route = {
    followers: api.social.followers,
    following: api.social.following,
    subscribers: api.social.subscribers,
    subscriptions: api.social.subscriptions,
  }[kind];
  return route.path({ uid }, { page, limit: 10 });
};

type CachedPath = RoutePath<ApiRouteOf<'GET'>>;

/** Applies `change` to the cached answer under `key` now; returns the undo. */
async function optimistic<T>(key: CachedPath, change: (current: T) => T): Promise<() => Promise<unknown>> {
  let before: T | undefined;
  await setQueryData<ApiRouteOf<'GET'>, T>(key, (current) => {
    before = current;
    return current === undefined ? current : change(current);
  });
  return () => setQueryData<ApiRouteOf<'GET'>, T>(key, () => before);
}

function withPost(page: Paged<WallPost>, id: string, change: (p: WallPost) => WallPost): Paged<WallPost> {
  return { ...page, items: page.items.map((p) => (p.id === id ? change(p) : p)) };
}

/** Like or unlike at once in the cached list; the count goes back if the server refuses. */
export async function toggleLike(listKey: CachedPath, post: WallPost): Promise<void> {
  const liking = !post.hasLiked;
  const undo = await optimistic<Paged<WallPost>>(listKey, (page) =>
    withPost(page, post.id, (p) => ({ ...p, hasLiked: liking, likeCount: Math.max(0, p.likeCount + (liking ? 1 : -1)) })),
  );
  try {
    const result = await (liking ? api.social.likeWallPost : api.social.unlikeWallPost)({ id: post.id });
    await setQueryData<ApiRouteOf<'GET'>, Paged<WallPost>>(listKey, (page) =>
      page ? withPost(page, post.id, (p) => ({ ...p, likeCount: result.likeCount, hasLiked: result.hasLiked })) : page,
    );
  } catch {
    await undo();
  }
}

export async function deletePost(listKey: CachedPath, post: WallPost): Promise<void> {
  const undo = await optimistic<Paged<WallPost>>(listKey, (page) => ({ ...page, items: page.items.filter((p) => p.id !== post.id) }));
  try {
    await api.social.deleteWallPost({ id: post.id });
  } catch {
    await undo();
  }
}

export async function deleteGalleryItem(uid: string, item: GalleryItem): Promise<void> {
  const undo = await optimistic<Paged<GalleryItem>>(api.social.gallery.path({ uid }), (page) => ({
    ...page,
    items: page.items.filter((i) => i.filename !== item.filename),
  }));
  try {
    await api.media.deleteGalleryItem({ filename: item.filename, format: item.format });
  } catch {
    await undo();
  }
}

export async function removeFollower(listKey: CachedPath, uid: string): Promise<void> {
  const undo = await optimistic<Paged<FollowerItem>>(listKey, (page) => ({
    items: page.items.filter((i) => i.uid !== uid),
    meta: { ...page.meta, totalItems: Math.max(0, page.meta.totalItems - 1), itemCount: Math.max(0, page.meta.itemCount - 1) },
  }));
  try {
    await api.social.removeFollower({ uid }, { type: 'follower' });
  } catch {
    await undo();
  }
}

/** Follow and unfollow set the cached flags (docs/decisions/social.md) and roll them back on error. */
export async function setFollowing(uid: string, follow: boolean): Promise<void> {
  const undo = await optimistic<{ isFollowing: boolean; followerCount: number }>(api.social.profile.path({ uid }), (v) => ({
    ...v,
    isFollowing: follow,
    followerCount: Math.max(0, v.followerCount + (follow ? 1 : -1)),
  }));
  try {
    await (follow ? api.social.follow : api.social.unfollow)({ uid });
    void refreshQueries('/user/followers/', '/user/following/', '/user/feed/');
  } catch {
    await undo();
  }
}

/**
 * The three-step upload (docs/decisions/uploads.md): presign, PUT the bytes, process. Returns the media key. A
 * failure at any step is told once, here, under the 'Upload Failed' title (the server's words when it
 * refused, else the generic upload text); the caller may still show it next to its picker.
 */
export async function uploadMedia(
  file: File,
  uploadType: 'profile' | 'chat' | 'lobby' = 'profile',
): Promise<{ fileName: string; format: string }> {
  try {
    const signed = await api.media.presign(
      { fileName: file.name, contentType: file.type || 'application/octet-stream', size: file.size },
      { uploadType },
      { quiet: true },
    );
    const put = await fetch(signed.uploadUrl, { method: 'PUT', headers: { 'content-type': file.type }, body: file });
    if (!put.ok) throw new Error(texts.uploadFailed);
    await api.media.process({ fileName: signed.fileName, fileType: file.type }, { quiet: true });
    return { fileName: signed.fileName, format: file.type };
  } catch (error) {
    // A 401 the client could not refresh has ended the session, and a 500 opened the server-error
    // modal: nothing more to say.
    const told = error instanceof ApiCallError && (error.status === 401 || error.status >= 500);
    if (!told) toast(error instanceof ApiCallError ? error.message : texts.uploadFailed, 'error', texts.uploadFailedTitle);
    throw error;
  }
}
