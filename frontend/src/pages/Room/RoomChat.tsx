// A private room's chat (history and live messages on the room's channel) and, for whoever runs the
// room, silencing and unsilencing the other person.
import { publicEventOf } from '@murmur/contracts/public-events';
import { channels } from '@murmur/contracts/realtime';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/api.generated.ts';
import { useChannel, useReconnected } from '../../api/realtime.ts';
import { Button } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import chatStyles from '../../lobby/chat/Chat.module.css';
import { toast } from '../../state/ui.ts';
import { ChatPanel, type ChatMessage } from '../Lobby/ChatPanel.tsx';
import { historyLine } from '../Lobby/chatLines.ts';

export interface RoomChatRoom {
  roomId: string;
  lobbyId: string;
  hostUid: string;
  users: Array<{ uid: string; username: string }>;
  silenced?: string[];
}

export function RoomChat({ room, uid, onChanged }: { room: RoomChatRoom; uid: string; onChanged(position?: string): void }) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const nameOf = useCallback((u: string) => room.users.find((x) => x.uid === u)?.username ?? u.slice(0, 8), [room.users]);

  const load = useCallback(() => {
    void api.lobbies
      .chatHistory({ id: room.lobbyId }, { roomId: room.roomId, limit: 50 }, { quiet: true })
      .then((h) => setMessages(h.items.reverse().map(historyLine)))
      .catch(() => undefined);
  }, [room.lobbyId, room.roomId]);
  useEffect(load, [load]);
  useReconnected(load);

  useChannel(channels.roomAll(room.roomId), {
    onEvent: (m) => {
      const posted = publicEventOf(m.event, 'ChatMessagePosted');
      if (!posted) return;
      const d = posted.data;
      setMessages((c) =>
        c.some((x) => x.messageId === d.messageId)
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
    },
    onResync: load,
  });

  const silenced = room.silenced ?? [];
  const runsRoom = uid === room.hostUid;
  const other = room.users.find((u) => u.uid !== uid);
  const otherSilenced = !!other && silenced.includes(other.uid);
  const toggleSilence = async () => {
    if (!other) return;
    try {
      const a = await (otherSilenced ? api.lobbies.unsilenceInRoom : api.lobbies.silenceInRoom)({ id: room.roomId, uid: other.uid });
      toast(otherSilenced ? `${other.username} can chat again.` : `${other.username} is silenced in this room.`, 'success');
      onChanged(a.position);
    } catch {
      /* the client showed the server's message */
    }
  };

  return (
    <section className={chatStyles.roomChat} data-testid="room-chat">
      <div className={chatStyles.roomChatHeader}>
        <h2>Room chat</h2>
        {runsRoom && other ? (
          <Button size="sm" variant="secondary" onClick={() => void toggleSilence()} data-testid="room-silence">
            <Icon name={otherSilenced ? 'volume' : 'micOff'} size={14} />{' '}
            {otherSilenced ? `Unsilence ${other.username}` : `Silence ${other.username}`}
          </Button>
        ) : null}
      </div>
      <ChatPanel
        lobbyId={room.lobbyId}
        roomId={room.roomId}
        messages={messages}
        canChat
        onSignIn={() => undefined}
        silenced={silenced.includes(uid)}
        height={340}
      />
    </section>
  );
}
