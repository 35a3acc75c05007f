// The number of conversations with unread messages, on the Messages menu entry and tab.
import { useUnreadThreads } from '../social/unreadMessages.ts';
import styles from './AppShell.module.css';

export function UnreadBadge({ compact }: { compact?: boolean }) {
  const n = useUnreadThreads();
  if (n === 0) return null;
  const label = `${n} unread conversation${n === 1 ? '' : 's'}`;
  return (
    <span className={compact ? styles.badgeCompact : styles.badge} aria-label={label} title={label} data-testid="unread-badge">
      {n > 99 ? '99+' : n}
    </span>
  );
}
