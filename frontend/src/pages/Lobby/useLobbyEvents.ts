// The lobby page's live events: the lobby's channels (everyone's, the member's own, the presence one)
// and what each pushed event changes on the page (gift animation and chat line, chat, tools, entrance,
// the end, being removed, a lost connection). Anything else re-reads the lobby at the event's position
// (seats are server truth); a reconnect re-reads the lobby and the tools.
import { moderationTexts } from '@murmur/contracts/moderation';
import type { EventMessage } from '@murmur/contracts/realtime';
import { channels } from '@murmur/contracts/realtime';
import { pushedEventOf } from '@murmur/contracts/public-events';
import { texts } from '@murmur/contracts/errors';
import { useCallback, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { useChannel, useReconnected } from '../../api/realtime.ts';
import type { useGiftQueue } from '../../gifting/GiftAnimation.tsx';
import type { LobbyDetails } from '../../lobby/lobbyApi.ts';
import { isToolEvent, type ToolEvent } from '../../lobby/lobbyTools.ts';
import type { useVipEntrances } from '../../lobby/VipEntrance.tsx';
import { leaveMedia } from '../../media/port.ts';
import { refreshQueries } from '../../state/query.ts';
import { toast } from '../../state/ui.ts';
import type { ChatMessage } from './ChatPanel.tsx';
import { giftLine } from './chatLines.ts';

export interface LobbyEventsInput {
  lobbyId: string;
  uid: string | null;
  /** The lobby as last read (a ref: events arrive between renders). */
  lobbyRef: RefObject<LobbyDetails | null>;
  /** Listen on the lobby's channel (a private lobby's is for its members). */
  mayListen: boolean;
  joined: boolean;
  /** A join was started on this page (a lost connection then joins again). */
  joinStarted: RefObject<boolean>;
  reload(position?: string): void;
  reloadTools(position?: string): void;
  applyTool(event: ToolEvent, position: string): void;
  queue: ReturnType<typeof useGiftQueue>;
  announceEntrance: ReturnType<typeof useVipEntrances>['announce'];
  setChat(update: (chat: ChatMessage[]) => ChatMessage[]): void;
  /** A gift moved the lobby leaderboard at this position. */
  giftedAt(position: string): void;
  ended(note: string | null): void;
  rejoin(): void;
}

export function useLobbyEvents(input: LobbyEventsInput): void {
  const { lobbyId, uid, lobbyRef, mayListen, joined, joinStarted, reload, reloadTools, applyTool, queue, announceEntrance } = input;
  const { setChat, giftedAt, ended, rejoin } = input;
  const navigate = useNavigate();
  const nameOf = useCallback((u: string) => lobbyRef.current?.members.find((m) => m.uid === u)?.username ?? u.slice(0, 8), [lobbyRef]);

  const onEvent = useCallback(
    (message: EventMessage) => {
      const event = pushedEventOf(message.event);
      const current = lobbyRef.current;
      if (!event) {
        reload(message.position);
        return;
      }
      if (isToolEvent(event)) {
        applyTool(event, message.position);
        return;
      }
      switch (event.type) {
        case 'GiftSent': {
          const d = event.data;
          if (current) {
            queue.offer(
              {
                id: message.position,
                giftName: d.giftName,
                quantity: d.quantity,
                senderUid: d.senderUid,
                recipients: d.recipients,
                sentAt: Date.parse(d.sentAt),
              },
              {
                hostUid: current.hostUid,
                cohostUids: current.cohostUids,
                activeUids: current.members.filter((m) => m.presence !== 'offline').map((m) => m.uid),
              },
            );
          }
          if (!d.roomId) {
            const line = giftLine(message.position, d, nameOf);
            setChat((c) => (c.some((m) => m.messageId === line.messageId) ? c : [...c.slice(-199), line]));
          }
          giftedAt(message.position);
          if (uid && (d.senderUid === uid || d.recipients.includes(uid))) void refreshQueries('/wallet/balance', '/transaction/me');
          return;
        }
        case 'ChatMessagePosted': {
          const d = event.data;
          if (d.roomId) return;
          setChat((c) =>
            c.some((m) => m.messageId === d.messageId)
              ? c
              : [
                  ...c.slice(-199),
                  {
                    messageId: d.messageId,
                    uid: d.uid,
                    username: nameOf(d.uid),
                    messageType: d.messageType,
                    body: d.body,
                    postedAt: d.postedAt,
                  },
                ],
          );
          return;
        }
        case 'ChatMessageRemoved': {
          // A moderator removed it: it leaves every open chat at once.
          const removedId = event.data.messageId;
          setChat((c) => c.filter((m) => m.messageId !== removedId));
          return;
        }
        case 'ChatSilenced':
          if (event.data.uid === uid) toast(`${moderationTexts.silenced} ${event.data.reason}`, 'error');
          return;
        case 'LobbyJoined':
          // A VIP's arrival is announced to everyone inside (docs/decisions/vip.md).
          if (event.data.vip === true) announceEntrance({ key: message.position, uid: event.data.uid });
          reload(message.position);
          return;
        case 'LobbyEnded':
          ended(event.data.note ?? null);
          void leaveMedia();
          return;
        case 'LobbyUserKicked':
        case 'LobbyUserBlocked':
          if (event.data.uid === uid) {
            const note = event.type === 'LobbyUserKicked' ? event.data.note : undefined;
            toast(
              note
                ? `${moderationTexts.removedByPlatform} ${note}`
                : event.type === 'LobbyUserKicked'
                  ? 'You were removed from the lobby.'
                  : 'You are blocked from this lobby.',
              'error',
            );
            void leaveMedia();
            navigate('/');
            return;
          }
          reload(message.position);
          return;
        case 'LobbyLeft':
          // Taken out for a lost connection while this page still shows the lobby: join again.
          if (event.data.uid === uid && event.data.reason === 'disconnected' && joinStarted.current) {
            toast(texts.rejoining, 'info');
            rejoin();
          }
          reload(message.position);
          return;
        default:
          reload(message.position);
      }
    },
    [lobbyRef, queue, announceEntrance, uid, nameOf, applyTool, navigate, reload, rejoin, setChat, giftedAt, ended, joinStarted],
  );

  useChannel(lobbyId && mayListen ? channels.lobbyAll(lobbyId) : null, {
    onEvent,
    onResync: () => {
      reload();
      reloadTools();
    },
  });
  useChannel(lobbyId && uid ? channels.lobbyUid(lobbyId, uid) : null, { onEvent, onResync: () => reload() });
  useChannel(lobbyId && uid && joined ? channels.lobbyUser(lobbyId, uid) : null, { onEvent: () => undefined });
  useReconnected(() => {
    reload();
    reloadTools();
  });
}
