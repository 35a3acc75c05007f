// The global leaderboards (web page and mini-app tab): Top Users and Top Hosts weekly or monthly,
// the Valentine's and Perfect Pair events with their dates, a podium of 3, the rest, and the
// caller's own rank. Re-read at the position of every `LeaderboardChanged`, so ranks move live.
import type { GlobalLeaderboardDto, LeaderboardEntryDto } from '@murmur/contracts/global-leaderboards';
import { channels } from '@murmur/contracts/realtime';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../api/api.generated.ts';
import { useChannel, useReconnected } from '../api/realtime.ts';
import { useSession } from '../api/session.ts';
import { Avatar } from '../components/Avatar.tsx';
import { Icon } from '../components/Icon.tsx';
import { PageLoading } from '../components/PageLoading.tsx';
import { useQuery } from '../state/query.ts';
import { boardTabs, eventDates, eventState, eventStateLabel, scoreUnit, type BoardKind } from './leaderboardWords.ts';
import styles from './GlobalLeaderboard.module.css';

const LIMIT = 20;
const medals = ['🥇', '🥈', '🥉'];

export function GlobalLeaderboard({
  profileLink = (uid: string) => `/profile?uid=${encodeURIComponent(uid)}`,
}: {
  profileLink?: (uid: string) => string;
}) {
  const [kind, setKind] = useState<BoardKind>('users');
  const [frequency, setFrequency] = useState<'weekly' | 'monthly'>('weekly');
  // The session is part of the key: signed in, the answer carries the caller's own rank.
  const uid = useSession((s) => s.claims?.uid ?? '');
  const query = { kind, frequency, limit: LIMIT } as const;
  const { data, mutate, isLoading } = useQuery(api.leaderboards.global.path(query), { dedupingInterval: 5000, cacheScope: uid });
  const reread = (minPosition?: string) => void mutate(api.leaderboards.global(query, { minPosition, quiet: true }), { revalidate: false });
  useChannel(channels.leaderboard('global'), { onEvent: (m) => reread(m.position), onResync: () => reread() });
  useReconnected(() => reread());

  const unit = scoreUnit(kind);
  const entries = data ? [...data.podium, ...data.entries] : [];
  const isEvent = kind === 'valentines' || kind === 'perfect_pair';
  return (
    <div className={styles.board} data-testid="global-leaderboard">
      <div className={styles.switches}>
        <div className={styles.segment} role="tablist" aria-label="Board">
          {boardTabs.map((t) => (
            <button
              key={t.kind}
              role="tab"
              aria-selected={kind === t.kind}
              className={kind === t.kind ? styles.on : ''}
              onClick={() => setKind(t.kind)}
              data-testid={`board-${t.kind}`}
            >
              {t.label}
            </button>
          ))}
        </div>
        {isEvent ? null : (
          <div className={styles.segment} role="tablist" aria-label="Period">
            {(['weekly', 'monthly'] as const).map((f) => (
              <button
                key={f}
                role="tab"
                aria-selected={frequency === f}
                className={frequency === f ? styles.on : ''}
                onClick={() => setFrequency(f)}
                data-testid={`frequency-${f}`}
              >
                {f === 'weekly' ? 'Weekly' : 'Monthly'}
              </button>
            ))}
          </div>
        )}
      </div>
      {data?.event ? <EventBanner event={data.event} /> : null}
      {isLoading && !data ? <PageLoading /> : null}
      {data && entries.length === 0 ? (
        <div className={styles.empty}>
          <Icon name="trophy" size={34} />
          <p style={{ margin: 0 }}>
            {isEvent
              ? 'No pairs yet. Gifts sent during the event count for the pair.'
              : `No gifts yet this ${frequency === 'weekly' ? 'week' : 'month'}. Send the first one!`}
          </p>
        </div>
      ) : null}
      {data && data.podium.length > 0 ? <Podium entries={data.podium} unit={unit} profileLink={profileLink} /> : null}
      {data && data.entries.length > 0 ? (
        <ol className={styles.list} data-testid="leaderboard-rest">
          {data.entries.map((e) => (
            <Row key={`${e.uid}:${e.partner?.uid ?? ''}`} entry={e} unit={unit} mine={isMine(e, uid)} profileLink={profileLink} />
          ))}
        </ol>
      ) : null}
      {data && uid ? (
        <div data-testid="my-rank">
          <p className={styles.meLabel}>Your rank</p>
          {data.me ? (
            <Row entry={data.me} unit={unit} mine profileLink={profileLink} />
          ) : (
            <div className={`${styles.row} ${styles.mine}`}>
              <span className={styles.rank}>–</span>
              <span />
              <span className={styles.rowNote}>
                Not ranked yet: {kind === 'hosts' ? 'gifts you receive' : 'gifts you send'} count here.
              </span>
              <span />
            </div>
          )}
        </div>
      ) : null}
    </div>
  );
}

