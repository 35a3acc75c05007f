// /foryou (Community): the for-you feed, 50 a page, with search and a following filter; cached for
// 5 minutes (docs/decisions/wall.md), likes optimistic with rollback.
import { staleTimes } from '@murmur/contracts/constants';
import { useState } from 'react';
import { api } from '../../api/api.generated.ts';
import { useSession } from '../../api/session.ts';
import { Button } from '../../components/Button.tsx';
import { Pager } from '../../components/Pager.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { refreshQueries, useQuery } from '../../state/query.ts';
import { toggleLike } from '../../social/socialApi.ts';
import { PostCard } from '../../social/PostCard.tsx';
import styles from '../../social/social.module.css';

export default function ForYouPage() {
  const me = useSession((s) => s.claims?.uid);
  const [following, setFollowing] = useState(false);
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const key = api.social.forYouFeed.path({ page, following: following ? 'true' : undefined, q: q.trim() || undefined });
  const { data } = useQuery(key, { dedupingInterval: staleTimes.forYouFeedMs });
  return (
    <div className={styles.list} style={{ maxWidth: 720, margin: '0 auto', width: '100%' }}>
      <PageHeader title="Community" />
      <div className={styles.composerRow}>
        <Button variant={following ? 'secondary' : 'primary'} size="sm" onClick={() => (setFollowing(false), setPage(1))}>
          For you
        </Button>
        <Button
          variant={following ? 'primary' : 'secondary'}
          size="sm"
          onClick={() => (setFollowing(true), setPage(1))}
          data-testid="feed-following"
        >
          Following
        </Button>
        <input className={styles.input} placeholder="Search posts" value={q} onChange={(e) => (setQ(e.target.value), setPage(1))} />
      </div>
      {data && data.items.length === 0 ? (
        <EmptyState icon="🌐" title="No posts yet">
          Follow people to see their posts here.
        </EmptyState>
      ) : null}
      {data?.items.map((post) => (
        <PostCard
          key={post.id}
          post={post}
          mine={post.authorUid === me}
          onLike={() => void toggleLike(key, post)}
          onUnlock={async () => {
            await api.social.unlockWallPost({ id: post.id });
            await refreshQueries('/user/feed/');
          }}
        />
      ))}
      {data ? <Pager page={page} totalPages={data.meta.totalPages} onPage={setPage} /> : null}
    </div>
  );
}
