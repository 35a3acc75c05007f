// Console section: lobbies live. Live lobbies (the most reported first) with their members and open
// reports; end a lobby or remove someone from it, with the reason those affected see at once.
import type { ConsoleLobbyRow } from '@murmur/contracts/moderation';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiCallError } from '../../../api/client.ts';
import { Button } from '../../../components/Button.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { toast } from '../../../state/ui.ts';
import { removeFromLobby, terminateLobby, useLiveLobbies } from '../consoleApi.ts';
import styles from '../Console.parts.module.css';

function LobbyCard({ lobby }: { lobby: ConsoleLobbyRow }) {
  const [reason, setReason] = useState('');
  const [target, setTarget] = useState<string>('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>, done: string) => {
    if (!reason.trim()) return setError('Give a reason: the people affected see it.');
    setBusy(true);
    setError(null);
    try {
      await action();
      toast(done, 'success');
      setReason('');
      setTarget('');
    } catch (e) {
      setError(e instanceof ApiCallError ? e.message : 'Something went wrong.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <article className={styles.card} data-testid="console-lobby" data-lobby-id={lobby.lobbyId}>
      <div className={styles.spread}>
        <div>
          <h3>
            <Link className={styles.link} to={`/lobby/${encodeURIComponent(lobby.lobbyId)}`}>
              {lobby.title}
            </Link>
          </h3>
          <p className={styles.faint}>
            {lobby.kind} · {lobby.status} · owner {lobby.owner.username ?? lobby.owner.uid}
          </p>
        </div>
        {lobby.openReports > 0 ? (
          <Link className={`${styles.badge} ${styles.danger}`} to={`/console/reports?lobbyId=${encodeURIComponent(lobby.lobbyId)}`}>
            {lobby.openReports} open reports
          </Link>
        ) : (
          <span className={styles.faint}>No open reports</span>
        )}
      </div>
      <div className={styles.chips} aria-label="Members">
        {lobby.members.length === 0 ? (
          <span className={styles.faint}>Nobody inside</span>
        ) : (
          lobby.members.map((m) => (
            <span key={m.uid} className={styles.chip}>
              {m.username ?? m.uid}{' '}
              <span className={styles.faint}>
                {m.role} · {m.presence}
              </span>
              <button
                type="button"
                onClick={() => setTarget(m.uid)}
                aria-label={`Remove ${m.username ?? m.uid}`}
                data-testid="remove-member"
              >
                Remove
              </button>
            </span>
          ))
        )}
      </div>
      <div className={styles.row}>
        <input
          className={styles.input}
          value={reason}
          maxLength={500}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
          placeholder={
            target ? `Why remove ${lobby.members.find((m) => m.uid === target)?.username ?? target}?` : 'Reason (shown to those affected)'
          }
          aria-label="Reason"
          data-testid="lobby-reason"
        />
        {target ? (
          <>
            <Button
              size="sm"
              variant="danger"
              busy={busy}
              onClick={() => void run(() => removeFromLobby(lobby.lobbyId, target, reason.trim()), 'Removed from the lobby.')}
              data-testid="remove-submit"
            >
              Remove user
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setTarget('')}>
              Cancel
            </Button>
          </>
        ) : (
          <Button
            size="sm"
            variant="danger"
            busy={busy}
            onClick={() => void run(() => terminateLobby(lobby.lobbyId, reason.trim()), 'Lobby ended.')}
            data-testid="terminate-lobby"
          >
            End lobby
          </Button>
        )}
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </article>
  );
}

export default function LobbiesSection() {
  const [page, setPage] = useState(1);
  const { data, error } = useLiveLobbies(page);
  return (
    <>
      <PageHeader title="Lobbies live" subtitle="The most reported first. Members see your reason at once." />
      {error ? (
        <EmptyState title="Could not load lobbies" />
      ) : !data ? (
        <PageLoading />
      ) : data.items.length === 0 ? (
        <EmptyState icon="🎙️" title="No live lobbies" />
      ) : (
        <div className={styles.stack}>
          {data.items.map((l) => (
            <LobbyCard key={l.lobbyId} lobby={l} />
          ))}
          <Pager page={page} totalPages={data.meta.totalPages} onPage={setPage} />
        </div>
      )}
    </>
  );
}
