// The home banners (docs/decisions/lobbies.md) from app/home; a designed welcome banner when
// the CMS has none.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { bannersFor } from '../../lobby/LobbyBanner.tsx';
import { useQuery } from '../../state/query.ts';
import styles from './HomePage.module.css';
import { api } from '../../api/api.generated.ts';

interface Banner {
  id: string;
  type: string;
  imageUrl: string;
  link: string | null;
  title: string;
}

const fallback: Banner[] = [
  { id: 'welcome', type: 'home_banner', imageUrl: '', link: '/foryou', title: 'Win friends around the world' },
  { id: 'player-two', type: 'home_banner', imageUrl: '', link: null, title: 'Find Your Player Two' },
];

const looks = [
  'linear-gradient(120deg, #6d28d9 0%, #db2777 100%)',
  'linear-gradient(120deg, #0ea5e9 0%, #7c3aed 100%)',
  'linear-gradient(120deg, #f59e0b 0%, #ec4899 100%)',
];

export function Banners() {
  const { data } = useQuery(api.lobbies.home.path());
  const mobile = typeof window !== 'undefined' && window.matchMedia?.('(max-width: 760px)').matches;
  const fromServer = bannersFor(data?.banners ?? [], 'home', !!mobile);
  const banners = fromServer.length ? fromServer : fallback;
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setIndex((i) => (i + 1) % banners.length), 6000);
    return () => clearInterval(t);
  }, [banners.length]);
  const banner = banners[index % banners.length]!;
  const content = (
    <div className={styles.banner} style={{ background: looks[index % looks.length] }} data-testid="home-banner">
      {banner.imageUrl ? (
        <img className={styles.bannerImage} src={banner.imageUrl} alt="" onError={(e) => (e.currentTarget.style.display = 'none')} />
      ) : null}
      <div className={styles.bannerText}>
        <span className={styles.bannerKicker}>Murmur</span>
        <h2>{banner.title}</h2>
        <p>Join a voice lobby, take the mic and send gifts to your favourite hosts.</p>
      </div>
      <div className={styles.bannerArt} aria-hidden>
        <span>🎧</span>
        <span>💜</span>
        <span>🎁</span>
      </div>
      <div className={styles.dots}>
        {banners.map((b, i) => (
          <button
            key={b.id}
            className={i === index % banners.length ? styles.dotActive : ''}
            onClick={(e) => {
              e.preventDefault();
              setIndex(i);
            }}
            aria-label={`Banner ${i + 1}`}
          />
        ))}
      </div>
    </div>
  );
  return banner.link ? <Link to={banner.link}>{content}</Link> : content;
}
