// Lobby leaderboards: Top Users (diamonds sent) and Top Hosts (charm received), weekly or monthly,
// with a podium of 3. Re-read at the position of the last gift so it shows that gift.
import { limits } from '@murmur/contracts/constants';
import { useEffect, useState } from 'react';
import { api } from '../../api/api.generated.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { Icon } from '../../components/Icon.tsx';
import { useQuery } from '../../state/query.ts';
import styles from './Lobby.module.css';

interface Entry {
  rank: number;
  uid: string;
  username: string;
  profilePicUrl: string | null;
  diamonds?: number;
  charm?: number;
}

export function Leaderboard({ lobbyId, minPosition }: { lobbyId: string; minPosition: string | null }) {
  const [frequency, setFrequency] = useState<'weekly' | 'monthly'>('weekly');
  const [board, setBoard] = useState<'topUsers' | 'topHosts'>('topUsers');
  const path = api.lobbies.leaderboard.path({ lobbyId, frequency });
  const { data, mutate } = useQuery(path, { dedupingInterval: 30_000 });
  useEffect(() => {
    if (minPosition) void mutate(api.lobbies.leaderboard({ lobbyId, frequency }, { minPosition, quiet: true }), { revalidate: false });
  }, [minPosition, lobbyId, frequency, mutate]);
  const entries = data?.[board] ?? [];
  const podium = entries.slice(0, limits.podium);
  const rest = entries.slice(limits.podium);
  const amount = (e: Entry) => (board === 'topUsers' ? e.diamonds : e.charm) ?? 0;
  // Podium order on screen: 2nd, 1st, 3rd.
  const order = [podium[1], podium[0], podium[2]];

  return (
    <div className={styles.leaderboard} data-testid="leaderboard">
      <div className={styles.lbSwitches}>
        <div className={styles.segment}>
          <button className={board === 'topUsers' ? styles.segmentOn : ''} onClick={() => setBoard('topUsers')}>
            Top Users
          </button>
          <button className={board === 'topHosts' ? styles.segmentOn : ''} onClick={() => setBoard('topHosts')} data-testid="top-hosts">
            Top Hosts
          </button>
        </div>
        <div className={styles.segment}>
          <button className={frequency === 'weekly' ? styles.segmentOn : ''} onClick={() => setFrequency('weekly')}>
            Weekly
          </button>
          <button className={frequency === 'monthly' ? styles.segmentOn : ''} onClick={() => setFrequency('monthly')}>
            Monthly
          </button>
        </div>
      </div>
      {entries.length === 0 ? (
        <div className={styles.lbEmpty}>
          <Icon name="trophy" size={32} />
          <p>No gifts yet this {frequency === 'weekly' ? 'week' : 'month'}. Send the first one!</p>
        </div>
      ) : (
        <>
          <div className={styles.podium}>
            {order.map((e, i) =>
              e ? (
                <div key={e.uid} className={`${styles.podiumPlace} ${styles[`place${e.rank}`]}`} data-testid={`podium-${e.rank}`}>
                  <span className={styles.rank}>{e.rank}</span>
                  <Avatar name={e.username} src={e.profilePicUrl} size={e.rank === 1 ? 56 : 44} />
                  <span className={styles.podiumName}>{e.username}</span>
                  <span className={styles.podiumAmount} data-testid={`podium-amount-${e.rank}`}>
                    {board === 'topUsers' ? <Icon name="diamond" size={12} /> : '✦'} {amount(e).toLocaleString()}
                  </span>
                </div>
              ) : (
                <div key={`empty-${i}`} className={styles.podiumPlace} />
              ),
            )}
          </div>
          <ol className={styles.lbList}>
            {rest.map((e) => (
              <li key={e.uid}>
                <span className={styles.lbRank}>{e.rank}</span>
                <Avatar name={e.username} src={e.profilePicUrl} size={28} />
                <span className={styles.lbName}>{e.username}</span>
                <span className={styles.lbAmount}>{amount(e).toLocaleString()}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
