// Toasts on radix-ui, fed by the UI store so the API client can raise them from anywhere.
import { Toast as T } from 'radix-ui';
import { useUi } from '../state/ui.ts';
import styles from './Toast.module.css';

export function Toaster() {
  const toasts = useUi((s) => s.toasts);
  const dismiss = useUi((s) => s.dismissToast);
  return (
    <T.Provider swipeDirection="right" duration={4500}>
      {toasts.map((t) => (
        <T.Root key={t.id} className={`${styles.toast} ${styles[t.tone]}`} onOpenChange={(open) => !open && dismiss(t.id)} data-testid="toast">
          {t.title ? <T.Title className={styles.title}>{t.title}</T.Title> : null}
          <T.Description className={styles.message}>{t.message}</T.Description>
          <T.Close className={styles.close} aria-label="Dismiss">
            ×
          </T.Close>
        </T.Root>
      ))}
      <T.Viewport className={styles.viewport} />
    </T.Provider>
  );
}
