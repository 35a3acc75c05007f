// Home: who is signed in, the balance, and the way to every part of the app.
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useBalance, useMe } from '../../api/me.ts';
import { Avatar } from '../../components/Avatar.tsx';
import type { MiniAppTab } from './miniAppTabs.ts';
import styles from './MiniApp.module.css';

// TON Connect is loaded only with the card that uses it.
const TonTopUp = lazy(() => import('./TonTopUp.tsx'));

const shortcuts: Array<{ icon: string; title: string; sub: string; tab?: MiniAppTab; to?: string }> = [
  { icon: '💎', title: 'Claim your daily Diamonds', sub: 'Free every 24 hours', tab: 'earn' },
  { icon: '🎙️', title: 'Join a live lobby', sub: 'Talk, listen and send gifts', tab: 'engage' },
  { icon: '🏆', title: 'Leaderboards', sub: 'Top users, top hosts and events', tab: 'top' },
  { icon: '🤝', title: 'Invite friends', sub: 'Earn USDT from their top-ups', tab: 'refer' },
  { icon: '👛', title: 'Wallet', sub: 'Top up, history and withdrawals', to: '/wallet' },
  { icon: '👤', title: 'Your profile', sub: 'Posts, followers and gift wall', to: '/profile' },
];

export function HomeTab({ onTab }: { onTab(tab: MiniAppTab): void }) {
  const { data: me } = useMe();
  const { diamonds } = useBalance();
  return (
    <>
      <section className={`${styles.card} ${styles.hero}`} data-testid="mini-home">
        <div className={styles.row}>
          <Avatar name={me?.username ?? '?'} src={me?.profilePicUrl} size={52} ring />
          <div className={styles.itemText}>
            <span className={styles.cardTitle} data-testid="mini-username">
              {me?.username ?? '…'}
            </span>
            <span className={styles.muted}>Welcome to Murmur</span>
          </div>
        </div>
        <div className={styles.row}>
          <span className={styles.big} data-testid="mini-balance">
            {diamonds === undefined ? '—' : diamonds.toLocaleString('en-US')}
          </span>
          <span className={styles.muted}>Diamonds</span>
        </div>
      </section>
      <Suspense fallback={null}>
        <TonTopUp />
      </Suspense>
      <div className={styles.list}>
        {shortcuts.map((s) => {
          // One face for both kinds of shortcut: a tab of the mini-app, or a page of the app.
          const face = (
            <>
              <span className={styles.cover} aria-hidden>
                {s.icon}
              </span>
              <span className={styles.itemText}>
                <span className={styles.itemTitle}>{s.title}</span>
                <span className={styles.itemSub}>{s.sub}</span>
              </span>
              <span aria-hidden>›</span>
            </>
          );
          return s.tab ? (
            <button
              key={s.title}
              className={styles.item}
              style={{ cursor: 'pointer', textAlign: 'left', font: 'inherit' }}
              onClick={() => onTab(s.tab!)}
            >
              {face}
            </button>
          ) : (
            <Link key={s.title} to={s.to!} className={styles.item}>
              {face}
            </Link>
          );
        })}
      </div>
    </>
  );
}
