// Console section: users. Search by uid, username or e-mail; a user's page shows roles (grant and
// revoke), sessions (sign out everywhere), the wallet summary with recent money events, bans with
// their history (ban for a time or for good, unban) and what operators did about them.
import { RoleCode } from '@murmur/contracts/access-token';
import { useState, type FormEvent } from 'react';
import { Link, Route, Routes, useParams } from 'react-router';
import { ApiCallError } from '../../../api/client.ts';
import { useSession } from '../../../api/session.ts';
import { Avatar } from '../../../components/Avatar.tsx';
import { Button } from '../../../components/Button.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PageLoading } from '../../../components/PageLoading.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { toast } from '../../../state/ui.ts';
import { AuditTable } from '../audit/AuditSection.tsx';
import { changeRole, setBan, setWaitlist, signOutEverywhere, useConsoleUser, useUserSearch } from '../consoleApi.ts';
import styles from '../Console.parts.module.css';

const roleNames: Record<RoleCode, string> = {
  co: 'Consumer',
  cr: 'Creator',
  h: 'Host',
  ad: 'Admin',
  ag: 'Agency',
  dev: 'Developer',
  au: 'Auditor',
};
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
const messageOf = (e: unknown) => (e instanceof ApiCallError ? e.message : 'Something went wrong.');

function Search() {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const { data } = useUserSearch(q, page);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQ(text.trim());
    setPage(1);
  };
  return (
    <>
      <PageHeader title="Users" subtitle="Search by uid, username (start of it) or e-mail address." />
      <form className={styles.row} onSubmit={submit} role="search">
        <input
          className={styles.input}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="uid, username or e-mail"
          aria-label="Search users"
          data-testid="user-search"
        />
        <Button type="submit" size="sm">
          Search
        </Button>
      </form>
      {!data ? (
        <PageLoading />
      ) : data.items.length === 0 ? (
        <EmptyState title="No user matches" />
      ) : (
        <div className={styles.table}>
          <div className={`${styles.tr} ${styles.users} ${styles.th}`}>
            <span>User</span>
            <span>Roles</span>
            <span>Status</span>
          </div>
          {data.items.map((u) => (
            <div key={u.uid} className={`${styles.tr} ${styles.users}`} data-testid="user-row">
              <Link className={`${styles.link} ${styles.row}`} to={`/console/users/${encodeURIComponent(u.uid)}`}>
                <Avatar name={u.username} src={u.profilePicUrl ?? undefined} size={26} /> {u.username}
              </Link>
              <span className={styles.faint}>{u.roles.map((r) => roleNames[r]).join(', ')}</span>
              <span>
                {u.banned ? (
                  <span className={`${styles.badge} ${styles.danger}`}>Banned</span>
                ) : (
                  <span className={`${styles.badge} ${styles.good}`}>Active</span>
                )}
              </span>
            </div>
          ))}
        </div>
      )}
      {data ? <Pager page={page} totalPages={data.meta.totalPages} onPage={setPage} /> : null}
    </>
  );
}

