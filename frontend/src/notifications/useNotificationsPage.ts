// One page of the notifications history, marked read as soon as it is shown; the rows that were
// unread keep their highlight for this visit.
import { useEffect, useRef, useState } from 'react';
import { markNotificationsRead, useNotifications, useUnreadNotifications } from './notificationsApi.ts';

export function useNotificationsPage(limit = 10) {
  const [page, setPage] = useState(1);
  const query = useNotifications(page, limit);
  const unread = useUnreadNotifications();
  const [seenUnread, setSeenUnread] = useState<ReadonlySet<string>>(new Set());
  const marked = useRef(0);
  const data = query.data;

  useEffect(() => {
    if (!data) return;
    const fresh = data.items.filter((n) => n.unread).map((n) => n.id);
    if (fresh.length > 0) setSeenUnread((s) => new Set([...s, ...fresh]));
    if (data.latestSeq > marked.current && data.unreadCount > 0) {
      marked.current = data.latestSeq;
      void markNotificationsRead(data.latestSeq);
    }
  }, [data]);

  // Something new arrived while the list is open: show it (and it gets marked read in turn).
  const latest = unread?.latestSeq ?? 0;
  const { mutate } = query;
  useEffect(() => {
    if (data && latest > data.latestSeq) void mutate();
  }, [latest, data, mutate]);

  return { page, setPage, data, isLoading: query.isLoading, error: query.error, seenUnread };
}
