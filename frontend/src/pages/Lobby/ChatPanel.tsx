// Lobby and room chat: history plus live messages, a composer with emoji, sticker and GIF pickers
// (searched through the GIF provider), pictures through the presigned upload, pinning for staff,
// and the rate-limit and silenced texts when the server says so. Any signed-in reader may report
// someone else's message to the moderators.
import { texts } from '@murmur/contracts/errors';
import { lobbyTexts, type LobbyChatMessageType } from '@murmur/contracts/lobbies';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { ReportTarget } from '@murmur/contracts/moderation';
import { ApiCallError } from '../../api/client.ts';
import { useSession } from '../../api/session.ts';
import { ReportDialog } from '../../moderation/ReportDialog.tsx';
import type { AppearanceDto } from '@murmur/contracts/collections';
import { Avatar } from '../../components/Avatar.tsx';
import { Icon } from '../../components/Icon.tsx';
import { chatError } from '../../forms/validation.ts';
import { ChatMessageBody } from '../../lobby/chat/ChatMessageBody.tsx';
import { GifPicker } from '../../lobby/chat/GifPicker.tsx';
import chatStyles from '../../lobby/chat/Chat.module.css';
import { lobbyActions } from '../../lobby/lobbyActions.ts';
import { uploadMedia } from '../../social/socialApi.ts';
import { uploadError } from '../../social/uploadChecks.ts';
import { WornBadges } from '../../components/WornBadges.tsx';
import { GiftChatLine } from './GiftChatLine.tsx';
import styles from './Lobby.module.css';

export interface ChatMessage {
  messageId: string;
  uid: string;
  username: string;
  messageType: string;
  body: string;
  postedAt: string;
  /** A picture's signed address (history only; live pictures look it up). */
  mediaUrl?: string | null;
  /** What the sender wore when the history was read (live lines take the member's current look). */
  appearance?: AppearanceDto;
  /** A gift line (message type `gift`): the gift's catalogue name, quantity and recipients' names. */
  gift?: { name: string; quantity: number; recipients: string[] };
}

const emojis = ['😀', '😂', '😍', '🥰', '😎', '🤔', '😭', '😡', '👍', '👏', '🙏', '🔥', '💯', '🎉', '❤️', '💜', '✨', '🎶', '🎤', '👀'];

export interface ChatPanelProps {
  lobbyId: string;
  /** Set for a private room's chat. */
  roomId?: string | null;
  messages: ChatMessage[];
  canChat: boolean;
  onSignIn(): void;
  /** The viewer may not write here (silenced by the host or an admin). */
  silenced?: boolean;
  /** Staff may pin a text message above the stage. */
  onPin?(message: ChatMessage): void;
  /** A fixed height where the panel is not a full-height column (a room's card). */
  height?: number;
  /** The current look of a sender who is in the lobby (frame, badges, VIP name), live. */
  lookOf?(uid: string): AppearanceDto | undefined;
}

