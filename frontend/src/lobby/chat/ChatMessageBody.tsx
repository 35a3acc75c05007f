// What a chat message shows: text, an emoji or picture sticker, a GIF, or an uploaded picture (whose
// signed address comes from the chat history, read again when a live message carries only its key).
import { useEffect, useState } from 'react';
import { api } from '../../api/api.generated.ts';
import styles from './Chat.module.css';

export interface ChatBody {
  messageId: string;
  messageType: string;
  body: string;
  mediaUrl?: string | null;
}

const isAddress = (body: string) => body.startsWith('/') || body.startsWith('https://');

export function ChatMessageBody({
  message,
  lobbyId,
  roomId,
  textClass,
  stickerClass,
}: {
  message: ChatBody;
  lobbyId: string;
  roomId?: string | null;
  textClass: string;
  stickerClass: string;
}) {
  switch (message.messageType) {
    case 'gif':
      return <img className={styles.media} src={message.body} alt="GIF" data-testid="chat-gif" />;
    case 'sticker':
      return <ChatSticker body={message.body} emojiClass={stickerClass} />;
    case 'image':
      return <ChatPicture message={message} lobbyId={lobbyId} roomId={roomId ?? null} />;
    default:
      return <p className={textClass}>{message.body}</p>;
  }
}

/** A sticker as the chat shows it: its picture when the body is an address, else the emoji it is.
 * `imageClass` sizes the picture where it shows smaller (the reports queue). */
export function ChatSticker({ body, emojiClass, imageClass }: { body: string; emojiClass: string; imageClass?: string }) {
  return isAddress(body) ? (
    <img className={`${styles.stickerImage} ${imageClass ?? ''}`} src={body} alt="Sticker" data-testid="chat-sticker" />
  ) : (
    <span className={emojiClass}>{body}</span>
  );
}

function ChatPicture({ message, lobbyId, roomId }: { message: ChatBody; lobbyId: string; roomId: string | null }) {
  const [url, setUrl] = useState(message.mediaUrl ?? null);
  useEffect(() => {
    if (url) return;
    let live = true;
    // The history may not hold the message for a moment (projection lag): ask a few times.
    const find = async () => {
      for (let attempt = 0; attempt < 6 && live; attempt++) {
        const history = await api.lobbies
          .chatHistory({ id: lobbyId }, { limit: 50, roomId: roomId ?? undefined }, { quiet: true })
          .catch(() => null);
        const found = history?.items.find((m) => m.messageId === message.messageId)?.mediaUrl;
        if (found) return void (live && setUrl(found));
        await new Promise((r) => setTimeout(r, 500 * (attempt + 1)));
      }
    };
    void find();
    return () => {
      live = false;
    };
  }, [url, lobbyId, roomId, message.messageId]);
  return url ? (
    <img className={styles.media} src={url} alt="Picture" data-testid="chat-image" />
  ) : (
    <span className={styles.imagePending}>Loading picture…</span>
  );
}
