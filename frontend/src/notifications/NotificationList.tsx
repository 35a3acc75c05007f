// A list of notifications: who, what, when, an unread dot; each row leads to its place in the app.
import type { NotificationDto } from '@murmur/contracts/notifications';
import { Link } from 'react-router';
import { Avatar } from '../components/Avatar.tsx';
import { listTime } from '../social/messageTime.ts';
import { notificationWords } from './notificationWords.ts';
import styles from './Notifications.module.css';

export function NotificationList({
  items,
  linkPrefix = '',
  unreadIds,
}: {
  items: NotificationDto[];
  linkPrefix?: string;
  unreadIds?: ReadonlySet<string>;
}) {
  return (
    <div className={styles.list} data-testid="notification-list">
      {items.map((n) => {
        const words = notificationWords(n);
        // Rows stay marked for the visit in which they were first seen unread.
        const unread = n.unread || !!unreadIds?.has(n.id);
        return (
          <Link
            key={n.id}
            to={`${linkPrefix}${n.link}`}
            className={`${styles.item} ${unread ? styles.unread : ''}`}
            data-testid={`notification-${n.kind}`}
            data-unread={unread}
          >
            {n.actor ? (
              <span className={styles.pic}>
                <Avatar name={n.actor.username} src={n.actor.profilePicUrl} size={44} />
                <span className={styles.kindIcon} aria-hidden>
                  {words.icon}
                </span>
              </span>
            ) : (
              <span className={styles.soloIcon} aria-hidden>
                {words.icon}
              </span>
            )}
            <span className={styles.text}>
              <span className={styles.title}>{words.title}</span>
              {words.detail ? <span className={styles.detail}>{words.detail}</span> : null}
            </span>
            <span className={styles.meta}>
              <time dateTime={n.at}>{listTime(n.at)}</time>
              {unread ? <span className={styles.dot} aria-label="Unread" /> : null}
            </span>
          </Link>
        );
      })}
    </div>
  );
}
