// /messages and /messages/new: the thread list with search and unread flags, a thread with older
// pages by timestamp (20 a page), the composer with chat images, the new-message composer with a
// To field, and live delivery on the user's `users/{uid}` channel. On a phone the list and the
// open conversation take the screen in turn.
import { publicEventOf } from '@murmur/contracts/public-events';
import type { ApiRouteOf } from '@murmur/contracts/api-catalogue';
import { threadIdOf } from '@murmur/contracts/social';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/api.generated.ts';
import type { RoutePath } from '../../api/routeCall.ts';
import { useChannel } from '../../api/realtime.ts';
import { useSession } from '../../api/session.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { refetchQuery, setQueryData, useQuery } from '../../state/query.ts';
import { listTime } from '../../social/messageTime.ts';
import { ThreadView } from './ThreadView.tsx';
import styles from './MessagesPage.module.css';

export default function MessagesPage({ compose }: { compose?: boolean }) {
  const me = useSession((s) => s.claims?.uid) ?? '';
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const withUid = params.get('with');
  const threadsKey = api.messages.threads.path({ q: search.trim() || undefined });
  const { data: threads } = useQuery(threadsKey, { dedupingInterval: 5000 });
  const selected = withUid && me ? threadIdOf(me, withUid) : null;
  const open = compose || !!selected;

  // New messages arrive on users/{uid}: refresh the list and append to an open thread.
  useChannel(me ? `users/${me}` : null, {
    onEvent(message) {
      const { event } = message;
      // Re-read at the event's position: the read model may not have applied it yet.
      const fresh = <K extends ApiRouteOf<'GET'>>(key: RoutePath<K>) => refetchQuery(key, message.position);
      if (event.type === 'DirectThreadRead') {
        void fresh(threadsKey);
        return;
      }
      const followed = publicEventOf(event, 'Followed');
      if (followed) {
        // Someone followed me: an open conversation with them may be allowed now.
        void fresh(api.social.profile.path({ uid: followed.data.followerUid }));
        return;
      }
      const sent = publicEventOf(event, 'DirectMessageSent');
      if (!sent) return;
      const d = sent.data;
      void setQueryData(api.messages.thread.path({ threadId: d.threadId }), (page) =>
        page && !page.items.some((m) => m.messageId === d.messageId) ? { ...page, items: [...page.items, { ...d, imageUrl: null }] } : page,
      );
      void fresh(api.messages.thread.path({ threadId: d.threadId }));
      void fresh(threadsKey);
    },
  });

  return (
    <div className={`${styles.page} ${open ? styles.showMain : styles.showList}`}>
      <aside className={styles.threads}>
        <div className={styles.threadsHeader}>
          <input
            className={styles.input}
            placeholder="Search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            aria-label="Search conversations"
            data-testid="thread-search"
          />
          <Button size="sm" onClick={() => navigate('/messages/new')} data-testid="new-message">
            New
          </Button>
        </div>
        {threads?.items.map((t) => {
          const active = t.threadId === selected;
          // The open conversation is being read: no unread dot on it, whatever the list last said.
          const unread = t.unread && !active;
          return (
            <button
              key={t.threadId}
              className={`${styles.thread} ${active ? styles.active : ''}`}
              onClick={() => navigate(`/messages?with=${encodeURIComponent(t.otherUid)}`)}
              data-testid={`thread-${t.otherUid}`}
            >
              <Avatar name={t.otherUsername ?? t.otherUid} src={t.otherProfilePic} size={40} />
              <span className={styles.threadText}>
                <span className={styles.threadTop}>
                  <strong className={unread ? styles.unreadName : undefined}>{t.otherUsername ?? t.otherUid}</strong>
                  <time className={styles.threadTime} dateTime={t.lastMessageAt}>
                    {listTime(t.lastMessageAt)}
                  </time>
                </span>
                <span className={`${styles.preview} ${unread ? styles.unreadPreview : ''}`}>{t.lastMessage}</span>
              </span>
              {unread ? <span className={styles.unread} aria-label="unread" data-testid="unread-dot" /> : null}
            </button>
          );
        })}
        {threads && threads.items.length === 0 ? (
          search.trim() ? (
            <div className={styles.noResult} data-testid="no-thread-match">
              <p>No conversations match “{search.trim()}”.</p>
              <Button size="sm" variant="secondary" onClick={() => navigate('/messages/new')}>
                Find someone new
              </Button>
            </div>
          ) : (
            <p className={styles.dim}>No conversations yet. Follow people you meet in lobbies, then say hello.</p>
          )
        ) : null}
      </aside>
      <section className={styles.main}>
        {compose ? (
          <NewMessage onPicked={(uid) => navigate(`/messages?with=${encodeURIComponent(uid)}`)} onBack={() => navigate('/messages')} />
        ) : withUid && selected ? (
          <ThreadView key={selected} me={me} other={withUid} threadId={selected} onBack={() => navigate('/messages')} />
        ) : (
          <EmptyState icon="💬" title="No chat selected">
            Pick a conversation or start a new one.
          </EmptyState>
        )}
      </section>
    </div>
  );
}

function NewMessage({ onPicked, onBack }: { onPicked(uid: string): void; onBack(): void }) {
  const [to, setTo] = useState('');
  const query = to.trim();
  const { data } = useQuery(query.length >= 2 ? api.social.searchUsers.path({ q: query }) : null);
  const people = data?.items.filter((u) => !u.isSelf) ?? [];
  return (
    <div className={styles.compose}>
      <div className={styles.to}>
        <button type="button" className={styles.back} onClick={onBack} aria-label="Back to conversations">
          ‹
        </button>
        <label className={styles.toLabel}>
          To:
          <input
            className={styles.input}
            autoFocus
            value={to}
            onChange={(e) => setTo(e.target.value)}
            placeholder="Username"
            data-testid="to-field"
          />
        </label>
      </div>
      {people.map((u) => (
        <button key={u.uid} className={styles.thread} onClick={() => onPicked(u.uid)} data-testid={`pick-${u.uid}`}>
          <Avatar name={u.username ?? u.uid} src={u.profilePic} size={32} />
          <span>{u.username ?? u.uid}</span>
        </button>
      ))}
      {query.length >= 2 && data && people.length === 0 ? <p className={styles.dim}>Nobody is called like “{query}”.</p> : null}
    </div>
  );
}
