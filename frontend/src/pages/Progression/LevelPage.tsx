// /level: the level, EXP and progress to the next level, today's capped sources, how EXP is earned
// (the catalogue's rule table) and the history of what earned it.
import { useState } from 'react';
import { Link } from 'react-router';
import { expForLevel, expRules } from '@murmur/contracts/progression';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { Pager } from '../../components/Pager.tsx';
import { LevelSummary } from './LevelSummary.tsx';
import styles from './Progression.module.css';
import { ProgressBar } from './RewardChips.tsx';
import { useExpHistory, useMyLevel } from './progressionApi.ts';

const sourceNames: Record<string, string> = {
  gift_sent: 'Gift sent',
  gift_received: 'Gift received',
  mic: 'Mic time',
  chat: 'Lobby chat',
  sign_in: 'Daily sign-in',
  mission: 'Mission',
  quest: 'Quest',
  friend_bonus: 'EXP for friends',
  quest_platform: 'Quest platform',
};

function Today() {
  const { data } = useMyLevel();
  if (!data) return null;
  return (
    <section className={styles.grid}>
      <div className={styles.card}>
        <span className={styles.label}>Mic time today</span>
        <strong>
          {data.today.micExp} / {data.today.micCap} EXP
        </strong>
        <ProgressBar value={data.today.micExp} max={data.today.micCap} label="Mic EXP today" />
      </div>
      <div className={styles.card}>
        <span className={styles.label}>Lobby chat today</span>
        <strong>
          {data.today.chatExp} / {data.today.chatCap} EXP
        </strong>
        <ProgressBar value={data.today.chatExp} max={data.today.chatCap} label="Chat EXP today" />
      </div>
      <div className={styles.card}>
        <span className={styles.label}>Daily sign-in</span>
        <strong>{data.today.signedIn ? `+${expRules.dailySignInExp} EXP earned` : 'Not yet today'}</strong>
        <span className={styles.muted}>The first sign-in of each UTC day.</span>
      </div>
    </section>
  );
}

function History() {
  const [page, setPage] = useState(1);
  const { data, isLoading } = useExpHistory(page);
  if (isLoading) return <PageLoading />;
  if (!data || data.items.length === 0)
    return (
      <EmptyState icon="📈" title="No EXP yet">
        Send a gift, take a mic or chat in a lobby to earn your first EXP.
      </EmptyState>
    );
  return (
    <>
      <div className={styles.table} role="table" data-testid="exp-history">
        <div className={`${styles.tr} ${styles.th}`} role="row">
          <span>What</span>
          <span>Source</span>
          <span>Date</span>
          <span className={styles.right}>EXP</span>
        </div>
        {data.items.map((e) => (
          <div key={e.id} className={styles.tr} role="row" data-testid="exp-entry">
            <strong>{e.detail}</strong>
            <span>{sourceNames[e.source] ?? e.source}</span>
            <span>{new Date(e.at).toLocaleString()}</span>
            <span className={styles.right}>+{e.exp}</span>
          </div>
        ))}
      </div>
      <Pager page={page} totalPages={data.meta.totalPages} onPage={setPage} />
    </>
  );
}

export default function LevelPage() {
  return (
    <div className={styles.page}>
      <PageHeader
        title="My Level"
        subtitle="Everything you do on Murmur earns EXP."
        actions={
          <Link to="/mission-center">
            <Button variant="secondary" size="sm">
              Mission Center
            </Button>
          </Link>
        }
      />
      <LevelSummary link={false} />
      <Today />
      <section className={styles.card}>
        <h3 className={styles.title}>How to earn EXP</h3>
        <ul className={styles.rules}>
          <li>
            1 EXP per {expRules.diamondsSentPerExp} diamonds of gifts you send, and per {expRules.charmReceivedPerExp} charm you receive
          </li>
          <li>
            {expRules.micMinuteExp} EXP per minute on a mic seat (up to {expRules.micDailyCap} a day)
          </li>
          <li>
            {expRules.chatMessageExp} EXP per lobby chat message (up to {expRules.chatDailyCap} a day)
          </li>
          <li>{expRules.dailySignInExp} EXP for your first sign-in of the day</li>
          <li>
            Missions and quests give the EXP they show. Level 2 needs {expForLevel(2)} EXP, level 10 needs{' '}
            {expForLevel(10).toLocaleString()}.
          </li>
        </ul>
      </section>
      <h3 className={styles.title}>What earned it</h3>
      <History />
    </div>
  );
}
