// /referral/records: every reward row (traced to the top-up that earned it, with its level and
// status) and the weekly USDT payouts (paid or carried over).
import { useState } from 'react';
import { Link } from 'react-router';
import type { RewardRecordDto } from '@murmur/contracts/referral';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { Pager } from '../../components/Pager.tsx';
import styles from './Referral.module.css';
import { usePayouts, useRewardRecords } from './referralApi.ts';

const statusTone: Record<RewardRecordDto['status'], string> = {
  paid: styles.good!,
  pending: styles.info!,
  locked: styles.warn!,
  carried_over: styles.warn!,
  forfeited: styles.bad!,
};

function Rewards() {
  const [page, setPage] = useState(1);
  const { data, isLoading } = useRewardRecords(page);
  if (isLoading) return <PageLoading />;
  if (!data || data.items.length === 0)
    return (
      <EmptyState icon="🧾" title="No rewards yet">
        When your invitees top up, each reward shows here.
      </EmptyState>
    );
  return (
    <>
      <div className={styles.table} role="table" data-testid="reward-records">
        <div className={`${styles.tr} ${styles.th} ${styles.cols6}`} role="row">
          <span>Invitee</span>
          <span>Date</span>
          <span>Level</span>
          <span>Top-up</span>
          <span className={styles.right}>Reward</span>
          <span>Status</span>
        </div>
        {data.items.map((r) => (
          <div
            key={r.id}
            className={`${styles.tr} ${styles.cols6}`}
            role="row"
            data-testid="reward-record"
            title={`Top-up event #${r.sourcePosition}, week of ${r.weekId}`}
          >
            <strong>{r.inviteeUsername}</strong>
            <span>{new Date(r.earnedAt).toLocaleDateString()}</span>
            <span>
              {r.level === 1 ? 'Direct' : 'Second level'} · {r.percent}%
            </span>
            <span>{r.topUpDiamonds.toLocaleString()} diamonds</span>
            <span className={styles.right}>{r.amountUsdt} USDT</span>
            <span className={`${styles.badge} ${statusTone[r.status]}`}>{r.status.replace('_', ' ')}</span>
          </div>
        ))}
      </div>
      <Pager page={page} totalPages={data.meta.totalPages} onPage={setPage} />
    </>
  );
}

function Payouts() {
  const [page, setPage] = useState(1);
  const { data, isLoading } = usePayouts(page);
  if (isLoading) return <PageLoading />;
  if (!data || data.items.length === 0)
    return (
      <EmptyState icon="💸" title="No payouts yet">
        Rewards are settled every Monday (UTC) for the week before.
      </EmptyState>
    );
  return (
    <>
      <div className={styles.table} role="table" data-testid="payouts">
        <div className={`${styles.tr} ${styles.th} ${styles.cols7}`} role="row">
          <span>Week of</span>
          <span>Status</span>
          <span>Direct</span>
          <span>Second level</span>
          <span>Carried in</span>
          <span className={styles.right}>Amount</span>
          <span>Transfer</span>
        </div>
        {data.items.map((p) => (
          <div key={p.weekId} className={`${styles.tr} ${styles.cols7}`} role="row" data-testid="payout">
            <strong>{p.weekId}</strong>
            <span className={`${styles.badge} ${p.status === 'paid' ? styles.good : styles.warn}`}>
              {p.status === 'paid' ? 'Paid' : p.reason === 'no_wallet' ? 'Carried over: no wallet' : 'Carried over: under minimum'}
            </span>
            <span>{p.directUsdt}</span>
            <span title={p.unlocked ? 'Unlocked this week' : `${p.forfeitedUsdt} USDT not unlocked`}>
              {p.secondLevelUsdt}
              {p.unlocked ? '' : ' (locked)'}
            </span>
            <span>{p.carriedInUsdt}</span>
            <span className={styles.right}>
              <strong>{p.amountUsdt} USDT</strong>
            </span>
            <span className={styles.mono}>{p.txHash ? `${p.txHash.slice(0, 10)}…` : p.status === 'paid' ? 'sending' : '—'}</span>
          </div>
        ))}
      </div>
      <Pager page={page} totalPages={data.meta.totalPages} onPage={setPage} />
    </>
  );
}

export default function ReferralRecordsPage() {
  return (
    <div className={styles.page}>
      <PageHeader
        title="Reward records"
        subtitle="Every referral reward and weekly USDT payout."
        actions={
          <Link to="/referral">
            <Button variant="secondary" size="sm">
              Refer and Earn
            </Button>
          </Link>
        }
      />
      <Tabs
        items={[
          { value: 'rewards', label: 'Rewards', content: <Rewards /> },
          { value: 'payouts', label: 'Payouts', content: <Payouts /> },
        ]}
      />
    </div>
  );
}
