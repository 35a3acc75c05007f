// The small report dialog shown wherever a user sees content (a chat message, a lobby, a post, a
// direct message): a reason chosen in one tap, optional details, sent to the moderators' queue.
import { moderationTexts, ReportBody, type ReportTarget } from '@murmur/contracts/moderation';
import { useEffect, useState } from 'react';
import { ApiCallError } from '../api/client.ts';
import { api } from '../api/api.generated.ts';
import { Button } from '../components/Button.tsx';
import { Dialog } from '../components/Dialog.tsx';
import { toast } from '../state/ui.ts';
import styles from './ReportDialog.module.css';

const reasons = ['Spam or scam', 'Harassment or hate', 'Sexual content', 'Violence or threats', 'Something else'] as const;

const titles: Record<ReportTarget['kind'], string> = {
  user: 'Report user',
  lobby: 'Report lobby',
  post: 'Report post',
  message: 'Report message',
  dm: 'Report message',
};

export function ReportDialog({ target, preview, onClose }: { target: ReportTarget | null; preview?: string | null; onClose(): void }) {
  const [reason, setReason] = useState<string>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A new target starts a fresh form (a dialog closed midway forgets what was typed).
  useEffect(() => {
    setReason('');
    setDetails('');
    setError(null);
  }, [target]);

  const send = async () => {
    if (!target) return;
    const parsed = ReportBody.safeParse({ target, reason: [reason, details.trim()].filter(Boolean).join(': ') });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? moderationTexts.reportReasonRequired);
    setBusy(true);
    try {
      await api.moderation.report(parsed.data, { quiet: true });
      toast(moderationTexts.reportSent, 'success');
      onClose();
    } catch (e) {
      setError(e instanceof ApiCallError ? e.message : moderationTexts.reportReasonRequired);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={target ? titles[target.kind] : ''}
      size="sm"
      testId="report-dialog"
      footer={
        <Button onClick={() => void send()} disabled={busy || !reason} data-testid="report-send">
          Send report
        </Button>
      }
    >
      {preview ? <blockquote className={styles.preview}>{preview}</blockquote> : null}
      <div className={styles.reasons} role="radiogroup" aria-label="What is wrong">
        {reasons.map((r) => (
          <label key={r} className={`${styles.reason} ${reason === r ? styles.chosen : ''}`}>
            <input
              type="radio"
              name="report-reason"
              value={r}
              checked={reason === r}
              onChange={() => {
                setReason(r);
                setError(null);
              }}
            />
            {r}
          </label>
        ))}
      </div>
      <textarea
        className={styles.details}
        value={details}
        maxLength={400}
        onChange={(e) => setDetails(e.target.value)}
        placeholder="Anything our moderators should know (optional)"
        data-testid="report-details"
      />
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
