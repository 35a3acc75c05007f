// A labelled form field with its validation message under it.
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import styles from './Field.module.css';

interface FieldFrameProps {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  id: string;
  children: ReactNode;
}

export function FieldFrame({ label, error, hint, id, children }: FieldFrameProps) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <p className={styles.error} role="alert" data-testid={`${id}-error`}>
          {error}
        </p>
      ) : hint ? (
        <p className={styles.hint}>{hint}</p>
      ) : null}
    </div>
  );
}

export function TextField({
  label,
  error,
  hint,
  id,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; error?: string | null; hint?: ReactNode; id: string }) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id}>
      <input id={id} name={id} className={`${styles.input} ${error ? styles.invalid : ''}`} aria-invalid={!!error} {...input} />
    </FieldFrame>
  );
}

export function TextArea({
  label,
  error,
  hint,
  id,
  ...input
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: ReactNode; error?: string | null; hint?: ReactNode; id: string }) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id}>
      <textarea
        id={id}
        name={id}
        className={`${styles.input} ${styles.textarea} ${error ? styles.invalid : ''}`}
        aria-invalid={!!error}
        {...input}
      />
    </FieldFrame>
  );
}

export { styles as fieldStyles };