const isMine = (e: LeaderboardEntryDto, uid: string) => !!uid && (e.uid === uid || e.partner?.uid === uid);
const names = (e: LeaderboardEntryDto) => (e.partner ? `${e.username} & ${e.partner.username}` : e.username);

function EventBanner({ event }: { event: NonNullable<GlobalLeaderboardDto['event']> }) {
  const state = eventState(event);
  return (
    <div className={styles.event} data-testid="event-banner">
      <span aria-hidden>{event.id.startsWith('valentines') ? '💘' : '💞'}</span>
      <span className={styles.eventTitle}>{event.title}</span>
      <span className={styles.eventDates} data-testid="event-dates">
        {eventDates(event)}
      </span>
      <span className={`${styles.pill} ${state === 'running' ? styles.live : ''}`}>{eventStateLabel[state]}</span>
    </div>
  );
}

function Podium({ entries, unit, profileLink }: { entries: LeaderboardEntryDto[]; unit: string; profileLink(uid: string): string }) {
  // On screen: 2nd, 1st, 3rd.
  const order = [entries[1], entries[0], entries[2]];
  return (
    <div className={styles.podium} data-testid="podium">
      {order.map((e, i) =>
        e ? (
          <Link
            key={`${e.uid}:${e.partner?.uid ?? ''}`}
            to={profileLink(e.uid)}
            className={`${styles.place} ${styles[`place${e.rank}`] ?? ''}`}
            data-testid={`podium-${e.rank}`}
            style={{ color: 'inherit', textDecoration: 'none' }}
          >
            <span className={styles.medal} aria-label={`Rank ${e.rank}`}>
              {medals[e.rank - 1] ?? e.rank}
            </span>
            <span className={styles.avatars}>
              <Avatar name={e.username} src={e.profilePicUrl} size={e.rank === 1 ? 60 : 46} ring={e.rank === 1} />
              {e.partner ? <Avatar name={e.partner.username} src={e.partner.profilePicUrl} size={e.rank === 1 ? 60 : 46} /> : null}
            </span>
            <span className={styles.name} data-testid={`podium-name-${e.rank}`}>
              {names(e)}
            </span>
            <span className={styles.score} data-testid={`podium-score-${e.rank}`}>
              {unit === 'Diamonds' ? '💎' : '✦'} {e.score.toLocaleString('en-US')}
            </span>
          </Link>
        ) : (
          <div key={`empty-${i}`} className={styles.place} aria-hidden />
        ),
      )}
    </div>
  );
}

function Row({
  entry: e,
  unit,
  mine,
  profileLink,
}: {
  entry: LeaderboardEntryDto;
  unit: string;
  mine: boolean;
  profileLink(uid: string): string;
}) {
  return (
    <li className={`${styles.row} ${mine ? styles.mine : ''}`} data-testid={`rank-${e.rank}`} style={{ listStyle: 'none' }}>
      <span className={styles.rank}>{e.rank}</span>
      <span className={styles.avatars}>
        <Avatar name={e.username} src={e.profilePicUrl} size={30} />
        {e.partner ? <Avatar name={e.partner.username} src={e.partner.profilePicUrl} size={30} /> : null}
      </span>
      <Link className={styles.rowName} to={profileLink(e.uid)} style={{ color: 'inherit', textDecoration: 'none' }}>
        {names(e)}
      </Link>
      <span className={styles.rowScore} title={unit}>
        {e.score.toLocaleString('en-US')} {unit === 'Diamonds' ? '💎' : '✦'}
      </span>
    </li>
  );
}
