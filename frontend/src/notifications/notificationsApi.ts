// The notifications centre's calls: the unread count behind the bell (re-read at a realtime
// event's position), the paged list, and the read mark.
import type { NotificationsUnread } from '@murmur/contracts/notifications';
import { api } from '../api/api.generated.ts';
import { actingMember, useSession } from '../api/session.ts';
import { setQueryData, useQuery } from '../state/query.ts';

export function useUnreadNotifications(): NotificationsUnread | undefined {
  const signedIn = useSession(actingMember);
  // Referral settlements are not routed to the user's channel: a minute's poll picks them up.
  const { data } = useQuery(signedIn ? api.notifications.unread.path() : null, {
    dedupingInterval: 2000,
    refreshInterval: 60_000,
  });
  return signedIn ? data : undefined;
}

export function useNotifications(page: number, limit = 10) {
  const signedIn = useSession(actingMember);
  return useQuery(signedIn ? api.notifications.list.path({ page, limit }) : null, { dedupingInterval: 2000 });
}

/** Re-reads the count at a position (after a realtime event or a mark). */
export function refreshUnreadNotifications(minPosition?: string): Promise<unknown> {
  return api.notifications
    .unread({ minPosition, quiet: true })
    .then((body) => setQueryData(api.notifications.unread.path(), () => body))
    .catch(() => undefined);
}

/** Marks everything up to `upToSeq` read and clears the bell at once. */
export async function markNotificationsRead(upToSeq: number): Promise<void> {
  if (upToSeq <= 0) return;
  void setQueryData(api.notifications.unread.path(), (c) => (c ? { ...c, unreadCount: 0 } : c));
  const { position } = await api.notifications.markRead({ upToSeq }, { quiet: true });
  await refreshUnreadNotifications(position);
}
