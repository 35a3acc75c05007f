// The unread-messages count behind the badge on the Messages menu entry and tab.
import type { UnreadMessages } from '@murmur/contracts/social';
import { api } from '../api/client.ts';
import { actingMember, useSession } from '../api/session.ts';
import { setQueryData, useQuery } from '../state/query.ts';

export const UNREAD_PATH = '/messages/unread' as const;

export function useUnreadThreads(): number {
  const signedIn = useSession(actingMember);
  const { data } = useQuery<'GET /messages/unread'>(signedIn ? UNREAD_PATH : null, { dedupingInterval: 5000 });
  return data?.unreadThreads ?? 0;
}

/** Re-reads the count at a position (after a realtime event or a mark-read). */
export function refreshUnread(minPosition?: string): Promise<unknown> {
  return api
    .get<'GET /messages/unread'>(UNREAD_PATH, { minPosition, quiet: true })
    .then((body) => setQueryData<UnreadMessages>(UNREAD_PATH, () => body))
    .catch(() => undefined);
}
