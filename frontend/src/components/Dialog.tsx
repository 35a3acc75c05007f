// Modal dialog on radix-ui: overlay, centred card, title, optional description, close button.
import { Dialog as D } from 'radix-ui';
import type { ReactNode } from 'react';
import styles from './Dialog.module.css';

export interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Hides the close cross (flows that must be answered, e.g. the 18+ warning). */
  hideClose?: boolean;
  testId?: string;
}

export function Dialog({ open, onOpenChange, title, description, children, footer, size = 'md', hideClose, testId }: DialogProps) {
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className={styles.overlay} />
        <D.Content
          className={`${styles.content} ${styles[size]}`}
          data-testid={testId}
          aria-describedby={description ? undefined : undefined}
        >
          <div className={styles.header}>
            <D.Title className={styles.title}>{title}</D.Title>
            {hideClose ? null : (
              <D.Close className={styles.close} aria-label="Close">
                ×
              </D.Close>
            )}
          </div>
          {description ? (
            <D.Description className={styles.description}>{description}</D.Description>
          ) : (
            <D.Description className="visually-hidden">{typeof title === 'string' ? title : 'Dialog'}</D.Description>
          )}
          <div className={styles.body}>{children}</div>
          {footer ? <div className={styles.footer}>{footer}</div> : null}
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
