// The lobby banner (the spec's lobby_banner, or mobile_lobby_banner on a phone) from app/home, shown
// at the top of a lobby page; nothing when the server has none.
import type { HomeBanner } from '@murmur/contracts/lobbies';
import { Link } from 'react-router';
import styles from '../pages/Lobby/Lobby.module.css';
import { useQuery } from '../state/query.ts';
import { api } from '../api/api.generated.ts';

/** The banners of one placement: the mobile type on a narrow screen, the desktop type otherwise. */
export function bannersFor(all: readonly HomeBanner[], place: 'home' | 'lobby', mobile: boolean): HomeBanner[] {
  const wanted = `${mobile ? 'mobile_' : ''}${place}_banner`;
  return all.filter((b) => b.type === wanted);
}

export function LobbyBanner() {
  const { data } = useQuery(api.lobbies.homePublic.path(), { quiet: true });
  const mobile = typeof window !== 'undefined' && window.matchMedia?.('(max-width: 760px)').matches;
  const banner = bannersFor(data?.banners ?? [], 'lobby', !!mobile)[0];
  if (!banner) return null;
  const content = (
    <>
      {banner.imageUrl ? <img src={banner.imageUrl} alt="" onError={(e) => (e.currentTarget.style.display = 'none')} /> : null}
      <span aria-hidden>💘</span>
      <span>
        <span className={styles.lobbyBannerKicker}>Event</span>
        <br />
        <strong>{banner.title}</strong>
      </span>
    </>
  );
  return banner.link ? (
    <Link className={styles.lobbyBanner} to={banner.link} data-testid="lobby-banner" data-banner-type={banner.type}>
      {content}
    </Link>
  ) : (
    <div className={styles.lobbyBanner} data-testid="lobby-banner" data-banner-type={banner.type}>
      {content}
    </div>
  );
}
