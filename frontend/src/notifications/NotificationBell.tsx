// The bell in the header: the unread count, leading to the notifications centre.
import { NavLink } from 'react-router';
import { actingMember, useSession } from '../api/session.ts';
import { Icon } from '../components/Icon.tsx';
import { useUnreadNotifications } from './notificationsApi.ts';
import styles from './Notifications.module.css';

export function NotificationBell({ className, to = '/notifications' }: { className?: string; to?: string }) {
  const n = useUnreadNotifications()?.unreadCount ?? 0;
  const member = useSession(actingMember);
  if (!member) return null;
  const label = n === 0 ? 'Notifications' : `Notifications: ${n} unread`;
  return (
    <NavLink to={to} className={`${className ?? ''} ${styles.bell}`} aria-label={label} title={label} data-testid="notification-bell">
      <Icon name="bell" />
      {n > 0 ? (
        <span className={styles.bellCount} data-testid="notification-count">
          {n > 99 ? '99+' : n}
        </span>
      ) : null}
    </NavLink>
  );
}
