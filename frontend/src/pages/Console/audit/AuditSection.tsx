// Console section: the audit trail. Every operator action, newest first, by subject (`user:{uid}`,
// `lobby:{id}`, `report:{id}`) or by operator; each row names the event it was recorded as. Read
// only: nothing here (or anywhere in the console) edits or deletes an event.
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { useAudit } from '../consoleApi.ts';
import styles from '../Console.parts.module.css';

export function AuditTable({ filter, limit = 20 }: { filter: { subject?: string; operator?: string }; limit?: number }) {
  const [page, setPage] = useState(1);
  const { data } = useAudit(filter, page, limit);
  if (!data) return <PageLoading />;
  if (data.items.length === 0) return <p className={styles.muted}>No operator actions yet.</p>;
  return (
    <>
      <div className={styles.table} data-testid="audit-table">
        <div className={`${styles.tr} ${styles.audit} ${styles.th}`}>
          <span>When</span>
          <span>Operator</span>
          <span>Action</span>
          <span>Subject</span>
          <span>Reason · event</span>
        </div>
        {data.items.map((a) => (
          <div key={a.position} className={`${styles.tr} ${styles.audit}`} data-testid="audit-row">
            <span>{new Date(a.at).toLocaleString()}</span>
            <span>{a.operator.username ?? a.operator.uid}</span>
            <span className={styles.mono}>{a.action}</span>
            <span>
              {a.subjectLabel ? `${a.subjectLabel} · ` : ''}
              <span className={styles.mono}>{a.subject}</span>
            </span>
            <span>
              {a.reason ?? ''}{' '}
              <span className={styles.faint}>
                ({a.eventType} on {a.streamId} @ {a.position})
              </span>
            </span>
          </div>
        ))}
      </div>
      <Pager page={page} totalPages={data.meta.totalPages} onPage={setPage} />
    </>
  );
}

export default function AuditSection() {
  const [subject, setSubject] = useState('');
  const [operator, setOperator] = useState('');
  const [filter, setFilter] = useState<{ subject?: string; operator?: string }>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFilter({ ...(subject.trim() ? { subject: subject.trim() } : {}), ...(operator.trim() ? { operator: operator.trim() } : {}) });
  };
  return (
    <>
      <PageHeader
        title="Audit trail"
        subtitle="Every operator action is an event on its subject's stream; this list is built from them and cannot change them."
      />
      <form className={styles.row} onSubmit={submit}>
        <input
          className={styles.input}
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
          placeholder="Subject, e.g. user:abc or lobby:xyz"
          aria-label="Subject"
          data-testid="audit-subject"
        />
        <input
          className={styles.input}
          value={operator}
          onChange={(e) => setOperator(e.target.value)}
          placeholder="Operator uid"
          aria-label="Operator"
          data-testid="audit-operator"
        />
        <Button type="submit" size="sm">
          Filter
        </Button>
      </form>
      <AuditTable key={JSON.stringify(filter)} filter={filter} />
    </>
  );
}
