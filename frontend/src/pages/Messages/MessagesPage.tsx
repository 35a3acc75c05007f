// /messages and /messages/new: the thread list with search and unread flags, a thread with older
// pages by timestamp (20 a page), the composer with chat images, the new-message composer with a
// To field, and live delivery on the user's `users/{uid}` channel.
import { threadIdOf, type DirectMessage, type FollowerItem, type MessageThread } from '@murmur/contracts/social';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/client.ts';
import { useChannel } from '../../api/realtime.ts';
import { useSession } from '../../api/session.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { refreshQueries, setQueryData, useQuery } from '../../state/query.ts';
import { paths, uploadMedia, type Paged } from '../../social/socialApi.ts';
import { uploadError } from '../../social/uploadChecks.ts';
import styles from './MessagesPage.module.css';

interface ThreadPage {
  items: DirectMessage[];
  nextBefore: string | null;
}

export default function MessagesPage({ compose }: { compose?: boolean }) {
  const me = useSession((s) => s.claims?.uid) ?? '';
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const withUid = params.get('with');
  const threadsKey = paths.threads(search);
  const { data: threads } = useQuery<Paged<MessageThread>>(threadsKey, { dedupingInterval: 5000 });
  const selected = withUid && me ? threadIdOf(me, withUid) : null;

  // New messages arrive on users/{uid}: refresh the list and append to an open thread.
  useChannel(me ? `users/${me}` : null, {
    onEvent(message) {
      const { event } = message;
      if (event.type !== 'DirectMessageSent') return;
      const d = event.data as unknown as DirectMessage;
      void setQueryData<ThreadPage>(paths.thread(d.threadId), (page) =>
        page && !page.items.some((m) => m.messageId === d.messageId) ? { ...page, items: [...page.items, { ...d, imageUrl: null }] } : page,
      );
      // Re-read at the event's position: the read model may not have applied it yet.
      const fresh = <T,>(key: string) =>
        api.get<T>(key, { minPosition: message.position, quiet: true }).then((body) => setQueryData<T>(key, () => body), () => undefined);
      void fresh<ThreadPage>(paths.thread(d.threadId));
      void fresh<Paged<MessageThread>>(threadsKey);
    },
  });

  return (
    <div className={styles.page}>
      <aside className={styles.threads}>
        <div className={styles.threadsHeader}>
          <input className={styles.input} placeholder="Search" value={search} onChange={(e) => setSearch(e.target.value)} />
          <Button size="sm" onClick={() => navigate('/messages/new')} data-testid="new-message">
            New
          </Button>
        </div>
        {threads?.items.map((t) => (
          <button key={t.threadId} className={`${styles.thread} ${t.threadId === selected ? styles.active : ''}`} onClick={() => navigate(`/messages?with=${encodeURIComponent(t.otherUid)}`)}>
            <Avatar name={t.otherUsername ?? t.otherUid} src={t.otherProfilePic} size={36} />
            <span className={styles.threadText}>
              <strong>{t.otherUsername ?? t.otherUid}</strong>
              <span className={styles.preview}>{t.lastMessage}</span>
            </span>
            {t.unread ? <span className={styles.unread} aria-label="unread" data-testid="unread-dot" /> : null}
          </button>
        ))}
        {threads && threads.items.length === 0 ? <p className={styles.dim}>No conversations yet.</p> : null}
      </aside>
      <section className={styles.main}>
        {compose ? (
          <NewMessage onPicked={(uid) => navigate(`/messages?with=${encodeURIComponent(uid)}`)} />
        ) : withUid && selected ? (
          <Thread key={selected} me={me} other={withUid} threadId={selected} />
        ) : (
          <EmptyState icon="💬" title="No chat selected">
            Pick a conversation or start a new one.
          </EmptyState>
        )}
      </section>
    </div>
  );
}

function NewMessage({ onPicked }: { onPicked(uid: string): void }) {
  const [to, setTo] = useState('');
  const { data } = useQuery<Paged<FollowerItem>>(to.trim().length >= 2 ? `/cms/users?q=${encodeURIComponent(to.trim())}` : null);
  return (
    <div className={styles.compose}>
      <label className={styles.to}>
        To:
        <input className={styles.input} autoFocus value={to} onChange={(e) => setTo(e.target.value)} placeholder="Username" data-testid="to-field" />
      </label>
      {data?.items
        .filter((u) => !u.isSelf)
        .map((u) => (
          <button key={u.uid} className={styles.thread} onClick={() => onPicked(u.uid)} data-testid={`pick-${u.uid}`}>
            <Avatar name={u.username ?? u.uid} src={u.profilePic} size={32} />
            <span>{u.username ?? u.uid}</span>
          </button>
        ))}
    </div>
  );
}

function Thread({ me, other, threadId }: { me: string; other: string; threadId: string }) {
  const key = paths.thread(threadId);
  const { data } = useQuery<ThreadPage>(key, { dedupingInterval: 2000 });
  const [older, setOlder] = useState<DirectMessage[]>([]);
  const [olderCursor, setOlderCursor] = useState<string | null | undefined>(undefined);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  const cursor = olderCursor === undefined ? data?.nextBefore ?? null : olderCursor;

  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [data?.items.length]);
  useEffect(() => {
    // Opening a thread marks it read (messages/refresh).
    if (data?.items.some((m) => m.recipientUid === me)) void api.post('/messages/refresh', { threadId }, { quiet: true }).catch(() => undefined);
  }, [data?.items.length, me, threadId]);

  const loadOlder = async () => {
    if (!cursor) return;
    const page = await api.get<ThreadPage>(`${key}?before=${encodeURIComponent(cursor)}`);
    setOlder([...page.items, ...older]);
    setOlderCursor(page.nextBefore);
  };

  const send = async (body: { text?: string; imageFileName?: string }) => {
    setSending(true);
    setError(null);
    try {
      await api.post(`/messages/send/${encodeURIComponent(other)}`, { ...body, clientMessageId: crypto.randomUUID() }, { quiet: true });
      setText('');
      await refreshQueries(key, '/messages/threads');
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
  return (
    <div className={styles.threadView}>
      <div className={styles.messages} data-testid="message-list">
        {cursor ? (
          <Button variant="ghost" size="sm" onClick={() => void loadOlder()}>
            Load older
          </Button>
        ) : null}
        {messages.map((m) => (
          <div key={m.messageId} className={`${styles.bubble} ${m.senderUid === me ? styles.mine : ''}`} data-testid="message">
            {m.imageUrl ? <img className={styles.image} src={m.imageUrl} alt="" /> : null}
            {m.text ? <span>{m.text}</span> : null}
          </div>
        ))}
        <div ref={end} />
      </div>
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
        <label className={styles.attach} title="Send an image">
          📎
          <input type="file" hidden accept="image/*" onChange={(e) => void sendImage(e.target.files?.[0])} />
        </label>
        <input className={styles.input} value={text} onChange={(e) => setText(e.target.value)} placeholder="Type a message" maxLength={1000} data-testid="message-input" />
        <Button type="submit" busy={sending} disabled={!text.trim()} data-testid="send-message">
          Send
        </Button>
      </form>
    </div>
  );
}
