// Followers, following, subscribers or subscribed, 10 a page with the meta's page count; one's
// own followers can be removed (optimistically).
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../components/Avatar.tsx';
import { Button } from '../../components/Button.tsx';
import { useQuery } from '../../state/query.ts';
import { peopleListPath, removeFollower, type ListKind } from '../../social/socialApi.ts';
import styles from '../../social/social.module.css';

export function PeopleList({ kind, uid, own }: { kind: ListKind; uid: string; own: boolean }) {
  const [page, setPage] = useState(1);
  const key = peopleListPath(kind, uid, page);
  const { data } = useQuery(key);
  if (!data) return null;
  return (
    <div data-testid={`list-${kind}`}>
      {data.items.length === 0 ? <p className={styles.dim}>Nobody here yet.</p> : null}
      {data.items.map((p) => (
        <div key={p.uid} className={styles.row}>
          <Avatar name={p.username ?? p.uid} src={p.profilePic} size={32} />
          <Link className={styles.rowName} to={`/profile?uid=${encodeURIComponent(p.uid)}`}>
            {p.username ?? p.uid} {p.isSelf ? <span className={styles.dim}>(you)</span> : null}
          </Link>
          {own && kind === 'followers' ? (
            <Button size="sm" variant="ghost" onClick={() => void removeFollower(key, p.uid)}>
              Remove
            </Button>
          ) : null}
        </div>
      ))}
      <div className={styles.pager}>
        <Button variant="ghost" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          ‹
        </Button>
        {data.meta.currentPage} / {Math.max(1, data.meta.totalPages)} · {data.meta.totalItems}
        <Button variant="ghost" size="sm" disabled={page >= data.meta.totalPages} onClick={() => setPage(page + 1)}>
          ›
        </Button>
      </div>
    </div>
  );
}
