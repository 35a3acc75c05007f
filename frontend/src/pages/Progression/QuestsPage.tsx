// /quests: one-off achievement chains with steps claimed in order, and quests from the linked
// quest platform.
import { useState } from 'react';
import { Link } from 'react-router';
import type { QuestDto } from '@murmur/contracts/progression';
import { Button } from '../../components/Button.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { toast } from '../../state/ui.ts';
import styles from './Progression.module.css';
import { ProgressBar, RewardChips } from './RewardChips.tsx';
import { claimQuestStep, useQuestAccount, useQuests } from './progressionApi.ts';

type Step = QuestDto['steps'][number];

function StepRow({ step }: { step: Step }) {
  const [busy, setBusy] = useState(false);
  const claim = async () => {
    setBusy(true);
    try {
      await claimQuestStep(step.id);
      toast(`${step.title}: reward claimed.`, 'success', 'Quest step done');
    } finally {
      setBusy(false);
    }
  };
  return (
    <li
      className={`${styles.step} ${step.status === 'locked' ? styles.locked : ''}`}
      data-testid={`quest-step-${step.id}`}
      data-status={step.status}
    >
      <div className={styles.row}>
        <strong>{step.title}</strong>
        <RewardChips reward={step.reward} />
      </div>
      <ProgressBar value={step.progress} max={step.target} label={`${step.title} progress`} />
      <div className={styles.row}>
        <span className={styles.muted}>
          {step.progress} / {step.target}
        </span>
        {step.status === 'claimed' ? (
          <span className={`${styles.chip} ${styles.done}`}>Claimed</span>
        ) : step.status === 'locked' ? (
          <span className={styles.muted}>Finish the step before</span>
        ) : (
          <Button
            size="sm"
            disabled={step.status !== 'claimable'}
            busy={busy}
            onClick={() => void claim()}
            data-testid={`claim-${step.id}`}
          >
            Claim
          </Button>
        )}
      </div>
    </li>
  );
}

function PlatformQuests() {
  const { data } = useQuestAccount();
  return (
    <section className={styles.card} data-testid="platform-quests">
      <h3 className={styles.title}>Quest platform</h3>
      {data?.connected ? (
        <>
          <span className={styles.muted}>
            Connected as {data.account?.handle}: {data.exp.toLocaleString()} EXP imported.
          </span>
          <ul className={styles.steps}>
            {data.imports.slice(0, 5).map((i) => (
              <li key={i.platformEventId} className={styles.step}>
                <div className={styles.row}>
                  <strong>{i.questTitle}</strong>
                  <span className={`${styles.chip} ${styles.exp}`}>+{i.exp} EXP</span>
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <span className={styles.muted}>Link your quest-platform account: EXP from its quests counts here too.</span>
      )}
      <Link to="/connect-quest-account">
        <Button variant="secondary" size="sm">
          {data?.connected ? 'Manage account' : 'Connect account'}
        </Button>
      </Link>
    </section>
  );
}

export default function QuestsPage() {
  const { data, isLoading } = useQuests();
  return (
    <div className={styles.page}>
      <PageHeader
        title="Quests"
        subtitle="Achievements that stay with your account. Each step unlocks the next."
        actions={
          <Link to="/mission-center">
            <Button variant="secondary" size="sm">
              Mission Center
            </Button>
          </Link>
        }
      />
      {isLoading || !data ? (
        <PageLoading />
      ) : (
        <div className={styles.grid}>
          {data.items.map((q) => (
            <article key={q.id} className={styles.card} data-testid={`quest-${q.id}`}>
              <h3 className={styles.title}>{q.title}</h3>
              <span className={styles.muted}>{q.description}</span>
              <ul className={styles.steps}>
                {q.steps.map((s) => (
                  <StepRow key={s.id} step={s} />
                ))}
              </ul>
            </article>
          ))}
          <PlatformQuests />
        </div>
      )}
    </div>
  );
}
