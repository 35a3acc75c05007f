// /connect-quest-account: the spec's connection steps (authStep connect -> authorize -> connected,
// a toast on each outcome, the connected account and its imported EXP), and unlinking.
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { ApiCallError } from '../../api/client.ts';
import { toast } from '../../state/ui.ts';
import styles from './Progression.module.css';
import { linkQuestAccount, sandboxProof, unlinkQuestAccount, useQuestAccount } from './progressionApi.ts';

export default function QuestAccountPage() {
  const { data, isLoading } = useQuestAccount();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const handled = useRef(false);

  const link = async (proof: string) => {
    setBusy(true);
    try {
      await linkQuestAccount(proof);
      toast('Your quest account is connected.', 'success', 'Quest account');
    } catch (e) {
      toast(e instanceof ApiCallError ? e.message : 'Oops, something went wrong. Please try again.', 'error', 'Quest account');
    } finally {
      setBusy(false);
      navigate('/connect-quest-account', { replace: true });
    }
  };

  // Back from the platform's authorize page with its signed proof (or the demo's sandbox step).
  useEffect(() => {
    if (handled.current) return;
    const proof = params.get('proof');
    if (proof) {
      handled.current = true;
      void link(proof);
    } else if (params.get('sandbox') === '1') {
      handled.current = true;
      void sandboxProof().then(link, () => navigate('/connect-quest-account', { replace: true }));
    }
  });

  if (isLoading || !data) return <PageLoading />;
  const authStep = busy ? 'authorize' : data.authStep;
  const unlink = async () => {
    setBusy(true);
    try {
      await unlinkQuestAccount();
      toast('Your quest account is disconnected.', 'info', 'Quest account');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.page}>
      <PageHeader
        title="Connect quest account"
        subtitle="Link your quest-platform account: EXP you earn in its quests is added to your Murmur level."
        actions={
          <Link to="/quests">
            <Button variant="secondary" size="sm">
              Quests
            </Button>
          </Link>
        }
      />
      <ol className={styles.grid} data-testid="quest-steps" data-auth-step={authStep} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {(['connect', 'authorize', 'connected'] as const).map((step, i) => (
          <li key={step} className={`${styles.card} ${authStep === step ? styles.levelCard : ''}`}>
            <span className={styles.label}>Step {i + 1}</span>
            <strong>{step === 'connect' ? 'Connect' : step === 'authorize' ? 'Authorize on the platform' : 'Connected'}</strong>
          </li>
        ))}
      </ol>
      {data.connected && data.account ? (
        <section className={`${styles.card} ${styles.levelCard}`} data-testid="quest-account">
          <span className={styles.label}>Connected account</span>
          <strong className={styles.token}>@{data.account.handle}</strong>
          <span className={styles.muted}>
            Since {new Date(data.account.linkedAt).toLocaleDateString()} · {data.exp.toLocaleString()} EXP imported
          </span>
          <div className={styles.links}>
            <Button variant="secondary" size="sm" busy={busy} onClick={() => void unlink()} data-testid="unlink-quest">
              Disconnect
            </Button>
          </div>
        </section>
      ) : (
        <section className={styles.card}>
          <span className={styles.muted}>You will be sent to the quest platform to approve the link, then back here.</span>
          <div className={styles.links}>
            <Button
              busy={busy}
              onClick={() => {
                window.location.href = data.authorizeUrl;
              }}
              data-testid="connect-quest"
            >
              Connect
            </Button>
          </div>
        </section>
      )}
      {data.imports.length > 0 ? (
        <div className={styles.table} role="table">
          <div className={`${styles.tr} ${styles.th}`} role="row">
            <span>Quest</span>
            <span>Source</span>
            <span>Date</span>
            <span className={styles.right}>EXP</span>
          </div>
          {data.imports.map((i) => (
            <div key={i.platformEventId} className={styles.tr} role="row">
              <strong>{i.questTitle}</strong>
              <span>Quest platform</span>
              <span>{new Date(i.importedAt).toLocaleString()}</span>
              <span className={styles.right}>+{i.exp}</span>
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
