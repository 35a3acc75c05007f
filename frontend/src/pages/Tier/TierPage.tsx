// /tier, "Become a Host": the application form with the host terms, the status of the latest
// application (pending, approved, or rejected with the admin's reason) and, for admins, the review
// of waiting applications.
import {
  hostApplicationLimits,
  hostApplicationTexts,
  hostTerms,
  verifiedHostBadge,
  type HostApplicationDto,
} from '@murmur/contracts/host-applications';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiCallError } from '../../api/client.ts';
import { api } from '../../api/api.generated.ts';
import { useSession } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { TextArea, TextField } from '../../components/Field.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import styles from '../../hosting/Hosting.module.css';
import { HostApplicationReview } from '../../hosting/HostApplicationReview.tsx';
import { refreshQueries, useQuery } from '../../state/query.ts';
import { toast } from '../../state/ui.ts';

const statusWords = { pending: 'Waiting for review', approved: 'Approved', rejected: 'Not approved' } as const;

export default function TierPage() {
  const { data, isLoading } = useQuery(api.hostApplications.mine.path());
  const isAdmin = useSession((s) => s.claims?.roles.includes('ad') ?? false);
  if (isLoading || !data) return <PageLoading />;
  const application = data.application;
  const canApply = !data.isHost && application?.status !== 'pending';
  return (
    <div className={styles.page}>
      <PageHeader
        title="Become a Host"
        subtitle="Verified hosts run lobbies, earn charm from the gifts they receive and wear the Verified Host badge."
      />
      {data.isHost ? (
        <div className={styles.card} data-testid="host-verified">
          <div className={styles.row}>
            <img className={styles.hostBadge} src={verifiedHostBadge.imageUrl} alt="" />
            <div>
              <h2>You are a Verified Host</h2>
              <p className={styles.muted}>Your Verified Host badge shows beside your name on your seat, in chat and on your profile.</p>
            </div>
          </div>
          <Link to="/profile">See your profile</Link>
        </div>
      ) : null}
      {application && !data.isHost ? <ApplicationStatus application={application} /> : null}
      {canApply ? <ApplicationForm again={application?.status === 'rejected'} /> : null}
      {isAdmin ? <HostApplicationReview /> : null}
    </div>
  );
}

function ApplicationStatus({ application: a }: { application: HostApplicationDto }) {
  return (
    <div className={styles.card} data-testid="host-application-status" data-status={a.status}>
      <span className={`${styles.status} ${styles[`status_${a.status}`]}`}>{statusWords[a.status]}</span>
      <p className={styles.muted}>
        Sent {new Date(a.submittedAt).toLocaleDateString()}
        {a.decidedAt ? ` · decided ${new Date(a.decidedAt).toLocaleDateString()}` : ''}
      </p>
      {a.status === 'pending' ? <p>An admin will review your application soon. We will notify you of the decision.</p> : null}
      {a.status === 'rejected' && a.reason ? (
        <p data-testid="host-rejection-reason">
          <strong>Reason:</strong> {a.reason}
        </p>
      ) : null}
    </div>
  );
}

type Form = { about: string; topics: string; hoursPerWeek: string; acceptTerms: boolean };

function formErrors(f: Form): Partial<Record<keyof Form, string>> {
  const errors: Partial<Record<keyof Form, string>> = {};
  const about = f.about.trim().length;
  if (about < hostApplicationLimits.aboutMin || about > hostApplicationLimits.aboutMax) errors.about = hostApplicationTexts.aboutLength;
  const topics = f.topics.trim().length;
  if (topics < 1 || topics > hostApplicationLimits.topicsMax) errors.topics = hostApplicationTexts.topicsLength;
  const hours = Number(f.hoursPerWeek);
  if (!Number.isInteger(hours) || hours < hostApplicationLimits.hoursMin || hours > hostApplicationLimits.hoursMax)
    errors.hoursPerWeek = hostApplicationTexts.hours;
  if (!f.acceptTerms) errors.acceptTerms = hostApplicationTexts.acceptTerms;
  return errors;
}

function ApplicationForm({ again }: { again: boolean }) {
  const [form, setForm] = useState<Form>({ about: '', topics: '', hoursPerWeek: '', acceptTerms: false });
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errors = tried ? formErrors(form) : {};
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setServerError(null);
  };

  const submit = async () => {
    setTried(true);
    if (Object.keys(formErrors(form)).length > 0) return;
    setBusy(true);
    try {
      await api.hostApplications.apply(
        { about: form.about.trim(), topics: form.topics.trim(), hoursPerWeek: Number(form.hoursPerWeek), acceptTerms: true },
        { quiet: true },
      );
      toast(hostApplicationTexts.submitted, 'success');
      await refreshQueries('/host/application');
    } catch (e) {
      setServerError(e instanceof ApiCallError ? e.message : 'Oops, something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className={styles.card}
      data-testid="host-application-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2>{again ? 'Apply again' : 'Your application'}</h2>
      <TextArea
        id="host-about"
        label="About you and your lobbies"
        value={form.about}
        onChange={(e) => set('about', e.target.value)}
        error={errors.about}
        hint={`${form.about.trim().length}/${hostApplicationLimits.aboutMax}`}
      />
      <TextField
        id="host-topics"
        label="What you will host"
        placeholder="Music, language exchange, games…"
        value={form.topics}
        onChange={(e) => set('topics', e.target.value)}
        error={errors.topics}
      />
      <TextField
        id="host-hours"
        type="number"
        inputMode="numeric"
        min={hostApplicationLimits.hoursMin}
        max={hostApplicationLimits.hoursMax}
        label="Hours per week you plan to host"
        value={form.hoursPerWeek}
        onChange={(e) => set('hoursPerWeek', e.target.value)}
        error={errors.hoursPerWeek}
      />
      <h3>Host terms</h3>
      <ul className={styles.terms}>
        {hostTerms.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
      <label className={styles.accept}>
        <input
          type="checkbox"
          checked={form.acceptTerms}
          onChange={(e) => set('acceptTerms', e.target.checked)}
          data-testid="host-accept-terms"
        />{' '}
        I accept the host terms
      </label>
      {errors.acceptTerms ? (
        <p className={styles.error} role="alert">
          {errors.acceptTerms}
        </p>
      ) : null}
      {serverError ? (
        <p className={styles.error} role="alert" data-testid="host-application-error">
          {serverError}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" busy={busy} data-testid="submit-host-application">
          Send application
        </Button>
      </div>
    </form>
  );
}
