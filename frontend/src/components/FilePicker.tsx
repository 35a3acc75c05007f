// A file picker with a preview: a drop zone button instead of the browser's raw control, then the
// chosen picture, video or sound with its name, size, Change and Remove. The input is emptied after
// each pick, so nothing of a previous file lingers and the same file can be picked again.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from './Button.tsx';
import styles from './FilePicker.module.css';

export interface FilePickerProps {
  /** The chosen file (owned by the caller; null clears the picker). */
  file: File | null;
  onPick(file: File | null): void;
  accept: string;
  /** Text of the empty drop zone, e.g. "Add a photo or video". */
  prompt: string;
  /** What is stored already (an avatar, a banner), previewed until a new file is picked. */
  currentUrl?: string | null;
  shape?: 'square' | 'round' | 'wide';
  /** Shown under the picker (the caller's validation message). */
  error?: string | null;
  busy?: boolean;
  testId?: string;
  /** Hides Remove when the stored value cannot be removed (e.g. a profile picture). */
  removable?: boolean;
  children?: ReactNode;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

function Preview({ url, type, shape }: { url: string; type: string; shape: FilePickerProps['shape'] }) {
  const family = type.split('/')[0];
  if (family === 'video')
    return <video className={`${styles.media} ${styles[shape ?? 'square']}`} src={url} muted controls data-testid="file-preview" />;
  if (family === 'audio') return <audio className={styles.audio} src={url} controls data-testid="file-preview" />;
  return <img className={`${styles.media} ${styles[shape ?? 'square']}`} src={url} alt="Preview" data-testid="file-preview" />;
}

export function FilePicker({
  file,
  onPick,
  accept,
  prompt,
  currentUrl,
  shape = 'square',
  error,
  busy,
  testId = 'file-picker',
  removable = true,
  children,
}: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const previewUrl = usePreviewUrl(file);
  const shown = previewUrl ?? currentUrl ?? null;
  const open = () => input.current?.click();

  return (
    <div className={styles.picker} data-testid={testId}>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        hidden
        onChange={(e) => {
          const picked = e.target.files?.[0] ?? null;
          e.target.value = '';
          if (picked) onPick(picked);
        }}
      />
      {shown ? (
        <div className={styles.chosen}>
          <Preview url={shown} type={file?.type ?? 'image/*'} shape={shape} />
          <div className={styles.meta}>
            {file ? (
              <>
                <strong className={styles.name} data-testid="file-name">
                  {file.name}
                </strong>
                <span className={styles.size}>{formatBytes(file.size)}</span>
              </>
            ) : null}
            <div className={styles.buttons}>
              <Button type="button" size="sm" variant="secondary" onClick={open} busy={busy}>
                Change
              </Button>
              {removable && file ? (
                <Button type="button" size="sm" variant="ghost" onClick={() => onPick(null)} data-testid="file-remove">
                  Remove
                </Button>
              ) : null}
            </div>
            {children}
          </div>
        </div>
      ) : (
        <button type="button" className={`${styles.zone} ${styles[shape]}`} onClick={open} disabled={busy} data-testid="file-choose">
          <span className={styles.plus} aria-hidden>
            +
          </span>
          <span>{prompt}</span>
        </button>
      )}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
