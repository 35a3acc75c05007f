// /guild (docs/decisions/guild.md). For the agency role: the agency's roster (creators it invited join
// by accepting), gift receipts with the guild and host shares, settlements of periods (amount to
// settle, status, date) and charm payments with proof upload and their confirmation; creator
// payouts (CreatorPayouts.tsx). For any creator: their agency (which they may leave) and the
// invitations agencies sent them, to accept or decline (docs/decisions/agencies.md).
import { useEffect, useMemo, useState } from 'react';
import { texts } from '@murmur/contracts/errors';
import { CreateAgencyBody, InviteAgencyHostBody, SetShareRatiosBody, SubmitCharmPaymentBody } from '@murmur/contracts/guild';
import { ApiCallError } from '../../api/client.ts';
import { useSession } from '../../api/session.ts';
import { Avatar } from '../../components/Avatar.tsx';
import { FilePicker } from '../../components/FilePicker.tsx';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { FieldFrame, TextField } from '../../components/Field.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { uploadMedia } from '../../social/socialApi.ts';
import { toast } from '../../state/ui.ts';
import { Pager } from '../../components/Pager.tsx';
import { CreatorPayouts } from './CreatorPayouts.tsx';
import styles from './Guild.module.css';
import {
  acceptInvitation,
  confirmPayment,
  createAgency,
  declineInvitation,
  inviteHost,
  leaveAgency,
  removeHost,
  setShares,
  settlePeriod,
  submitPayment,
  useAgencies,
  useAgency,
  useAgencyInvitations,
  useMyInvitations,
  usePayments,
  usePreview,
  useReceipts,
  useSettlements,
} from './guildApi.ts';

const messageOf = (error: unknown) => (error instanceof ApiCallError ? error.message : texts.somethingWrong);
const charm = (n: number) => `${Number(n.toFixed(2)).toLocaleString()} ✦`;
const firstIssue = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => r.error?.issues[0]?.message ?? null;

/** A datetime-local input's value for a date (local time, minutes). */
const localInput = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

function CreateAgency() {
  const [form, setForm] = useState({ agencyId: '', name: '', guildSharePct: '30', hostSharePct: '70' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => {
    setForm({ ...form, [k]: e.target.value });
    setError(null);
  };
  const submit = async () => {
    const parsed = CreateAgencyBody.safeParse(form);
    if (!parsed.success) return setError(firstIssue(parsed));
    setBusy(true);
    try {
      await createAgency(parsed.data);
      toast('Agency created.', 'success');
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.card} data-testid="create-agency">
      <h2>Create your agency</h2>
      <p className={styles.muted}>
        Hosts in your agency share the charm of every gift they receive with the guild by the ratios you set (1-100, adding up to 100).
      </p>
      <div className={styles.grid2}>
        <TextField id="agency-id" label="Agency id" placeholder="nova" value={form.agencyId} onChange={set('agencyId')} />
        <TextField id="agency-name" label="Name" value={form.name} onChange={set('name')} />
        <TextField
          id="guild-share"
          label="Guild share (%)"
          type="number"
          min={1}
          max={100}
          value={form.guildSharePct}
          onChange={set('guildSharePct')}
        />
        <TextField
          id="host-share"
          label="Host share (%)"
          type="number"
          min={1}
          max={100}
          value={form.hostSharePct}
          onChange={set('hostSharePct')}
        />
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button busy={busy} onClick={submit}>
          Create agency
        </Button>
      </div>
    </div>
  );
}

function SharesDialog({
  agencyId,
  guild,
  host,
  open,
  onOpenChange,
}: {
  agencyId: string;
  guild: number;
  host: number;
  open: boolean;
  onOpenChange(o: boolean): void;
}) {
  const [g, setG] = useState(String(guild));
  const [h, setH] = useState(String(host));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setG(String(guild));
      setH(String(host));
      setError(null);
    }
  }, [open, guild, host]);
  const save = async () => {
    const parsed = SetShareRatiosBody.safeParse({ guildSharePct: g, hostSharePct: h });
    if (!parsed.success) return setError(firstIssue(parsed));
    try {
      await setShares(agencyId, parsed.data.guildSharePct, parsed.data.hostSharePct);
      toast('Share ratios saved. They apply to gifts from now on.', 'success');
      onOpenChange(false);
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Share ratios"
      description="Applies to gifts received from now on."
      footer={<Button onClick={save}>Save</Button>}
    >
      <div className={styles.grid2}>
        <TextField
          id="ratio-guild"
          label="Guild share (%)"
          type="number"
          min={1}
          max={100}
          value={g}
          onChange={(e) => setG(e.target.value)}
        />
        <TextField
          id="ratio-host"
          label="Host share (%)"
          type="number"
          min={1}
          max={100}
          value={h}
          onChange={(e) => setH(e.target.value)}
          error={error}
        />
      </div>
    </Dialog>
  );
}

