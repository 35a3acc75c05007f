// Social data for the profile, feed and messages pages: the query paths, the three-step upload,
// and the optimistic updates (like/unlike, follow, gallery delete, follower
// removal), each rolled back when the server refuses.
import type { PageMeta } from '@murmur/contracts/paging';
import type { FollowerItem, GalleryItem, WallPost } from '@murmur/contracts/social';
import { texts } from '@murmur/contracts';
import { api, ApiCallError } from '../api/client.ts';
import { refreshQueries, setQueryData } from '../state/query.ts';
import { toast } from '../state/ui.ts';

export interface Paged<T> {
  items: T[];
  meta: PageMeta;
}

// Each path keeps its pattern as its type (`as const`), so `useQuery<'GET /user/wall/{uid}'>` checks
// it against the route and answers the route's DTO.
export const paths = {
  details: '/user/profile/details' as const,
  view: (uid: string) => `/user/profile/view/${encodeURIComponent(uid)}` as const,
  wall: (uid: string, query: `?${string}` | '' = '') => `/user/wall/${encodeURIComponent(uid)}${query}` as const,
  feed: (query: `?${string}` | '' = '') => `/user/feed/for-you${query}` as const,
  gallery: (uid: string) => `/user/gallery/${encodeURIComponent(uid)}` as const,
  list: (kind: ListKind, uid: string, page: number) => `/user/${kind}/${encodeURIComponent(uid)}?page=${page}&limit=10` as const,
  threads: (q = '') => (q ? (`/messages/threads?q=${encodeURIComponent(q)}` as const) : ('/messages/threads' as const)),
  thread: (threadId: string) => `/messages/threads/${encodeURIComponent(threadId)}` as const,
};
/** The routes of the four people lists (`paths.list`). */
export type ListRoute = `GET /user/${ListKind}/{uid}`;

export type ListKind = 'followers' | 'following' | 'subscribers' | 'subscriptions';

/** Applies `change` to every cached page under `key` now; returns the undo. */
async function optimistic<T>(key: string, change: (current: T) => T): Promise<() => Promise<unknown>> {
  let before: T | undefined;
  await setQueryData<T>(key, (current) => {
    before = current;
    return current === undefined ? current : change(current);
  });
  return () => setQueryData<T>(key, () => before);
}

function withPost(page: Paged<WallPost>, id: string, change: (p: WallPost) => WallPost): Paged<WallPost> {
  return { ...page, items: page.items.map((p) => (p.id === id ? change(p) : p)) };
}

/** Like or unlike at once in the cached list; the count goes back if the server refuses. */
export async function toggleLike(listKey: string, post: WallPost): Promise<void> {
  const liking = !post.hasLiked;
  const undo = await optimistic<Paged<WallPost>>(listKey, (page) =>
    withPost(page, post.id, (p) => ({ ...p, hasLiked: liking, likeCount: Math.max(0, p.likeCount + (liking ? 1 : -1)) })),
  );
  try {
    const result = await api.post<'POST /user/wall/post/{id}/like' | 'POST /user/wall/post/{id}/unlike'>(
      `/user/wall/post/${post.id}/${liking ? 'like' : 'unlike'}`,
    );
    await setQueryData<Paged<WallPost>>(listKey, (page) =>
      page ? withPost(page, post.id, (p) => ({ ...p, likeCount: result.likeCount, hasLiked: result.hasLiked })) : page,
    );
  } catch {
    await undo();
  }
}

export async function deletePost(listKey: string, post: WallPost): Promise<void> {
  const undo = await optimistic<Paged<WallPost>>(listKey, (page) => ({ ...page, items: page.items.filter((p) => p.id !== post.id) }));
  try {
    await api.post(`/user/wall/delete/${post.id}`);
  } catch {
    await undo();
  }
}

export async function deleteGalleryItem(uid: string, item: GalleryItem): Promise<void> {
  const undo = await optimistic<Paged<GalleryItem>>(paths.gallery(uid), (page) => ({
    ...page,
    items: page.items.filter((i) => i.filename !== item.filename),
  }));
  try {
    await api.post('/user/gallery/item/delete', { filename: item.filename, format: item.format });
  } catch {
    await undo();
  }
}

export async function removeFollower(listKey: string, uid: string): Promise<void> {
  const undo = await optimistic<Paged<FollowerItem>>(listKey, (page) => ({
    items: page.items.filter((i) => i.uid !== uid),
    meta: { ...page.meta, totalItems: Math.max(0, page.meta.totalItems - 1), itemCount: Math.max(0, page.meta.itemCount - 1) },
  }));
  try {
    await api.post(`/user/remove/${encodeURIComponent(uid)}`, { type: 'follower' });
  } catch {
    await undo();
  }
}

/** Follow and unfollow set the cached flags (docs/decisions/social.md) and roll them back on error. */
export async function setFollowing(uid: string, follow: boolean): Promise<void> {
  const undo = await optimistic<{ isFollowing: boolean; followerCount: number }>(paths.view(uid), (v) => ({
    ...v,
    isFollowing: follow,
    followerCount: Math.max(0, v.followerCount + (follow ? 1 : -1)),
  }));
  try {
    await api.post(`/user/${follow ? 'follow' : 'unfollow'}/${encodeURIComponent(uid)}`);
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
    const signed = await api.post<'POST /cms/presign-media'>(
      `/cms/presign-media?uploadType=${uploadType}`,
      { fileName: file.name, contentType: file.type || 'application/octet-stream', size: file.size },
      { quiet: true },
    );
    const put = await fetch(signed.uploadUrl, { method: 'PUT', headers: { 'content-type': file.type }, body: file });
    if (!put.ok) throw new Error(texts.uploadFailed);
    await api.post('/cms/process-media', { fileName: signed.fileName, fileType: file.type }, { quiet: true });
    return { fileName: signed.fileName, format: file.type };
  } catch (error) {
    // A 401 the client could not refresh has ended the session, and a 500 opened the server-error
    // modal: nothing more to say.
    const told = error instanceof ApiCallError && (error.status === 401 || error.status >= 500);
    if (!told) toast(error instanceof ApiCallError ? error.message : texts.uploadFailed, 'error', texts.uploadFailedTitle);
    throw error;
  }
}
