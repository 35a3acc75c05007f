// /earn ("Interact to Earn" in the web menu): what a web user can earn, inside the web app: the
// level, this period's missions with their progress and rewards, the quests in progress, and the
// referral programme, each leading to its page. The Telegram daily reward lives in the mini-app's
// Earn tab only: a web account cannot claim it, so it is not offered here.
import { money, referral } from '@murmur/contracts/constants';
import { Link } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { LevelSummary } from './LevelSummary.tsx';
import styles from './Progression.module.css';
import { ProgressBar, RewardChips } from './RewardChips.tsx';
import { useMissions, useQuests } from './progressionApi.ts';

const percent = (share: number) => `${Math.round(share * 100)}%`;

function Missions() {
  const { data } = useMissions();
  if (!data) return <PageLoading />;
  const open = data.items.filter((m) => m.status !== 'claimed');
  const claimable = data.items.filter((m) => m.status === 'claimable').length;
  return (
    <section className={styles.card} data-testid="earn-missions">
      <div className={styles.row}>
        <h2 className={styles.title}>🎯 Missions</h2>
        <span className={styles.muted}>
          {claimable > 0 ? `${claimable} reward${claimable === 1 ? '' : 's'} to claim` : `${open.length} of ${data.items.length} open`}
        </span>
      </div>
      <p className={styles.muted}>Daily missions reset at 00:00 UTC, weekly ones on Monday. They pay EXP, fragments and diamonds.</p>
      <ul className={styles.steps}>
        {data.items.map((m) => (
          <li key={`${m.id}-${m.periodId}`} className={styles.step} data-testid="earn-mission">
            <div className={styles.row}>
              <strong>{m.title}</strong>
              <RewardChips reward={m.reward} />
            </div>
            <ProgressBar value={m.progress} max={m.target} label={`${m.title} progress`} />
            <span className={styles.muted}>
              {m.period === 'daily' ? 'Daily' : 'Weekly'} ·{' '}
              {m.status === 'claimed' ? 'Claimed' : m.status === 'claimable' ? 'Ready to claim' : `${m.progress} / ${m.target}`}
            </span>
          </li>
        ))}
      </ul>
      <Link to="/mission-center">
        <Button size="sm" data-testid="earn-open-missions">
          Open the Mission Center
        </Button>
      </Link>
    </section>
  );
}

function Quests() {
  const { data } = useQuests();
  if (!data) return <PageLoading />;
  return (
    <section className={styles.card} data-testid="earn-quests">
      <h2 className={styles.title}>🗺️ Quests</h2>
      <p className={styles.muted}>Achievements that stay with your account: each step pays when you claim it and opens the next.</p>
      <ul className={styles.steps}>
        {data.items.map((q) => {
          const done = q.steps.filter((s) => s.status === 'claimed').length;
          return (
            <li key={q.id} className={styles.step}>
              <div className={styles.row}>
                <strong>{q.title}</strong>
                <span className={styles.muted}>
                  {done} / {q.steps.length} steps
                </span>
              </div>
              <ProgressBar value={done} max={q.steps.length} label={`${q.title} progress`} />
            </li>
          );
        })}
      </ul>
      <Link to="/quests">
        <Button size="sm" variant="secondary" data-testid="earn-open-quests">
          See all quests
        </Button>
      </Link>
    </section>
  );
}

function Referral() {
  return (
    <section className={styles.card} data-testid="earn-referral">
      <h2 className={styles.title}>🤝 Refer and earn</h2>
      <p className={styles.muted}>
        Invite friends with your link: you earn {percent(referral.directShare)} of every top-up they make, and{' '}
        {percent(referral.secondLevelShare)} of their own invitees' top-ups in weeks when your own top-ups reach{' '}
        {referral.secondLevelWeeklyTopUpDiamonds.toLocaleString('en-US')} diamonds. Paid weekly in USDT to your wallet, from{' '}
        {referral.minimumPayoutUsdt} USDT.
      </p>
      <Link to="/referral">
        <Button size="sm" variant="secondary" data-testid="earn-open-referral">
          Get your link
        </Button>
      </Link>
    </section>
  );
}

function Hosting() {
  return (
    <section className={styles.card} data-testid="earn-hosting">
      <h2 className={styles.title}>🎙️ Host and receive gifts</h2>
      <p className={styles.muted}>
        Gifts sent to you in lobbies turn into charm ({percent(money.hostCharmShare)} of their diamond value), which you can withdraw from
        your wallet.
      </p>
      <div className={styles.links}>
        <Link to="/tier">
          <Button size="sm" variant="secondary">
            Become a host
          </Button>
        </Link>
        <Link to="/wallet">
          <Button size="sm" variant="secondary">
            Wallet
          </Button>
        </Link>
      </div>
    </section>
  );
}

export default function EarnPage() {
  return (
    <div className={styles.page} data-testid="earn-page">
      <PageHeader title="Interact to Earn" subtitle="Talk, gift, host and invite: what you do on Murmur earns EXP, diamonds and USDT." />
      <LevelSummary />
      <div className={styles.grid} style={{ alignItems: 'start' }}>
        <Missions />
        <Quests />
        <Referral />
        <Hosting />
      </div>
    </div>
  );
}
