// Keeps the bell's count current: every event on the user's own channel may be (or read) a
// notification, so the count is re-read at that event's position (coalesced).
import { channels } from '@murmur/contracts/realtime';
import { useRef } from 'react';
import { useChannel, useReconnected } from '../api/realtime.ts';
import { actingMember, useSession } from '../api/session.ts';
import { refreshUnreadNotifications } from './notificationsApi.ts';

export function NotificationNotifier() {
  const uid = useSession((s) => (actingMember(s) ? s.claims!.uid : null));
  const pending = useRef<{ timer: ReturnType<typeof setTimeout> | null; position: bigint }>({ timer: null, position: 0n });
  const schedule = (position: string) => {
    const p = pending.current;
    const at = BigInt(position);
    if (at > p.position) p.position = at;
    if (p.timer) return;
    p.timer = setTimeout(() => {
      p.timer = null;
      void refreshUnreadNotifications(p.position.toString());
    }, 150);
  };
  useChannel(uid ? channels.user(uid) : null, {
    onEvent: (message) => schedule(message.position),
    onResync: () => void refreshUnreadNotifications(),
  });
  useReconnected(() => {
    if (uid) void refreshUnreadNotifications();
  });
  return null;
}
