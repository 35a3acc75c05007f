// The unread-messages count behind the badge on the Messages menu entry and tab.
import { api } from '../api/api.generated.ts';
import { actingMember, useSession } from '../api/session.ts';
import { setQueryData, useQuery } from '../state/query.ts';

export function useUnreadThreads(): number {
  const signedIn = useSession(actingMember);
  const { data } = useQuery(signedIn ? api.messages.unread.path() : null, { dedupingInterval: 5000 });
  return data?.unreadThreads ?? 0;
}

/** Re-reads the count at a position (after a realtime event or a mark-read). */
export function refreshUnread(minPosition?: string): Promise<unknown> {
  return api.messages
    .unread({ minPosition, quiet: true })
    .then((body) => setQueryData(api.messages.unread.path(), () => body))
    .catch(() => undefined);
}
