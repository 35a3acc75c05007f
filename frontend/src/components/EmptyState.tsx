// A designed empty state: icon, title, explanation and an optional action.
import type { ReactNode } from 'react';
import styles from './EmptyState.module.css';

export function EmptyState({
  icon = '✦',
  title,
  children,
  action,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className={styles.empty} data-testid="empty-state">
      <div className={styles.icon} aria-hidden>
        {icon}
      </div>
      <h3 className={styles.title}>{title}</h3>
      {children ? <p className={styles.text}>{children}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
