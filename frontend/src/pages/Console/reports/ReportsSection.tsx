// Console section: the reports queue. Open reports oldest first with the reported content and the
// lines before it; one decision each (warn, silence, remove, ban, dismiss) with the reason the
// people affected see. Decided reports keep their outcome.
import type { ReportAction, ReportDto } from '@murmur/contracts/moderation';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiCallError } from '../../../api/client.ts';
import { Button } from '../../../components/Button.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { Tabs } from '../../../components/Tabs.tsx';
import { ChatSticker } from '../../../lobby/chat/ChatMessageBody.tsx';
import { toast } from '../../../state/ui.ts';
import { decideReport, targetLink, useReports, type ReportStatus } from '../consoleApi.ts';
import styles from '../Console.parts.module.css';

const actionLabels: Record<ReportAction, string> = {
  warn: 'Warn',
  silence: 'Silence',
  remove: 'Remove content',
  ban: 'Ban',
  dismiss: 'Dismiss',
};
const kindLabels: Record<ReportDto['kind'], string> = {
  user: 'User',
  lobby: 'Lobby',
  post: 'Post',
  message: 'Chat message',
  dm: 'Direct message',
};
/** Hours; null bans for good. */
const durations: Record<'silence' | 'ban', Array<{ label: string; hours: number | null }>> = {
  silence: [
    { label: '1 hour', hours: 1 },
    { label: '24 hours', hours: 24 },
    { label: '7 days', hours: 168 },
  ],
  ban: [
    { label: '24 hours', hours: 24 },
    { label: '7 days', hours: 168 },
    { label: '30 days', hours: 720 },
    { label: 'Permanent', hours: null },
  ],
};
const when = (iso: string) => new Date(iso).toLocaleString();

/** The actions a report of this kind allows (nothing to remove on a user or a DM; silence needs a lobby). */
function actionsFor(r: ReportDto): ReportAction[] {
  const all: ReportAction[] = ['warn', 'silence', 'remove', 'ban', 'dismiss'];
  return all.filter((a) => (a !== 'remove' || (r.kind !== 'user' && r.kind !== 'dm')) && (a !== 'silence' || r.lobbyId !== null));
}

