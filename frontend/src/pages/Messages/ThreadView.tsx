// One conversation: a header naming the other person (link to the profile, follow state), the
// messages with day headings and times, older pages by timestamp, and the composer, which says
// before anyone types whether the rule lets the viewer write.
import type { DirectMessage, MessageHistory } from '@murmur/contracts/social';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../api/api.generated.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { Button } from '../../components/Button.tsx';
import { refreshQueries, useQuery } from '../../state/query.ts';
import { clockTime, dayLabel, startsDay } from '../../social/messageTime.ts';
import { uploadMedia } from '../../social/socialApi.ts';
import { refreshUnread } from '../../social/unreadMessages.ts';
import { uploadError } from '../../social/uploadChecks.ts';
import { composerRefusal, DmRuleNotice } from './DmRuleNotice.tsx';
import { ReportDialog } from '../../moderation/ReportDialog.tsx';
import styles from './MessagesPage.module.css';

export function ThreadView({ me, other, threadId, onBack }: { me: string; other: string; threadId: string; onBack(): void }) {
  const { data } = useQuery(api.messages.thread.path({ threadId }), { dedupingInterval: 2000 });
  // A follow-back arrives live (Followed on users/{me}); until the follow is mutual the profile is
  // also re-read now and then, so the composer opens without a reload either way.
  const { data: view } = useQuery(api.social.profile.path({ uid: other }), {
    refreshInterval: (v) => (v && !(v.isFollowing && v.isFollower) && !v.isBlocked ? 10_000 : 0),
  });
  const [older, setOlder] = useState<DirectMessage[]>([]);
  const [olderCursor, setOlderCursor] = useState<string | null | undefined>(undefined);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [reporting, setReporting] = useState<DirectMessage | null>(null);
  const end = useRef<HTMLDivElement>(null);
  const cursor = olderCursor === undefined ? (data?.nextBefore ?? null) : olderCursor;
  const lastIncoming = [...(data?.items ?? [])].reverse().find((m) => m.recipientUid === me)?.messageId;

  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [data?.items.length]);
  useEffect(() => {
    // Opening a thread (or a message arriving in it) marks it read; the list and badge follow.
    if (!lastIncoming) return;
    void api.messages
      .markRead({ threadId }, { quiet: true })
      .then((r) => Promise.all([refreshQueries('/messages/threads?', '/messages/threads'), refreshUnread(r?.position)]))
      .catch(() => undefined);
  }, [lastIncoming, threadId]);

  const loadOlder = async () => {
    if (!cursor) return;
    const page: MessageHistory = await api.messages.thread({ threadId }, { before: cursor });
    setOlder([...page.items, ...older]);
    setOlderCursor(page.nextBefore);
  };

  const send = async (body: { text?: string; imageFileName?: string }) => {
    setSending(true);
    setError(null);
    try {
      await api.messages.send({ uid: other }, { ...body, clientMessageId: crypto.randomUUID() }, { quiet: true });
      setText('');
      await refreshQueries(api.messages.thread.path({ threadId }), '/messages/threads');
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSending(false);
    }
  };

  const sendImage = async (file: File | undefined) => {
    if (!file) return;
    const problem = uploadError(file, true);
    if (problem) return setError(problem);
    const { fileName } = await uploadMedia(file, 'chat');
    await send({ imageFileName: fileName });
  };

  const messages = [...older, ...(data?.items ?? [])];
  const times = messages.map((m) => m.sentAt);
  const refusal = data ? composerRefusal(me, view, messages) : null;
  const name = view?.username ?? other.slice(0, 8);
  return (
    <div className={styles.threadView}>
      <header className={styles.threadHeader} data-testid="thread-header">
        <button type="button" className={styles.back} onClick={onBack} aria-label="Back to conversations" data-testid="thread-back">
          ‹
        </button>
        <Link to={`/profile?uid=${encodeURIComponent(other)}`} className={styles.who}>
          <Avatar name={name} src={view?.profilePicUrl} size={38} />
          <span className={styles.whoText}>
            <strong data-testid="thread-name">{name}</strong>
            <span className={styles.dimSmall}>
              {view
                ? view.isFollowing && view.isFollower
                  ? 'You follow each other'
                  : view.isFollowing
                    ? 'You follow them'
                    : view.isFollower
                      ? 'Follows you'
                      : 'Not connected'
                : ''}
            </span>
          </span>
        </Link>
      </header>
      <div className={styles.messages} data-testid="message-list">
        {cursor ? (
          <Button variant="ghost" size="sm" onClick={() => void loadOlder()}>
            Load older
          </Button>
        ) : null}
        {data && messages.length === 0 ? <p className={styles.startHint}>This is the beginning of your conversation with {name}.</p> : null}
        {messages.map((m, i) => (
          <div key={m.messageId} className={styles.row}>
            {startsDay(times, i) ? (
              <div className={styles.day} data-testid="day-heading">
                {dayLabel(m.sentAt)}
              </div>
            ) : null}
            <div className={`${styles.bubble} ${m.senderUid === me ? styles.mine : ''}`}>
              {m.imageUrl ? <img className={styles.image} src={m.imageUrl} alt="" /> : null}
              {m.text ? <span data-testid="message">{m.text}</span> : null}
              <time className={styles.time} dateTime={m.sentAt} data-testid="message-time">
                {clockTime(m.sentAt)}
              </time>
              {m.senderUid !== me ? (
                <button
                  type="button"
                  className={styles.reportMessage}
                  onClick={() => setReporting(m)}
                  aria-label="Report message"
                  data-testid="report-dm"
                >
                  ⚑
                </button>
              ) : null}
            </div>
          </div>
        ))}
        <div ref={end} />
      </div>
      <ReportDialog
        target={reporting ? { kind: 'dm', messageId: reporting.messageId } : null}
        preview={reporting?.text || null}
        onClose={() => setReporting(null)}
      />
      {refusal && view ? <DmRuleNotice view={view} refusal={refusal} /> : null}
      {error ? (
        <p className={styles.error} role="alert" data-testid="dm-error">
          {error}
        </p>
      ) : null}
      <form
        className={styles.composer}
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) void send({ text: text.trim() });
        }}
      >
        <label className={`${styles.attach} ${refusal ? styles.disabled : ''}`} title="Send an image">
          📎
          <input type="file" hidden accept="image/*" disabled={!!refusal} onChange={(e) => void sendImage(e.target.files?.[0])} />
        </label>
        <input
          className={styles.input}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={refusal ? 'You cannot write here yet' : `Message ${name}`}
          maxLength={1000}
          disabled={!!refusal}
          data-testid="message-input"
        />
        <Button type="submit" busy={sending} disabled={!text.trim() || !!refusal} data-testid="send-message">
          Send
        </Button>
      </form>
    </div>
  );
}