/** Creators the agency invited who have not answered yet. */
function PendingInvitations({ agencyId }: { agencyId: string }) {
  const { data } = useAgencyInvitations(agencyId);
  if (!data || data.items.length === 0) return null;
  return (
    <div className={styles.card} data-testid="pending-invitations">
      <h3>Waiting for an answer</h3>
      <p className={styles.muted}>These creators join your roster once they accept your invitation.</p>
      {data.items.map((i) => (
        <div key={i.host.uid} className={styles.invitation} data-testid="pending-invitation">
          <span className={styles.who}>
            <Avatar name={i.host.username} src={i.host.profilePicUrl} size={28} /> <strong>{i.host.username}</strong>
          </span>
          <span className={styles.muted}>Invited {new Date(i.invitedAt).toLocaleDateString()}</span>
        </div>
      ))}
    </div>
  );
}

function Roster({ agencyId }: { agencyId: string }) {
  const { data } = useAgency(agencyId);
  const [uid, setUid] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!data) return <PageLoading />;
  const invite = async () => {
    const parsed = InviteAgencyHostBody.safeParse({ hostUid: uid });
    if (!parsed.success) return setError(firstIssue(parsed));
    setBusy(true);
    try {
      await inviteHost(agencyId, parsed.data.hostUid);
      setUid('');
      toast('Invitation sent. The creator joins your roster once they accept.', 'success');
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.stack}>
      <div className={styles.inline}>
        <TextField
          id="host-uid"
          label="Invite a creator by user id"
          value={uid}
          onChange={(e) => {
            setUid(e.target.value);
            setError(null);
          }}
          error={error}
        />
        <Button busy={busy} onClick={invite} data-testid="invite-host">
          Invite
        </Button>
      </div>
      <PendingInvitations agencyId={agencyId} />
      {data.roster.length === 0 ? (
        <EmptyState icon="🎙️" title="No hosts yet">
          Invite creators to your agency; they join your roster once they accept, and their gift receipts start from then.
        </EmptyState>
      ) : (
        <div className={styles.table} role="table" data-testid="roster">
          <div className={`${styles.tr} ${styles.th} ${styles.roster}`} role="row">
            <span>Host</span>
            <span>Joined</span>
            <span className={styles.right}>Charm since last settlement</span>
            <span className={styles.right}>Host share</span>
            <span />
          </div>
          {data.roster.map((h) => (
            <div key={h.uid} className={`${styles.tr} ${styles.roster}`} role="row" data-testid="roster-host">
              <span className={styles.who}>
                <Avatar name={h.username} src={h.profilePicUrl} size={28} /> <strong>{h.username}</strong>
              </span>
              <span>{new Date(h.joinedAt).toLocaleDateString()}</span>
              <span className={styles.right}>{charm(h.unsettledCharm)}</span>
              <span className={styles.right}>{charm(h.unsettledHostCharm)}</span>
              <span className={styles.right}>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => void removeHost(agencyId, h.uid).catch((e) => toast(messageOf(e), 'error'))}
                >
                  Remove
                </Button>
              </span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

/** The creator's side: the agency they are in (they may leave it) and invitations to answer. With
 * `always`, an empty state says what will appear here; otherwise nothing shows until there is something. */
function MyAgency({ always }: { always: boolean }) {
  const { data } = useMyInvitations();
  const [busy, setBusy] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  if (!data) return always ? <PageLoading /> : null;
  const { membership, items } = data;
  if (!membership && items.length === 0) {
    return always ? (
      <EmptyState icon="🤝" title="No agency yet">
        When an agency invites you to its roster, its invitation appears here for you to accept or decline.
      </EmptyState>
    ) : null;
  }
  const run = async (key: string, step: () => Promise<void>, done: string) => {
    setBusy(key);
    try {
      await step();
      toast(done, 'success');
      return true;
    } catch (e) {
      toast(messageOf(e), 'error');
      return false;
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className={styles.stack} data-testid="my-agency">
      {membership ? (
        <div className={styles.card} data-testid="membership">
          <span className={styles.label}>Your agency</span>
          <h2>{membership.name}</h2>
          <p className={styles.muted}>
            Member since {new Date(membership.joinedAt).toLocaleDateString()}. The agency shares the charm of the gifts you receive by its
            ratios and pays you out.
          </p>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => setLeaving(true)} data-testid="leave-agency">
              Leave agency
            </Button>
          </div>
        </div>
      ) : null}
      {items.length > 0 ? (
        <div className={styles.card} data-testid="invitations">
          <h3>Invitations</h3>
          <p className={styles.muted}>
            {membership
              ? `You can join another agency after leaving ${membership.name}.`
              : "Joining puts you on the agency's roster: it shares the charm of the gifts you receive from then on."}
          </p>
          {items.map((i) => (
            <div key={i.agencyId} className={styles.invitation} data-testid="invitation">
              <div className={styles.invitationText}>
                <strong>{i.name}</strong>
                <small className={styles.muted}>
                  Invited by {i.invitedBy.username} · {new Date(i.invitedAt).toLocaleDateString()}
                </small>
              </div>
              <div className={styles.invitationActions}>
                <Button
                  size="sm"
                  variant="ghost"
                  busy={busy === `decline:${i.agencyId}`}
                  disabled={busy !== null}
                  onClick={() =>
                    void run(`decline:${i.agencyId}`, () => declineInvitation(i.agencyId), `You declined ${i.name}'s invitation.`)
                  }
                >
                  Decline
                </Button>
                <Button
                  size="sm"
                  busy={busy === `accept:${i.agencyId}`}
                  disabled={busy !== null || membership !== null}
                  onClick={() => void run(`accept:${i.agencyId}`, () => acceptInvitation(i.agencyId), `You joined ${i.name}.`)}
                >
                  Accept
                </Button>
              </div>
            </div>
          ))}
        </div>
      ) : null}
      <Dialog
        open={leaving}
        onOpenChange={setLeaving}
        title="Leave your agency?"
        testId="leave-dialog"
        description="Gifts you receive from now on no longer count for the agency, and it can no longer pay you out. Rejoining takes a new invitation."
        footer={
          <Button
            variant="danger"
            busy={busy === 'leave'}
            onClick={async () => {
              if (await run('leave', leaveAgency, `You left ${membership?.name ?? 'the agency'}.`)) setLeaving(false);
            }}
            data-testid="confirm-leave"
          >
            Leave agency
          </Button>
        }
      />
    </div>
  );
}

function Receipts({ agencyId }: { agencyId: string }) {
  const { data: agency } = useAgency(agencyId);
  const [page, setPage] = useState(1);
  const [host, setHost] = useState('');
  const { data, isLoading } = useReceipts(agencyId, page, host);
  return (
    <div className={styles.stack}>
      <FieldFrame id="receipt-host" label="Host">
        <select
          id="receipt-host"
          value={host}
          onChange={(e) => {
            setHost(e.target.value);
            setPage(1);
          }}
        >
          <option value="">All hosts</option>
          {agency?.roster.map((h) => (
            <option key={h.uid} value={h.uid}>
              {h.username}
            </option>
          ))}
        </select>
      </FieldFrame>
      {isLoading ? (
        <PageLoading />
      ) : !data || data.items.length === 0 ? (
        <EmptyState icon="🎁" title="No gift receipts">
          Every gift a host of your agency receives appears here.
        </EmptyState>
      ) : (
        <>
          <div className={styles.table} role="table" data-testid="receipts">
            <div className={`${styles.tr} ${styles.th} ${styles.receipts}`} role="row">
              <span>Host</span>
              <span>Sender</span>
              <span>Gift</span>
              <span className={styles.right}>Diamonds</span>
              <span className={styles.right}>Charm</span>
              <span>Shares</span>
              <span className={styles.right}>Guild / host</span>
              <span>Date</span>
            </div>
            {data.items.map((r) => (
              <div key={r.id} className={`${styles.tr} ${styles.receipts}`} role="row" data-testid="receipt">
                <strong>{r.host.username}</strong>
                <span>{r.sender.username}</span>
                <span>
                  {r.gift.name} × {r.gift.quantity}
                </span>
                <span className={styles.right}>{r.gift.diamondValue.toLocaleString()}</span>
                <span className={styles.right}>{charm(r.gift.charmValue)}</span>
                <span>
                  {r.guildSharePct}/{r.hostSharePct}
                </span>
                <span className={styles.right}>
                  {charm(r.guildCharm)} / {charm(r.hostCharm)}
                </span>
                <span className={styles.muted}>{new Date(r.sentAt).toLocaleString()}</span>
              </div>
            ))}
          </div>
          <Pager page={page} totalPages={data.meta.totalPages} onPage={setPage} />
        </>
      )}
    </div>
  );
}

function Settlements({ agencyId }: { agencyId: string }) {
  const { data: agency } = useAgency(agencyId);
  const [page, setPage] = useState(1);
  const { data, isLoading } = useSettlements(agencyId, page);
  const defaults = useMemo(() => {
    const end = new Date();
    const start = agency?.lastSettledUntil ? new Date(agency.lastSettledUntil) : new Date(end.getTime() - 7 * 86_400_000);
    return { start: localInput(start), end: localInput(end) };
  }, [agency?.lastSettledUntil]);
  const [start, setStart] = useState<string | null>(null);
  const [end, setEnd] = useState<string | null>(null);
  const from = start ?? defaults.start;
  const to = end ?? defaults.end;
  const iso = (v: string) => (v && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : null);
  const { data: preview } = usePreview(agencyId, iso(from), iso(to));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const settle = async () => {
    const a = iso(from);
    const b = iso(to);
    if (!a || !b) return setError('Please choose the period.');
    setBusy(true);
    try {
      const r = await settlePeriod(agencyId, a, b);
      toast(`Period settled: ${charm(r.amountToSettle)} to settle with your hosts.`, 'success');
      setStart(null);
      setEnd(null);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.stack}>
      <div className={styles.card}>
        <h3>Settle a period</h3>
        <div className={styles.inline}>
          <TextField
            id="period-start"
            label="From"
            type="datetime-local"
            value={from}
            onChange={(e) => {
              setStart(e.target.value);
              setError(null);
            }}
          />
          <TextField
            id="period-end"
            label="To"
            type="datetime-local"
            value={to}
            onChange={(e) => {
              setEnd(e.target.value);
              setError(null);
            }}
          />
        </div>
        {preview ? (
          <p className={styles.muted} data-testid="settlement-preview">
            {preview.receiptCount} receipts · {charm(preview.charmTotal)} charm · guild {charm(preview.guildCharm)} ·{' '}
            <strong>amount to settle {charm(preview.amountToSettle)}</strong>
          </p>
        ) : null}
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button busy={busy} onClick={settle} data-testid="settle">
            Settle period
          </Button>
        </div>
      </div>
      {isLoading ? (
        <PageLoading />
      ) : !data || data.items.length === 0 ? (
        <EmptyState icon="🧮" title="No settlements yet">
          Settle a period to fix what the agency owes its hosts.
        </EmptyState>
      ) : (
        <>
          <div className={styles.table} role="table" data-testid="settlements">
            <div className={`${styles.tr} ${styles.th} ${styles.settlements}`} role="row">
              <span>Period</span>
              <span className={styles.right}>Receipts</span>
              <span className={styles.right}>Charm</span>
              <span className={styles.right}>Guild</span>
              <span className={styles.right}>Amount to settle</span>
              <span className={styles.right}>Paid</span>
              <span>Status</span>
              <span>Date</span>
            </div>
            {data.items.map((s) => (
              <div key={s.settlementId} className={`${styles.tr} ${styles.settlements}`} role="row" data-testid="settlement">
                <span>
                  {new Date(s.periodStart).toLocaleDateString()} – {new Date(s.periodEnd).toLocaleDateString()}
                </span>
                <span className={styles.right}>{s.receiptCount}</span>
                <span className={styles.right}>{charm(s.charmTotal)}</span>
                <span className={styles.right}>{charm(s.guildCharm)}</span>
                <span className={styles.right}>
                  <strong>{charm(s.amountToSettle)}</strong>
                </span>
                <span className={styles.right}>{charm(s.paidCharm)}</span>
                <span className={`${styles.badge} ${s.status === 'paid' ? styles.good : styles.warn}`}>{s.status.replace('_', ' ')}</span>
                <span className={styles.muted}>{new Date(s.date).toLocaleDateString()}</span>
              </div>
            ))}
          </div>
          <Pager page={page} totalPages={data.meta.totalPages} onPage={setPage} />
        </>
      )}
    </div>
  );
}

function Payments({ agencyId }: { agencyId: string }) {
  const { data: agency } = useAgency(agencyId);
  const { data: settlements } = useSettlements(agencyId, 1);
  const [page, setPage] = useState(1);
  const { data, isLoading } = usePayments(agencyId, page);
  const [form, setForm] = useState({ hostUid: '', amountCharm: '', settlementId: '' });
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (file && !file.type.startsWith('image/')) return setError(texts.uploadImageOnly);
    if (!file) return setError('Proof of payment is required.');
    const draft = SubmitCharmPaymentBody.safeParse({ ...form, proofUrl: file.name, settlementId: form.settlementId || undefined });
    if (!draft.success) return setError(firstIssue(draft));
    setBusy(true);
    try {
      const uploaded = await uploadMedia(file, 'profile');
      await submitPayment(agencyId, { ...draft.data, proofUrl: uploaded.fileName });
      toast('Payment recorded. Confirm it once the host has received it.', 'success');
      setForm({ hostUid: '', amountCharm: '', settlementId: '' });
      setFile(null);
    } catch (e) {
      setError(e instanceof ApiCallError ? e.message : texts.uploadFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.stack}>
      <div className={styles.card}>
        <h3>Charm payment</h3>
        <div className={styles.grid2}>
          <FieldFrame id="pay-host" label="Host">
            <select id="pay-host" value={form.hostUid} onChange={(e) => setForm({ ...form, hostUid: e.target.value })}>
              <option value="">Choose a host</option>
              {agency?.roster.map((h) => (
                <option key={h.uid} value={h.uid}>
                  {h.username}
                </option>
              ))}
            </select>
          </FieldFrame>
          <TextField
            id="pay-amount"
            label="Amount (charm)"
            type="number"
            min={0}
            value={form.amountCharm}
            onChange={(e) => setForm({ ...form, amountCharm: e.target.value })}
          />
          <FieldFrame id="pay-settlement" label="For settlement (optional)">
            <select id="pay-settlement" value={form.settlementId} onChange={(e) => setForm({ ...form, settlementId: e.target.value })}>
              <option value="">None</option>
              {settlements?.items.map((s) => (
                <option key={s.settlementId} value={s.settlementId}>
                  {new Date(s.periodStart).toLocaleDateString()} – {new Date(s.periodEnd).toLocaleDateString()} ({charm(s.amountToSettle)})
                </option>
              ))}
            </select>
          </FieldFrame>
          <FieldFrame id="pay-proof" label="Proof of payment (image)">
            <FilePicker
              file={file}
              accept="image/*"
              prompt="Add the receipt"
              testId="pay-proof"
              onPick={(f) => {
                setFile(f);
                setError(null);
              }}
            />
          </FieldFrame>
        </div>
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button busy={busy} onClick={submit} data-testid="submit-payment">
            Record payment
          </Button>
        </div>
      </div>
      {isLoading ? (
        <PageLoading />
      ) : !data || data.items.length === 0 ? (
        <EmptyState icon="💸" title="No charm payments yet">
          Payments you make to your hosts, with their proof, appear here.
        </EmptyState>
      ) : (
        <>
          <div className={styles.table} role="table" data-testid="payments">
            <div className={`${styles.tr} ${styles.th} ${styles.payments}`} role="row">
              <span>Host</span>
              <span className={styles.right}>Amount</span>
              <span>Proof</span>
              <span>Submitted</span>
              <span>Status</span>
              <span />
            </div>
            {data.items.map((p) => (
              <div key={p.paymentId} className={`${styles.tr} ${styles.payments}`} role="row" data-testid="payment">
                <strong>{p.host.username}</strong>
                <span className={styles.right}>{charm(p.amountCharm)}</span>
                <span className={styles.mono}>{p.proofUrl}</span>
                <span className={styles.muted}>{new Date(p.submittedAt).toLocaleString()}</span>
                <span className={`${styles.badge} ${p.status === 'confirmed' ? styles.good : styles.warn}`}>{p.status}</span>
                <span className={styles.right}>
                  {p.status === 'submitted' ? (
                    <Button size="sm" onClick={() => void confirmPayment(agencyId, p.paymentId).catch((e) => toast(messageOf(e), 'error'))}>
                      Confirm
                    </Button>
                  ) : null}
                </span>
              </div>
            ))}
          </div>
          <Pager page={page} totalPages={data.meta.totalPages} onPage={setPage} />
        </>
      )}
    </div>
  );
}

function AgencyView({ agencyId }: { agencyId: string }) {
  const { data } = useAgency(agencyId);
  const [editing, setEditing] = useState(false);
  if (!data) return <PageLoading />;
  return (
    <div className={styles.stack}>
      <div className={styles.summary}>
        <div>
          <span className={styles.label}>Agency</span>
          <strong>{data.name}</strong>
          <small className={styles.muted}>{data.agencyId}</small>
        </div>
        <div>
          <span className={styles.label}>Hosts</span>
          <strong>{data.roster.length}</strong>
        </div>
        <div>
          <span className={styles.label}>Share ratios (guild / host)</span>
          <strong data-testid="share-ratios">
            {data.guildSharePct} / {data.hostSharePct}
          </strong>
          <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
            Edit
          </Button>
        </div>
        <div>
          <span className={styles.label}>Last settled until</span>
          <strong>{data.lastSettledUntil ? new Date(data.lastSettledUntil).toLocaleDateString() : 'Never'}</strong>
        </div>
      </div>
      <Tabs
        items={[
          { value: 'roster', label: 'Roster', content: <Roster agencyId={agencyId} /> },
          { value: 'receipts', label: 'Gift receipts', content: <Receipts agencyId={agencyId} /> },
          { value: 'settlements', label: 'Settlements', content: <Settlements agencyId={agencyId} /> },
          { value: 'payments', label: 'Charm payments', content: <Payments agencyId={agencyId} /> },
          { value: 'payouts', label: 'Creator payouts', content: <CreatorPayouts agencyId={agencyId} /> },
        ]}
      />
      <SharesDialog agencyId={agencyId} guild={data.guildSharePct} host={data.hostSharePct} open={editing} onOpenChange={setEditing} />
    </div>
  );
}

export default function GuildPage() {
  const isAgency = useSession((s) => s.claims?.roles.includes('ag') ?? false);
  const { data, isLoading } = useAgencies(isAgency);
  const [chosen, setChosen] = useState<string | null>(null);
  if (!isAgency) {
    return (
      <div className={styles.page} data-testid="guild-creator">
        <PageHeader title="Guild" subtitle="Your agency, and the invitations agencies sent you." />
        <MyAgency always />
      </div>
    );
  }
  const agencies = data?.items ?? [];
  const current = chosen ?? agencies[0]?.agencyId ?? null;
  return (
    <div className={styles.page}>
      <PageHeader
        title="Guild"
        subtitle="Your agency's roster, gift receipts, settlements and charm payments."
        actions={
          agencies.length > 1 ? (
            <select aria-label="Agency" value={current ?? ''} onChange={(e) => setChosen(e.target.value)}>
              {agencies.map((a) => (
                <option key={a.agencyId} value={a.agencyId}>
                  {a.name}
                </option>
              ))}
            </select>
          ) : null
        }
      />
      <MyAgency always={false} />
      {isLoading ? <PageLoading /> : current ? <AgencyView agencyId={current} /> : <CreateAgency />}
    </div>
  );
}
