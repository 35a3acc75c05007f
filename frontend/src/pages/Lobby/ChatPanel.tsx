// Lobby chat: history plus live messages, a composer with emoji, sticker and GIF pickers, and the
// rate-limit text when the server says so.
import { texts } from '@murmur/contracts/errors';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiCallError } from '../../api/client.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { Icon } from '../../components/Icon.tsx';
import { chatError } from '../../forms/validation.ts';
import { lobbyActions } from '../../lobby/lobbyActions.ts';
import { GiftChatLine } from './GiftChatLine.tsx';
import styles from './Lobby.module.css';

export interface ChatMessage {
  messageId: string;
  uid: string;
  username: string;
  messageType: string;
  body: string;
  postedAt: string;
  /** A gift line (message type `gift`): the gift's catalogue name, quantity and recipients' names. */
  gift?: { name: string; quantity: number; recipients: string[] };
}

const emojis = ['😀', '😂', '😍', '🥰', '😎', '🤔', '😭', '😡', '👍', '👏', '🙏', '🔥', '💯', '🎉', '❤️', '💜', '✨', '🎶', '🎤', '👀'];
const stickers = ['🐱', '🐶', '🦄', '🐼', '🐸', '🦊', '🐧', '🐙', '🌈', '🍕', '🍩', '🎂'];
const gifs = [
  { label: 'Party', url: '/gifts/fireworks-animated.svg' },
  { label: 'Love', url: '/gifts/heart-animated.svg' },
  { label: 'Wow', url: '/gifts/rocket-animated.svg' },
  { label: 'Cheers', url: '/gifts/star-animated.svg' },
];

export function ChatPanel({ lobbyId, messages, canChat, onSignIn }: { lobbyId: string; messages: ChatMessage[]; canChat: boolean; onSignIn(): void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [picker, setPicker] = useState<'emoji' | 'sticker' | 'gif' | null>(null);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [messages.length]);

  const send = async (messageType: string, body: string) => {
    const invalid = chatError(body);
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    try {
      await lobbyActions.chat(lobbyId, messageType, body.trim());
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

  return (
    <div className={styles.chat}>
      <div className={styles.messages} ref={list} data-testid="chat-messages">
        {messages.length === 0 ? <p className={styles.chatEmpty}>Say hi to everyone 👋</p> : null}
        {messages.map((m) =>
          m.gift ? (
            <GiftChatLine key={m.messageId} message={m} />
          ) : (
          <div key={m.messageId} className={styles.message}>
            <Avatar name={m.username} size={26} />
            <div>
              <span className={styles.messageName}>{m.username}</span>
              {m.messageType === 'gif' || m.messageType === 'image' ? (
                <img className={styles.messageGif} src={m.body} alt="GIF" />
              ) : m.messageType === 'sticker' ? (
                <span className={styles.sticker}>{m.body}</span>
              ) : (
                <p className={styles.messageBody}>{m.body}</p>
              )}
            </div>
          </div>
          ),
        )}
      </div>
      {canChat ? (
        <>
          {picker ? (
            <div className={styles.picker} data-testid={`${picker}-picker`}>
              {picker === 'emoji' ? emojis.map((e) => <button key={e} onClick={() => setText((t) => t + e)}>{e}</button>) : null}
              {picker === 'sticker' ? stickers.map((s) => <button key={s} className={styles.stickerButton} onClick={() => void send('sticker', s)}>{s}</button>) : null}
              {picker === 'gif'
                ? gifs.map((g) => (
                    <button key={g.url} className={styles.gifButton} onClick={() => void send('gif', g.url)}>
                      <img src={g.url} alt={g.label} />
                    </button>
                  ))
                : null}
            </div>
          ) : null}
          {error ? (
            <p className={styles.chatError} role="alert" data-testid="chat-error">
              {error}
            </p>
          ) : null}
          <form className={styles.composer} onSubmit={submit}>
            <button type="button" className={styles.pickerToggle} onClick={() => setPicker(picker === 'emoji' ? null : 'emoji')} aria-label="Emoji">
              <Icon name="smile" size={18} />
            </button>
            <button type="button" className={styles.pickerToggle} onClick={() => setPicker(picker === 'sticker' ? null : 'sticker')} aria-label="Stickers">
              🐱
            </button>
            <button type="button" className={`${styles.pickerToggle} ${styles.gifToggle}`} onClick={() => setPicker(picker === 'gif' ? null : 'gif')} aria-label="GIF">
              GIF
            </button>
            <input className={styles.chatInput} value={text} onChange={(e) => setText(e.target.value)} placeholder="Say something…" maxLength={1000} data-testid="chat-input" />
            <button type="submit" className={styles.send} aria-label="Send" data-testid="chat-send">
              <Icon name="send" size={18} />
            </button>
          </form>
        </>
      ) : (
        <button className={styles.chatSignIn} onClick={onSignIn}>
          Register or log in to chat
        </button>
      )}
    </div>
  );
}