export function ChatPanel({
  lobbyId,
  roomId = null,
  messages,
  canChat,
  onSignIn,
  silenced = false,
  onPin,
  height,
  lookOf,
}: ChatPanelProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [picker, setPicker] = useState<'emoji' | 'sticker' | 'gif' | null>(null);
  const [uploading, setUploading] = useState(false);
  const [reporting, setReporting] = useState<{ target: ReportTarget; preview: string } | null>(null);
  const me = useSession((s) => s.claims?.uid ?? null);
  const list = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [messages.length]);

  const send = async (messageType: LobbyChatMessageType, body: string) => {
    const invalid = messageType === 'text' ? chatError(body) : null;
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    try {
      await (roomId
        ? lobbyActions.roomChat(lobbyId, roomId, messageType, body.trim())
        : lobbyActions.chat(lobbyId, messageType, body.trim()));
      if (messageType === 'text') setText('');
      setPicker(null);
    } catch (e) {
      const err = e as ApiCallError;
      setError(err.status === 429 ? texts.chatTooFast : err.message);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send('text', text);
  };

  const sendPicture = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const invalid = uploadError(file, true);
    if (invalid) return setError(invalid);
    setUploading(true);
    setError(null);
    try {
      const { fileName } = await uploadMedia(file, 'chat');
      await send('image', fileName);
    } catch {
      setError(texts.uploadFailed);
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className={styles.chat} style={height ? { height } : undefined}>
      <ReportDialog target={reporting?.target ?? null} preview={reporting?.preview} onClose={() => setReporting(null)} />
      <div className={styles.messages} ref={list} data-testid="chat-messages">
        {messages.length === 0 ? <p className={styles.chatEmpty}>Say hi to everyone 👋</p> : null}
        {messages.map((m) => {
          if (m.gift) return <GiftChatLine key={m.messageId} message={m} />;
          const look = lookOf?.(m.uid) ?? m.appearance;
          return (
            <div key={m.messageId} className={chatStyles.messageRow} data-testid="chat-message">
              <Avatar name={m.username} size={26} frame={look?.frameId} />
              <div>
                <span className={`${styles.messageName} ${look?.vip ? styles.vipName : ''}`} data-vip={look?.vip ? 'true' : undefined}>
                  {m.username}
                </span>
                <WornBadges badgeIds={look?.badgeIds} size={11} />
                <ChatMessageBody
                  message={m}
                  lobbyId={lobbyId}
                  roomId={roomId}
                  textClass={styles.messageBody!}
                  stickerClass={styles.sticker!}
                />
              </div>
              {onPin && m.messageType === 'text' ? (
                <button
                  type="button"
                  className={chatStyles.pinButton}
                  onClick={() => onPin(m)}
                  aria-label={`Pin message from ${m.username}`}
                  data-testid="pin-message"
                >
                  <Icon name="pin" size={12} /> Pin
                </button>
              ) : null}
              {canChat && me && m.uid !== me ? (
                <button
                  type="button"
                  className={chatStyles.reportButton}
                  onClick={() =>
                    setReporting({
                      target: { kind: 'message', lobbyId, messageId: m.messageId },
                      preview: `${m.username}: ${m.messageType === 'text' ? m.body : `[${m.messageType}]`}`,
                    })
                  }
                  aria-label={`Report message from ${m.username}`}
                  data-testid="report-message"
                >
                  ⚑ Report
                </button>
              ) : null}
            </div>
          );
        })}
      </div>
      {!canChat ? (
        <button className={styles.chatSignIn} onClick={onSignIn}>
          Register or log in to chat
        </button>
      ) : silenced ? (
        <p className={chatStyles.silencedNote} data-testid="chat-silenced">
          🔇 {lobbyTexts.silenced}
        </p>
      ) : (
        <>
          {picker === 'emoji' ? (
            <div className={styles.picker} data-testid="emoji-picker">
              {emojis.map((e) => (
                <button key={e} type="button" onClick={() => setText((t) => t + e)}>
                  {e}
                </button>
              ))}
            </div>
          ) : null}
          {picker === 'sticker' ? <GifPicker kind="sticker" onPick={(item) => void send('sticker', item.url)} /> : null}
          {picker === 'gif' ? <GifPicker kind="gif" onPick={(item) => void send('gif', item.url)} /> : null}
          {uploading ? <p className={chatStyles.uploading}>Sending picture…</p> : null}
          {error ? (
            <p className={styles.chatError} role="alert" data-testid="chat-error">
              {error}
            </p>
          ) : null}
          <form className={styles.composer} onSubmit={submit}>
            <button
              type="button"
              className={styles.pickerToggle}
              onClick={() => setPicker(picker === 'emoji' ? null : 'emoji')}
              aria-label="Emoji"
            >
              <Icon name="smile" size={18} />
            </button>
            <button
              type="button"
              className={styles.pickerToggle}
              onClick={() => setPicker(picker === 'sticker' ? null : 'sticker')}
              aria-label="Stickers"
              data-testid="open-stickers"
            >
              🐱
            </button>
            <button
              type="button"
              className={`${styles.pickerToggle} ${styles.gifToggle}`}
              onClick={() => setPicker(picker === 'gif' ? null : 'gif')}
              aria-label="GIF"
              data-testid="open-gifs-picker"
            >
              GIF
            </button>
            <button
              type="button"
              className={styles.pickerToggle}
              onClick={() => fileInput.current?.click()}
              aria-label="Send a picture"
              disabled={uploading}
              data-testid="send-picture"
            >
              <Icon name="image" size={18} />
            </button>
            <input ref={fileInput} type="file" accept="image/*" hidden onChange={(e) => void sendPicture(e)} data-testid="picture-input" />
            <input
              className={styles.chatInput}
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="Say something…"
              maxLength={1000}
              data-testid="chat-input"
            />
            <button type="submit" className={styles.send} aria-label="Send" data-testid="chat-send">
              <Icon name="send" size={18} />
            </button>
          </form>
        </>
      )}
    </div>
  );
}
