// What the missions pay (docs/decisions/mini-app.md), leading to the Mission Center.
import { Link } from 'react-router';
import styles from './MiniApp.module.css';

const daily = [
  ['🎁', 'Send a gift', '+20 EXP'],
  ['🎙️', '10 minutes on a mic', '+20 EXP'],
  ['💬', '5 chat messages', '+10 EXP'],
  ['👋', 'Follow someone', '+10 EXP'],
] as const;
const weekly = [
  ['💳', 'Top up once', '+100 EXP'],
  ['📡', 'Host a lobby for 60 minutes', '+100 EXP'],
  ['💝', 'Receive 10 gifts', '+50 💎'],
] as const;

export function MissionsSummary({ full = false }: { full?: boolean }) {
  return (
    <section className={styles.card} data-testid="missions-summary">
      <h2 className={styles.cardTitle}>Missions</h2>
      <p className={styles.muted}>Daily missions reset at 00:00 UTC, weekly ones on Monday.</p>
      <p className={styles.sectionTitle}>Daily</p>
      {daily.map(([icon, name, reward]) => (
        <div key={name} className={styles.mission}>
          <span aria-hidden>{icon}</span>
          <span>{name}</span>
          <span>{reward}</span>
        </div>
      ))}
      {full ? (
        <>
          <p className={styles.sectionTitle}>Weekly</p>
          {weekly.map(([icon, name, reward]) => (
            <div key={name} className={styles.mission}>
              <span aria-hidden>{icon}</span>
              <span>{name}</span>
              <span>{reward}</span>
            </div>
          ))}
        </>
      ) : null}
      <Link to="/mission-center" className={styles.shareButton} data-testid="open-mission-center">
        🎯 Open the Mission Center
      </Link>
    </section>
  );
}
