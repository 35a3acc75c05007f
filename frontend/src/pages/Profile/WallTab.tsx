// A user's wall (or their subscriber feed), paged 10 at a time, with the composer on one's own wall.
import { useState } from 'react';
import { api } from '../../api/api.generated.ts';
import { Button } from '../../components/Button.tsx';
import { FilePicker } from '../../components/FilePicker.tsx';
import { Pager } from '../../components/Pager.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { refreshQueries, useQuery } from '../../state/query.ts';
import { deletePost, toggleLike, uploadMedia } from '../../social/socialApi.ts';
import { PostCard } from '../../social/PostCard.tsx';
import { uploadError } from '../../social/uploadChecks.ts';
import styles from '../../social/social.module.css';

export function WallTab({ uid, own, subscriberOnly }: { uid: string; own: boolean; subscriberOnly?: boolean }) {
  const [page, setPage] = useState(1);
  const key = api.social.wall.path({ uid }, { page, limit: 10, subscriberOnly: subscriberOnly ? 'true' : undefined });
  const { data } = useQuery(key);
  return (
    <div className={styles.list}>
      {own ? <Composer subscriberOnly={!!subscriberOnly} /> : null}
      {data && data.items.length === 0 ? <EmptyState icon="📝" title="No posts yet" /> : null}
      {data?.items.map((post) => (
        <PostCard
          key={post.id}
          post={post}
          mine={own}
          onLike={() => void toggleLike(key, post)}
          onDelete={() => void deletePost(key, post)}
          onUnlock={async () => {
            await api.social.unlockWallPost({ id: post.id });
            await refreshQueries(api.social.wall.path({ uid }));
          }}
        />
      ))}
      {data ? <Pager page={page} totalPages={data.meta.totalPages} onPage={setPage} /> : null}
    </div>
  );
}

function Composer({ subscriberOnly }: { subscriberOnly: boolean }) {
  const [content, setContent] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [isPrivate, setPrivate] = useState(false);
  const [price, setPrice] = useState('50');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const media = file ? await uploadMedia(file) : null;
      await api.social.createWallPost({
        content,
        mediaFilename: media?.fileName,
        mediaFormat: media?.format,
        mediaIsPrivate: !!media && isPrivate,
        unlockPrice: media && isPrivate ? Number(price) : undefined,
        subscriberOnly,
      });
      setContent('');
      setFile(null);
      setPrivate(false);
      await refreshQueries('/user/wall/', '/user/gallery/');
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.composer}>
      <textarea
        className={styles.textarea}
        value={content}
        maxLength={120}
        onChange={(e) => setContent(e.target.value)}
        placeholder="Share something…"
        data-testid="post-content"
      />
      <FilePicker
        file={file}
        accept="image/*,video/*,audio/*"
        prompt="Add a photo, video or sound"
        testId="post-media"
        onPick={(f) => {
          const problem = f ? uploadError(f) : null;
          setError(problem);
          setFile(problem ? null : f);
        }}
      >
        {file ? (
          <label className={styles.dim}>
            <input type="checkbox" checked={isPrivate} onChange={(e) => setPrivate(e.target.checked)} /> Private, unlock for
            <input
              className={styles.input}
              style={{ width: 80, marginLeft: 6 }}
              value={price}
              onChange={(e) => setPrice(e.target.value.replace(/\D/g, ''))}
            />{' '}
            💎
          </label>
        ) : null}
      </FilePicker>
      <div className={styles.composerActions}>
        <Button onClick={() => void submit()} busy={busy} disabled={!content.trim() && !file} data-testid="post-submit">
          Post
        </Button>
      </div>
      {error ? <p className={styles.error}>{error}</p> : null}
    </div>
  );
}
