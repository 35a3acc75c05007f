// The admins' review of host applications (role `ad`): pending ones oldest first, each approved or
// rejected with a reason the applicant will read. A component on its own, so the operators'
// console can show the same queue.
import { hostApplicationLimits, hostApplicationTexts, type HostApplicationDto } from '@murmur/contracts/host-applications';
import { useState } from 'react';
import { ApiCallError } from '../api/client.ts';
import { api } from '../api/api.generated.ts';
import { Avatar } from '../components/Avatar.tsx';
import { Button } from '../components/Button.tsx';
import { EmptyState } from '../components/EmptyState.tsx';
import { TextArea } from '../components/Field.tsx';
import { WornBadges } from '../components/WornBadges.tsx';
import { refreshQueries, useQuery } from '../state/query.ts';
import { toast } from '../state/ui.ts';
import styles from './Hosting.module.css';

export function HostApplicationReview() {
  const { data, isLoading } = useQuery(api.hostApplications.list.path({ status: 'pending', limit: 50 }));
  const items = data?.items ?? [];
  return (
    <section className={styles.page} data-testid="host-review">
      <h2 style={{ margin: 0 }}>
        Host applications {data ? <span className={styles.muted}>({data.meta.totalItems} waiting)</span> : null}
      </h2>
      {isLoading ? null : items.length === 0 ? (
        <EmptyState icon="📭" title="No applications waiting">
          New host applications appear here for review.
        </EmptyState>
      ) : (
        items.map((a) => <ApplicationCard key={a.applicationId} application={a} />)
      )}
    </section>
  );
}

function ApplicationCard({ application: a }: { application: HostApplicationDto }) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);

  const decide = async (decision: 'approve' | 'reject') => {
    if (decision === 'reject' && reason.trim() === '') return setError(hostApplicationTexts.reasonRequired);
    setBusy(decision);
    setError(null);
    try {
      const answer = await api.hostApplications.decide(
        { uid: a.applicant.uid },
        decision === 'approve'
          ? { applicationId: a.applicationId, decision }
          : { applicationId: a.applicationId, decision, reason: reason.trim() },
        { quiet: true },
      );
      toast(
        answer.status === 'approved'
          ? `${a.applicant.username} is now a Verified Host.`
          : `${a.applicant.username}'s application was rejected.`,
        'success',
      );
      await refreshQueries('/admin/host-applications');
    } catch (e) {
      setError(e instanceof ApiCallError ? e.message : 'Oops, something went wrong. Please try again.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <article className={styles.card} data-testid="host-application" data-uid={a.applicant.uid}>
      <div className={styles.row}>
        <Avatar name={a.applicant.username} src={a.applicant.profilePicUrl} size={40} frame={a.applicant.appearance?.frameId} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <div className={styles.name}>
            {a.applicant.username} <WornBadges badgeIds={a.applicant.appearance?.badgeIds} size={12} />
          </div>
          <p className={styles.muted}>
            Sent {new Date(a.submittedAt).toLocaleString()} · {a.hoursPerWeek} h a week · {a.topics}
          </p>
        </div>
      </div>
      <p className={styles.about}>{a.about}</p>
      {rejecting ? (
        <TextArea
          id={`reason-${a.applicant.uid}`}
          label="Reason for the applicant"
          value={reason}
          maxLength={hostApplicationLimits.reasonMax}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
        />
      ) : null}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        {rejecting ? (
          <>
            <Button variant="ghost" size="sm" onClick={() => setRejecting(false)}>
              Cancel
            </Button>
            <Button variant="danger" size="sm" busy={busy === 'reject'} onClick={() => void decide('reject')} data-testid="confirm-reject">
              Reject
            </Button>
          </>
        ) : (
          <>
            <Button
              variant="secondary"
              size="sm"
              disabled={busy !== null}
              onClick={() => setRejecting(true)}
              data-testid="reject-application"
            >
              Reject…
            </Button>
            <Button
              size="sm"
              busy={busy === 'approve'}
              disabled={busy !== null}
              onClick={() => void decide('approve')}
              data-testid="approve-application"
            >
              Approve
            </Button>
          </>
        )}
      </div>
    </article>
  );
}
