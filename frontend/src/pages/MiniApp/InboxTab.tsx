// Inbox: the notifications (marked read as they are shown) and the direct-message threads.
import { Link } from 'react-router';
import { Avatar } from '../../components/Avatar.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Pager } from '../../components/Pager.tsx';
import { NotificationList } from '../../notifications/NotificationList.tsx';
import { useNotificationsPage } from '../../notifications/useNotificationsPage.ts';
import { listTime } from '../../social/messageTime.ts';
import { useQuery } from '../../state/query.ts';
import { insideMiniApp } from './miniAppTabs.ts';
import styles from './MiniApp.module.css';
import { api } from '../../api/api.generated.ts';

export function InboxTab() {
  const { page, setPage, data, seenUnread } = useNotificationsPage();
  const { data: threads } = useQuery(api.messages.threads.path({ page: 1, limit: 5 }), { dedupingInterval: 5000 });
  return (
    <>
      <p className={styles.sectionTitle}>Notifications</p>
      {data && data.items.length === 0 ? (
        <EmptyState icon="🔔" title="Nothing yet">
          Gifts, new followers, messages and rewards show up here.
        </EmptyState>
      ) : null}
      {data && data.items.length > 0 ? (
        <NotificationList items={data.items.map((n) => ({ ...n, link: insideMiniApp(n.link) }))} unreadIds={seenUnread} />
      ) : null}
      {data ? <Pager page={page} totalPages={data.meta.totalPages} onPage={setPage} /> : null}
      <p className={styles.sectionTitle}>Messages</p>
      {threads && threads.items.length === 0 ? <p className={styles.muted}>No conversations yet.</p> : null}
      <div className={styles.list}>
        {threads?.items.map((t) => (
          <Link key={t.threadId} to={`/messages?with=${encodeURIComponent(t.otherUid)}`} className={styles.item} data-testid="mini-thread">
            <Avatar name={t.otherUsername ?? t.otherUid} src={t.otherProfilePic} size={40} />
            <span className={styles.itemText}>
              <span className={styles.itemTitle}>{t.otherUsername ?? t.otherUid}</span>
              <span className={styles.itemSub}>{t.lastMessage}</span>
            </span>
            <span className={styles.itemSub}>{listTime(t.lastMessageAt)}</span>
            {t.unread ? (
              <span className={styles.live} aria-label="Unread">
                NEW
              </span>
            ) : null}
          </Link>
        ))}
      </div>
      <Link to="/messages" className={styles.shareButton}>
        💬 All messages
      </Link>
    </>
  );
}
