// /about: what Murmur is and does, in a few lines a visitor can read before signing in, with the
// way to each part of it and to the Help Center.
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { helpCenterUrl } from '../../shell/menu.ts';
import styles from './AboutPage.module.css';

const parts = [
  {
    icon: '🎙️',
    title: 'Voice lobbies',
    text: 'Join public and private lobbies by theme, listen in, ask for a mic and talk. Hosts take the stage, can go live on camera or share a screen.',
    to: '/',
    link: 'Find a lobby',
  },
  {
    icon: '⏱️',
    title: 'Private rooms',
    text: 'One-on-one timed rooms inside a lobby, from 15 minutes to 2 hours, and sessions booked with a host.',
    to: '/booking',
    link: 'Bookings',
  },
  {
    icon: '🎁',
    title: 'Gifts and diamonds',
    text: 'Top up diamonds by card, crypto wallet or e-wallet and send animated gifts to the people on stage. Hosts earn charm from the gifts they receive and withdraw it.',
    to: '/wallet',
    link: 'Wallet',
  },
  {
    icon: '🌐',
    title: 'Profiles and community',
    text: 'Follow people, post on your wall, subscribe to a creator\u2019s feed and message the people you follow.',
    to: '/foryou',
    link: 'Community',
  },
  {
    icon: '🏆',
    title: 'Levels, quests and leaderboards',
    text: 'Daily and weekly missions and quests earn EXP and rewards; the leaderboards show the top gifters and hosts.',
    to: '/earn',
    link: 'Interact to Earn',
  },
  {
    icon: '🤝',
    title: 'Refer and earn',
    text: 'Invite friends with your link and earn a share of their top-ups, paid weekly in USDT.',
    to: '/referral',
    link: 'Refer and Earn',
  },
] as const;

export default function AboutPage() {
  const helpIsPage = helpCenterUrl.startsWith('/');
  return (
    <div className={styles.page} data-testid="about-page">
      <PageHeader title="About Murmur" subtitle="Win friends around the world." />
      <p className={styles.lead}>
        Murmur is a social voice-chat platform: people meet in themed voice lobbies and private rooms, talk on the mic, chat with text,
        stickers and GIFs, and send virtual gifts paid in diamonds. It runs on the web and as a mini-app inside Telegram, with the same
        account.
      </p>
      <div className={styles.grid}>
        {parts.map((p) => (
          <section key={p.title} className={styles.card}>
            <h2 className={styles.cardTitle}>
              <span aria-hidden>{p.icon}</span> {p.title}
            </h2>
            <p className={styles.text}>{p.text}</p>
            <Link to={p.to} className={styles.link}>
              {p.link} →
            </Link>
          </section>
        ))}
      </div>
      <section className={styles.note}>
        <h2 className={styles.cardTitle}>Rules and help</h2>
        <p className={styles.text}>
          Murmur is for adults: everyone confirms they are 18 or older and accepts the terms of service and community guidelines when they
          sign up. Mature content is shown only to those who ask for it in Settings. Anyone can report a profile, a post or a chat message.
        </p>
        <p className={styles.text}>
          Questions?{' '}
          {helpIsPage ? (
            <Link to={helpCenterUrl} className={styles.link} data-testid="about-help">
              Help Center
            </Link>
          ) : (
            <a href={helpCenterUrl} className={styles.link} target="_blank" rel="noreferrer" data-testid="about-help">
              Help Center
            </a>
          )}
          .
        </p>
      </section>
    </div>
  );
}
