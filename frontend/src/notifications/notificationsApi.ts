// The notifications centre's calls: the unread count behind the bell (re-read at a realtime
// event's position), the paged list, and the read mark.
import type { NotificationsUnread } from '@murmur/contracts/notifications';
import { api } from '../api/client.ts';
import { actingMember, useSession } from '../api/session.ts';
import { setQueryData, useQuery } from '../state/query.ts';

export const UNREAD_NOTIFICATIONS_PATH = '/notifications/unread' as const;
export const notificationsPath = (page: number, limit = 10) => `/notifications?page=${page}&limit=${limit}` as const;

export function useUnreadNotifications(): NotificationsUnread | undefined {
  const signedIn = useSession(actingMember);
  // Referral settlements are not routed to the user's channel: a minute's poll picks them up.
  const { data } = useQuery<'GET /notifications/unread'>(signedIn ? UNREAD_NOTIFICATIONS_PATH : null, {
    dedupingInterval: 2000,
    refreshInterval: 60_000,
  });
  return signedIn ? data : undefined;
}

export function useNotifications(page: number, limit = 10) {
  const signedIn = useSession(actingMember);
  return useQuery<'GET /notifications'>(signedIn ? notificationsPath(page, limit) : null, { dedupingInterval: 2000 });
}

/** Re-reads the count at a position (after a realtime event or a mark). */
export function refreshUnreadNotifications(minPosition?: string): Promise<unknown> {
  return api
    .get<'GET /notifications/unread'>(UNREAD_NOTIFICATIONS_PATH, { minPosition, quiet: true })
    .then((body) => setQueryData<NotificationsUnread>(UNREAD_NOTIFICATIONS_PATH, () => body))
    .catch(() => undefined);
}

/** Marks everything up to `upToSeq` read and clears the bell at once. */
export async function markNotificationsRead(upToSeq: number): Promise<void> {
  if (upToSeq <= 0) return;
  void setQueryData<NotificationsUnread>(UNREAD_NOTIFICATIONS_PATH, (c) => (c ? { ...c, unreadCount: 0 } : c));
  const { position } = await api.post<'POST /notifications/read'>('/notifications/read', { upToSeq }, { quiet: true });
  await refreshUnreadNotifications(position);
}
