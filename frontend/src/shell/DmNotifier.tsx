// New direct messages on every page: keeps the unread badge current and, unless the conversation
// is open, shows a toast naming the sender with the start of the message.
import { channels } from '@murmur/contracts/realtime';
import { publicEventOf } from '@murmur/contracts/public-events';
import { useLocation } from 'react-router';
import { api } from '../api/api.generated.ts';
import { useChannel } from '../api/realtime.ts';
import { actingUid, useSession } from '../api/session.ts';
import { refreshUnread } from '../social/unreadMessages.ts';
import { toast } from '../state/ui.ts';

function isOpen(location: { pathname: string; search: string }, senderUid: string): boolean {
  return location.pathname === '/messages' && new URLSearchParams(location.search).get('with') === senderUid;
}

export function DmNotifier() {
  const uid = useSession(actingUid);
  const location = useLocation();
  useChannel(uid ? channels.user(uid) : null, {
    onEvent(message) {
      const { event } = message;
      if (event.type === 'DirectThreadRead') return void refreshUnread(message.position);
      const sent = publicEventOf(event, 'DirectMessageSent');
      if (!sent) return;
      const d = sent.data;
      if (d.recipientUid !== uid) return;
      void refreshUnread(message.position);
      if (isOpen(location, d.senderUid)) return;
      const preview = d.text ? (d.text.length > 80 ? `${d.text.slice(0, 80)}…` : d.text) : '📷 Photo';
      void api.social
        .profile({ uid: d.senderUid }, { quiet: true })
        .then(
          (v) => v.username ?? 'someone',
          () => 'someone',
        )
        .then((name) => toast(preview, 'info', `New message from ${name}`));
    },
  });
  return null;
}