function Roles({ uid, roles }: { uid: string; roles: RoleCode[] }) {
  const [role, setRole] = useState<RoleCode>('h');
  const [error, setError] = useState<string | null>(null);
  const act = async (r: RoleCode, action: 'grant' | 'revoke') => {
    setError(null);
    try {
      await changeRole(uid, r, action);
      toast(`${roleNames[r]} ${action === 'grant' ? 'granted' : 'revoked'}.`, 'success');
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return (
    <section className={styles.card} data-testid="user-roles">
      <h3>Roles</h3>
      <div className={styles.chips}>
        {roles.map((r) => (
          <span key={r} className={styles.chip}>
            {roleNames[r]}
            {r !== 'co' ? (
              <button type="button" onClick={() => void act(r, 'revoke')} aria-label={`Revoke ${roleNames[r]}`}>
                Revoke
              </button>
            ) : null}
          </span>
        ))}
      </div>
      <div className={styles.row}>
        <select
          className={styles.select}
          value={role}
          onChange={(e) => setRole(e.target.value as RoleCode)}
          aria-label="Role to grant"
          data-testid="grant-role"
        >
          {RoleCode.options
            .filter((r) => !roles.includes(r))
            .map((r) => (
              <option key={r} value={r}>
                {roleNames[r]}
              </option>
            ))}
        </select>
        <Button
          size="sm"
          variant="secondary"
          disabled={roles.includes(role)}
          onClick={() => void act(role, 'grant')}
          data-testid="grant-role-submit"
        >
          Grant
        </Button>
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

function Ban({ uid, banned, self }: { uid: string; banned: boolean; self: boolean }) {
  const [reason, setReason] = useState('');
  const [hours, setHours] = useState<number | null>(168);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (body: Parameters<typeof setBan>[1], done: string) => {
    setBusy(true);
    setError(null);
    try {
      await setBan(uid, body);
      toast(done, 'success');
      setReason('');
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.card} data-testid="user-ban">
      <h3>Ban</h3>
      {banned ? (
        <div className={styles.row}>
          <span className={`${styles.badge} ${styles.danger}`}>Banned</span>
          <Button size="sm" variant="secondary" busy={busy} onClick={() => void run({ banned: false }, 'Unbanned.')} data-testid="unban">
            Unban
          </Button>
        </div>
      ) : (
        <div className={styles.row}>
          <input
            className={styles.input}
            value={reason}
            maxLength={120}
            onChange={(e) => setReason(e.target.value)}
            placeholder="Reason"
            aria-label="Ban reason"
            data-testid="ban-reason"
          />
          <select
            className={styles.select}
            value={hours ?? 'forever'}
            onChange={(e) => setHours(e.target.value === 'forever' ? null : Number(e.target.value))}
            aria-label="Ban duration"
          >
            <option value={24}>24 hours</option>
            <option value={168}>7 days</option>
            <option value={720}>30 days</option>
            <option value="forever">Permanent</option>
          </select>
          <Button
            size="sm"
            variant="danger"
            busy={busy}
            disabled={!reason.trim()}
            onClick={() => void run({ banned: true, reason: reason.trim(), ...(hours ? { durationHours: hours } : {}) }, 'Banned.')}
            data-testid="ban-submit"
          >
            Ban
          </Button>
        </div>
      )}
      {self ? <p className={styles.faint}>This is your own account.</p> : null}
      {error ? (
        <p className={styles.error} role="alert" data-testid="ban-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/** The waitlist flag: changed here only, with a note the audit trail keeps. */
function Waitlist({ uid, isWaitlist }: { uid: string; isWaitlist: boolean }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await setWaitlist(uid, !isWaitlist, note.trim());
      toast(isWaitlist ? 'Let in from the waitlist.' : 'Put back on the waitlist.', 'success');
      setNote('');
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.card} data-testid="user-waitlist">
      <h3>Mobile early access</h3>
      <div className={styles.row}>
        <span className={styles.badge} data-testid="waitlist-state">
          {isWaitlist ? 'On the waitlist' : 'Let in'}
        </span>
        <input
          className={styles.input}
          value={note}
          maxLength={120}
          onChange={(e) => setNote(e.target.value)}
          placeholder="Note for the audit trail"
          aria-label="Waitlist note"
          data-testid="waitlist-note"
        />
        <Button size="sm" variant="secondary" busy={busy} disabled={!note.trim()} onClick={() => void run()} data-testid="waitlist-submit">
          {isWaitlist ? 'Let in' : 'Put back on the waitlist'}
        </Button>
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

function UserDetail() {
  const { uid = '' } = useParams();
  const me = useSession((s) => s.claims?.uid);
  const { data, error } = useConsoleUser(uid);
  const [busy, setBusy] = useState(false);
  if (error)
    return (
      <EmptyState title="User not found">
        <Link to="/console/users">Back to search</Link>
      </EmptyState>
    );
  if (!data) return <PageLoading />;
  const endSessions = async () => {
    setBusy(true);
    try {
      await signOutEverywhere(uid, 'Signed out by an operator');
      toast('Signed out everywhere.', 'success');
    } catch (e) {
      toast(messageOf(e), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.stack} data-testid="console-user">
      <PageHeader
        title={
          <span className={styles.row}>
            <Avatar name={data.username} src={data.profilePicUrl ?? undefined} size={34} /> {data.username}
          </span>
        }
        subtitle={
          <span className={styles.mono}>
            {data.uid}
            {data.email ? ` · ${data.email}` : ''} · joined {when(data.registeredAt)}
          </span>
        }
        actions={
          <Link className={styles.link} to="/console/users">
            ← All users
          </Link>
        }
      />
      <div className={styles.summary}>
        <div>
          <span className={styles.faint}>Diamonds</span>
          <strong data-testid="user-diamonds">{data.wallet.diamonds.toLocaleString()}</strong>
        </div>
        <div>
          <span className={styles.faint}>Charm</span>
          <strong>{data.wallet.charm.toLocaleString()}</strong>
        </div>
        <div>
          <span className={styles.faint}>Open reports</span>
          <strong>{data.openReports}</strong>
        </div>
        <div>
          <span className={styles.faint}>Status</span>
          <strong>{data.banned ? 'Banned' : 'Active'}</strong>
        </div>
      </div>
      <Roles uid={data.uid} roles={data.roles} />
      <Ban uid={data.uid} banned={data.banned} self={data.uid === me} />
      <Waitlist uid={data.uid} isWaitlist={data.isWaitlist} />
      <section className={styles.card}>
        <div className={styles.spread}>
          <h3>Sessions</h3>
          <Button size="sm" variant="secondary" busy={busy} onClick={() => void endSessions()} data-testid="sign-out-everywhere">
            Sign out everywhere
          </Button>
        </div>
        {data.sessions.length === 0 ? (
          <p className={styles.muted}>No sessions.</p>
        ) : (
          <div className={styles.table}>
            <div className={`${styles.tr} ${styles.sessions} ${styles.th}`}>
              <span>Session</span>
              <span>Status</span>
              <span>Started</span>
              <span>Ended</span>
            </div>
            {data.sessions.map((s) => (
              <div key={s.sessionId} className={`${styles.tr} ${styles.sessions}`}>
                <span className={styles.mono}>{s.sessionId.slice(0, 8)}</span>
                <span>{s.status}</span>
                <span>{when(s.createdAt)}</span>
                <span>{when(s.endedAt)}</span>
              </div>
            ))}
          </div>
        )}
      </section>
      <section className={styles.card}>
        <h3>Recent money</h3>
        {data.recentMoney.length === 0 ? (
          <p className={styles.muted}>No money events yet.</p>
        ) : (
          <div className={styles.table}>
            {data.recentMoney.map((m) => (
              <div key={m.position} className={`${styles.tr} ${styles.money}`}>
                <span>{m.type}</span>
                <span>
                  {m.amount > 0 ? '+' : ''}
                  {m.amount.toLocaleString()}
                </span>
                <span>{when(m.at)}</span>
              </div>
            ))}
          </div>
        )}
      </section>
      <section className={styles.card}>
        <h3>Bans</h3>
        {data.bans.length === 0 ? (
          <p className={styles.muted}>Never banned.</p>
        ) : (
          data.bans.map((b, i) => (
            <p key={i} className={styles.muted} data-testid="ban-history">
              <span className={`${styles.badge} ${b.action === 'banned' ? styles.danger : styles.good}`}>{b.action}</span> {when(b.at)}
              {b.reason ? ` · ${b.reason}` : ''}
              {b.until ? ` · until ${when(b.until)}` : ''}
            </p>
          ))
        )}
      </section>
      <section className={styles.card}>
        <h3>Operator actions about this user</h3>
        <AuditTable filter={{ subject: `user:${data.uid}` }} limit={10} />
      </section>
    </div>
  );
}

export default function UsersSection() {
  return (
    <Routes>
      <Route index element={<Search />} />
      <Route path=":uid" element={<UserDetail />} />
    </Routes>
  );
}