function DecideForm({ report }: { report: ReportDto }) {
  const [action, setAction] = useState<ReportAction | null>(null);
  const [reason, setReason] = useState('');
  const [hours, setHours] = useState<number | null>(24);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const choose = (a: ReportAction) => {
    setAction(a);
    setError(null);
    if (a === 'silence') setHours(1);
    if (a === 'ban') setHours(168);
  };
  const submit = async () => {
    if (!action) return;
    setBusy(true);
    setError(null);
    try {
      await decideReport(report.reportId, {
        action,
        reason: reason.trim(),
        durationHours: action === 'silence' || action === 'ban' ? hours : null,
      });
      toast(`Report decided: ${actionLabels[action]}`, 'success');
    } catch (e) {
      setError(e instanceof ApiCallError ? e.message : 'Something went wrong.');
    } finally {
      setBusy(false);
    }
  };
  const timed = action === 'silence' || action === 'ban' ? durations[action] : null;
  return (
    <div className={styles.stack}>
      <div className={styles.actions} role="radiogroup" aria-label="Decision">
        {actionsFor(report).map((a) => (
          <button
            key={a}
            type="button"
            role="radio"
            aria-checked={action === a}
            className={`${styles.choice} ${action === a ? styles.chosen : ''}`}
            onClick={() => choose(a)}
            data-testid={`decide-${a}`}
          >
            {actionLabels[a]}
          </button>
        ))}
      </div>
      {action ? (
        <div className={styles.row}>
          <input
            className={styles.input}
            value={reason}
            maxLength={500}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
            placeholder={action === 'dismiss' ? 'Note (optional)' : 'Reason (shown to the people affected)'}
            aria-label="Reason"
            data-testid="decide-reason"
          />
          {timed ? (
            <select
              className={styles.select}
              aria-label="Duration"
              value={hours ?? 'forever'}
              onChange={(e) => setHours(e.target.value === 'forever' ? null : Number(e.target.value))}
              data-testid="decide-duration"
            >
              {timed.map((d) => (
                <option key={d.label} value={d.hours ?? 'forever'}>
                  {d.label}
                </option>
              ))}
            </select>
          ) : null}
          <Button
            size="sm"
            variant={action === 'ban' ? 'danger' : 'primary'}
            busy={busy}
            onClick={() => void submit()}
            data-testid="decide-submit"
          >
            {actionLabels[action]}
          </Button>
        </div>
      ) : null}
      {error ? (
        <p className={styles.error} role="alert" data-testid="decide-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What was reported, as the chat showed it: a sticker, a GIF or a picture as a small picture, the
 * rest as its words (with a direct message's picture under them). */
function ReportedContent({ report, content }: { report: ReportDto; content: string }) {
  switch (report.contentType) {
    case 'sticker':
      return <ChatSticker body={content} emojiClass={styles.contentSticker!} imageClass={styles.contentStickerImage!} />;
    case 'gif':
      return <img className={styles.contentMedia} src={content} alt="GIF" />;
    case 'image':
      return <ReportedPicture url={report.mediaUrl} />;
    default:
      // A direct message may carry a picture beside its words.
      return report.mediaUrl ? (
        <>
          {content}
          <ReportedPicture url={report.mediaUrl} />
        </>
      ) : (
        content
      );
  }
}

function ReportedPicture({ url }: { url: string | null }) {
  return url ? (
    <img className={styles.contentMedia} src={url} alt="Picture" />
  ) : (
    <span className={styles.muted}>A picture (no longer available)</span>
  );
}

function ReportCard({ report }: { report: ReportDto }) {
  const link = targetLink(report.target);
  return (
    <article className={styles.card} data-testid="report-card" data-report-id={report.reportId}>
      <div className={styles.spread}>
        <div className={styles.row}>
          <span className={styles.badge}>{kindLabels[report.kind]}</span>
          {report.subjectOpenReports > 1 ? (
            <span className={`${styles.badge} ${styles.warn}`}>{report.subjectOpenReports} open on this user</span>
          ) : null}
        </div>
        <span className={styles.faint}>{when(report.reportedAt)}</span>
      </div>
      <p className={styles.muted}>
        <b>{report.reporter.username ?? report.reporter.uid}</b> reported{' '}
        {report.subject ? (
          <Link className={styles.link} to={`/console/users/${encodeURIComponent(report.subject.uid)}`}>
            {report.subject.username ?? report.subject.uid}
          </Link>
        ) : (
          'this'
        )}
        : “{report.reason}”
      </p>
      {report.context.length > 0 ? (
        <div className={styles.context} aria-label="Before it">
          {report.context.map((c, i) => (
            <span key={i}>
              <b>{c.username ?? c.uid}</b>: {c.text}
            </span>
          ))}
        </div>
      ) : null}
      {report.content !== null ? (
        <blockquote className={styles.content} data-testid="report-content">
          <ReportedContent report={report} content={report.content} />
        </blockquote>
      ) : null}
      {link ? (
        <Link className={styles.link} to={link}>
          Open where it was reported →
        </Link>
      ) : null}
      {report.decision ? (
        <p className={styles.muted} data-testid="report-decision">
          <span className={`${styles.badge} ${report.decision.action === 'dismiss' ? '' : styles.danger}`}>
            {actionLabels[report.decision.action]}
          </span>{' '}
          by {report.decision.decidedBy.username ?? report.decision.decidedBy.uid} · {when(report.decision.decidedAt)}
          {report.decision.reason ? ` · ${report.decision.reason}` : ''}
          {report.decision.until ? ` · until ${when(report.decision.until)}` : ''}
        </p>
      ) : (
        <DecideForm report={report} />
      )}
    </article>
  );
}

function ReportList({ status }: { status: ReportStatus }) {
  const [page, setPage] = useState(1);
  const [params] = useSearchParams();
  const lobbyId = params.get('lobbyId') ?? undefined;
  const { data, error } = useReports(status, page, lobbyId);
  if (error) return <EmptyState title="Could not load reports" />;
  if (!data) return <PageLoading />;
  if (data.items.length === 0)
    return (
      <EmptyState icon="🛡️" title={status === 'open' ? 'No open reports' : 'No decided reports yet'}>
        {status === 'open' ? 'Reports users send appear here, oldest first.' : null}
      </EmptyState>
    );
  return (
    <div className={styles.stack} data-testid={`reports-${status}`}>
      {data.items.map((r) => (
        <ReportCard key={r.reportId} report={r} />
      ))}
      <Pager page={page} totalPages={data.meta.totalPages} onPage={setPage} />
    </div>
  );
}

export default function ReportsSection() {
  const [tab, setTab] = useState<ReportStatus>('open');
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader
        title="Reports"
        subtitle={params.get('lobbyId') ? `In lobby ${params.get('lobbyId')}` : 'Decide each report once; the reporter learns the outcome.'}
      />
      <Tabs
        value={tab}
        onValueChange={(v) => setTab(v as ReportStatus)}
        items={[
          { value: 'open', label: 'Open', content: <ReportList status="open" /> },
          { value: 'decided', label: 'Decided', content: <ReportList status="decided" /> },
        ]}
      />
    </>
  );
}
