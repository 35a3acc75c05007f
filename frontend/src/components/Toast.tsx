// Toasts fed by the UI store so the API client can raise them from anywhere. Deliberately not
// radix's Toast: each of its toasts is a dismissable layer above every open dialog, so the Escape
// a person pressed to close a dialog closed the toast instead and left the dialog (and its overlay)
// over the page. A notice that is not modal must never take the keyboard from the dialog in use.
import { useEffect, useRef, useState } from 'react';
import { useUi, type ToastItem } from '../state/ui.ts';
import styles from './Toast.module.css';

const DURATION_MS = 4500;

export function Toaster() {
  const toasts = useUi((s) => s.toasts);
  return (
    <ol className={styles.viewport} aria-label="Notifications">
      {toasts.map((t) => (
        <Toast key={t.id} toast={t} />
      ))}
    </ol>
  );
}

function Toast({ toast }: { toast: ToastItem }) {
  const dismiss = useUi((s) => s.dismissToast);
  // Hovering or focusing a toast holds it on screen; it goes on its own once left.
  const [held, setHeld] = useState(false);
  const left = useRef(DURATION_MS);
  useEffect(() => {
    if (held || toast.untilDismissed) return;
    const started = Date.now();
    const timer = setTimeout(() => dismiss(toast.id), left.current);
    return () => {
      clearTimeout(timer);
      left.current = Math.max(1000, left.current - (Date.now() - started));
    };
  }, [held, dismiss, toast.id, toast.untilDismissed]);
  return (
    <li
      className={`${styles.toast} ${styles[toast.tone]}`}
      role={toast.tone === 'error' ? 'alert' : 'status'}
      data-testid="toast"
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      {toast.title ? <div className={styles.title}>{toast.title}</div> : null}
      <div className={styles.message}>{toast.message}</div>
      <button type="button" className={styles.close} aria-label="Dismiss" onClick={() => dismiss(toast.id)}>
        ×
      </button>
    </li>
  );
}
