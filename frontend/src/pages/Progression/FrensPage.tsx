// /exp-frens-token: the personal EXP-for-friends token to share, joining with a friend's token, and
// the friends who joined (both get the bonus once when the friend reaches the level).
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { TextField } from '../../components/Field.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { ApiCallError } from '../../api/client.ts';
import { toast } from '../../state/ui.ts';
import styles from './Progression.module.css';
import { ensureFriendToken, joinWithToken, useFriends } from './progressionApi.ts';

export default function FrensPage() {
  const { data, isLoading } = useFriends();
  const [params] = useSearchParams();
  const [code, setCode] = useState(params.get('token') ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (data && !data.token) void ensureFriendToken();
  }, [data]);
  if (isLoading || !data) return <PageLoading />;
  const join = async () => {
    setBusy(true);
    setError(null);
    try {
      await joinWithToken(code.trim());
      toast("You joined with your friend's token.", 'success', 'EXP for Friends');
    } catch (e) {
      setError(e instanceof ApiCallError ? e.message : 'Oops, something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.page}>
      <PageHeader
        title="EXP for Friends"
        subtitle={`Share your token. When a friend who joined with it reaches level ${data.level}, you both get ${data.bonusExp} EXP.`}
      />
      <section className={styles.grid}>
        <div className={`${styles.card} ${styles.levelCard}`}>
          <span className={styles.label}>Your token</span>
          <span className={styles.token} data-testid="frens-token">
            {data.token || '…'}
          </span>
          {data.link ? <span className={styles.mono}>{data.link}</span> : null}
          <Button
            size="sm"
            disabled={!data.link}
            onClick={() => void navigator.clipboard?.writeText(data.link).then(() => toast('Link copied.', 'success'))}
          >
            Copy link
          </Button>
        </div>
        <div className={styles.card}>
          <span className={styles.label}>Joined with a friend's token?</span>
          {data.joinedWith ? (
            <span data-testid="joined-with">You joined with {data.joinedWith.username}'s token.</span>
          ) : (
            <form
              className={styles.form}
              onSubmit={(e) => {
                e.preventDefault();
                void join();
              }}
            >
              <TextField
                id="frens-token-input"
                label="Friend's token"
                error={error}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                placeholder="e.g. K7QX2M9A"
                maxLength={40}
              />
              <Button type="submit" busy={busy} disabled={code.trim().length < 4}>
                Join
              </Button>
            </form>
          )}
        </div>
      </section>
      <h3 className={styles.title}>Friends who joined with your token</h3>
      {data.friends.length === 0 ? (
        <p className={styles.muted}>Nobody yet. Share your link!</p>
      ) : (
        <div className={styles.table} role="table">
          <div className={`${styles.tr} ${styles.th}`} role="row">
            <span>Friend</span>
            <span>Level</span>
            <span>Joined</span>
            <span className={styles.right}>Bonus</span>
          </div>
          {data.friends.map((f) => (
            <div key={f.uid} className={styles.tr} role="row" data-testid="friend-row">
              <strong>{f.username}</strong>
              <span>Level {f.level}</span>
              <span>{new Date(f.joinedAt).toLocaleDateString()}</span>
              <span className={styles.right}>{f.rewarded ? `+${data.bonusExp} EXP` : `at level ${data.level}`}</span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
