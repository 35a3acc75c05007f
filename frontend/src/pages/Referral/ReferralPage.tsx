// /referral (docs/decisions/referral.md): tabs Refer and Earn (own code and link, earnings, the weekly unlock,
// the referrer with its confirmation, the payout wallet) and Your Invitees (username, date, status,
// type).
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { money } from '@murmur/contracts/constants';
import { AddPayoutWalletBody, ReferralCode, referralTexts } from '@murmur/contracts/referral';
import { ApiCallError } from '../../api/client.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { TextField } from '../../components/Field.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { toast } from '../../state/ui.ts';
import { Pager } from '../../components/Pager.tsx';
import styles from './Referral.module.css';
import {
  addPayoutWallet,
  connectReferrer,
  editLink,
  ensureLink,
  useInvitees,
  useReferralDetails,
  validateReferrer,
} from './referralApi.ts';

const messageOf = (error: unknown) => (error instanceof ApiCallError ? error.message : 'Oops, something went wrong. Please try again.');

function EditLinkDialog({ open, onOpenChange, current }: { open: boolean; onOpenChange(open: boolean): void; current: string }) {
  const [code, setCode] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setCode(current);
      setError(null);
    }
  }, [open, current]);
  const save = async () => {
    const parsed = ReferralCode.safeParse(code);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setBusy(true);
    try {
      await editLink(parsed.data);
      toast('Your referral link was updated.', 'success');
      onOpenChange(false);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit referral link"
      description="Letters and numbers only."
      testId="edit-link-dialog"
      footer={
        <Button busy={busy} onClick={save} data-testid="save-link">
          Save
        </Button>
      }
    >
      <TextField
        id="referral-code"
        label="Referral code"
        value={code}
        onChange={(e) => {
          setCode(e.target.value);
          setError(null);
        }}
        error={error}
        maxLength={40}
      />
    </Dialog>
  );
}

function AddReferrerDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checked, setChecked] = useState<{ code: string; username: string; confirmation: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setCode('');
      setError(null);
      setChecked(null);
    }
  }, [open]);
  const check = async () => {
    const parsed = ReferralCode.safeParse(code);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setBusy(true);
    try {
      const r = await validateReferrer(parsed.data);
      setChecked({ code: r.code, username: r.referrer.username, confirmation: r.confirmation });
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  const confirm = async () => {
    if (!checked) return;
    setBusy(true);
    try {
      await connectReferrer(checked.code);
      toast(`${checked.username} is now your referrer.`, 'success');
      onOpenChange(false);
    } catch (e) {
      setError(messageOf(e));
      setChecked(null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add a referrer"
      testId="add-referrer-dialog"
      footer={
        checked ? (
          <>
            <Button variant="secondary" onClick={() => setChecked(null)}>
              Back
            </Button>
            <Button busy={busy} onClick={confirm} data-testid="confirm-referrer">
              Confirm
            </Button>
          </>
        ) : (
          <Button busy={busy} onClick={check} data-testid="check-referrer">
            Continue
          </Button>
        )
      }
    >
      {checked ? (
        <div className={styles.confirm} data-testid="referrer-confirmation">
          <p className={styles.muted}>
            Referrer: <strong>{checked.username}</strong> ({checked.code})
          </p>
          <p>{checked.confirmation}</p>
          {error ? <p role="alert">{error}</p> : null}
        </div>
      ) : (
        <TextField
          id="referrer-code"
          label="Referral code of the person who invited you"
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setError(null);
          }}
          error={error}
          maxLength={40}
        />
      )}
    </Dialog>
  );
}

function WalletDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const [address, setAddress] = useState('');
  const [chainId, setChainId] = useState('137');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const parsed = AddPayoutWalletBody.safeParse({ address, chainId });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setBusy(true);
    try {
      await addPayoutWallet(parsed.data);
      toast('Payout wallet saved.', 'success');
      onOpenChange(false);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="USDT payout wallet"
      description="Weekly referral rewards are paid in USDT to this address."
      testId="wallet-dialog"
      footer={
        <Button busy={busy} onClick={save} data-testid="save-wallet">
          Save
        </Button>
      }
    >
      <div className={styles.form}>
        <TextField
          id="payout-address"
          label="Wallet address"
          placeholder="0x…"
          value={address}
          onChange={(e) => {
            setAddress(e.target.value);
            setError(null);
          }}
          error={error}
        />
        <label className={styles.label} htmlFor="payout-chain">
          Network
        </label>
        <select id="payout-chain" value={chainId} onChange={(e) => setChainId(e.target.value)}>
          {money.supportedChainIds.map((id) => (
            <option key={id} value={id}>
              Chain {id}
            </option>
          ))}
        </select>
      </div>
    </Dialog>
  );
}

function ReferAndEarn() {
  const { data, isLoading } = useReferralDetails();
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [wallet, setWallet] = useState(false);
  useEffect(() => {
    // The own link is made on first visit (spec: POST referral/me/link).
    if (data && !data.code) void ensureLink().catch(() => undefined);
  }, [data]);
  if (isLoading || !data) return <PageLoading />;
  const copy = async () => {
    if (!data.link) return;
    try {
      await navigator.clipboard.writeText(data.link);
      toast('Link copied.', 'success');
    } catch {
      toast(data.link);
    }
  };
  const week = data.thisWeek;
  const progress = Math.min(100, Math.round((week.ownTopUpDiamonds / week.unlockDiamonds) * 100));
  return (
    <div className={styles.page} data-testid="refer-and-earn">
      <div className={styles.hero}>
        <div className={`${styles.card} ${styles.linkCard}`}>
          <span className={styles.label}>Your referral code</span>
          <strong className={styles.code} data-testid="referral-code">
            {data.code ?? '…'}
          </strong>
          {data.link ? (
            <span className={styles.link} data-testid="referral-link">
              {data.link}
            </span>
          ) : null}
          <div className={styles.row}>
            <Button size="sm" onClick={copy} disabled={!data.link}>
              Copy link
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setEditing(true)} disabled={!data.code} data-testid="edit-link">
              Edit link
            </Button>
          </div>
        </div>
        <div className={styles.card}>
          <span className={styles.label}>Referred by</span>
          {data.referrer ? (
            <strong data-testid="referrer">{data.referrer.username}</strong>
          ) : data.canAddReferrer ? (
            <>
              <p className={styles.muted}>
                You can add the person who invited you until {new Date(data.referrerDeadline!).toLocaleDateString()}.
              </p>
              <Button size="sm" onClick={() => setAdding(true)} data-testid="add-referrer">
                Add referrer
              </Button>
            </>
          ) : (
            <p className={styles.muted}>{referralTexts.windowClosed}</p>
          )}
          <span className={styles.label}>Payout wallet</span>
          {data.wallet ? (
            <span className={styles.mono} data-testid="payout-wallet">
              {data.wallet.address} (chain {data.wallet.chainId})
            </span>
          ) : (
            <p className={styles.muted}>No wallet bound: rewards are carried over until you add one.</p>
          )}
          <Button size="sm" variant="secondary" onClick={() => setWallet(true)} data-testid="bind-wallet">
            {data.wallet ? 'Change wallet' : 'Add wallet'}
          </Button>
        </div>
      </div>
      <div className={styles.stats}>
        <div className={styles.stat}>
          <span className={styles.label}>Pending</span>
          <strong data-testid="pending-usdt">{data.earnings.pendingUsdt} USDT</strong>
          <small>settled weekly</small>
        </div>
        <div className={styles.stat}>
          <span className={styles.label}>Locked</span>
          <strong>{data.earnings.lockedUsdt} USDT</strong>
          <small>second level, needs the weekly unlock</small>
        </div>
        <div className={styles.stat}>
          <span className={styles.label}>Carried over</span>
          <strong>{data.earnings.carriedOverUsdt} USDT</strong>
          <small>under {data.rules.minimumPayoutUsdt} USDT or no wallet</small>
        </div>
        <div className={styles.stat}>
          <span className={styles.label}>Paid</span>
          <strong data-testid="paid-usdt">{data.earnings.paidUsdt} USDT</strong>
          <small>
            <Link to="/referral/records">Reward records</Link>
          </small>
        </div>
      </div>
      <div className={styles.card}>
        <span className={styles.label}>This week's second-level unlock</span>
        <div className={styles.progress}>
          <div className={styles.progressBar} style={{ width: `${progress}%` }} />
        </div>
        <p className={styles.muted}>
          {week.ownTopUpDiamonds.toLocaleString()} / {week.unlockDiamonds.toLocaleString()} diamonds topped up this week (UTC, from Monday)
          — {week.secondLevelUnlocked ? 'second-level rewards unlocked.' : 'top up to unlock second-level rewards.'}
        </p>
      </div>
      <div className={styles.card}>
        <span className={styles.label}>How it works</span>
        <ul className={styles.rules}>
          <li>{data.rules.directPercent}% of every top-up of the friends you invite.</li>
          <li>
            {data.rules.secondLevelPercent}% of every top-up of their invitees, in weeks when your own top-ups reach{' '}
            {data.rules.unlockDiamonds.toLocaleString()} diamonds.
          </li>
          <li>Paid weekly in USDT to your bound wallet from {data.rules.minimumPayoutUsdt} USDT; smaller amounts are carried over.</li>
          <li>A referrer can be added within {data.rules.referrerWindowDays} days of creating your account, once.</li>
        </ul>
        <p className={styles.muted}>
          {data.invitees.direct} direct and {data.invitees.indirect} indirect invitees, {data.invitees.toppedUp} topped up.
        </p>
      </div>
      <EditLinkDialog open={editing} onOpenChange={setEditing} current={data.code ?? ''} />
      <AddReferrerDialog open={adding} onOpenChange={setAdding} />
      <WalletDialog open={wallet} onOpenChange={setWallet} />
    </div>
  );
}

function Invitees() {
  const [page, setPage] = useState(1);
  const [type, setType] = useState<'all' | 'direct' | 'indirect'>('all');
  const { data, isLoading } = useInvitees(page, type);
  return (
    <div className={styles.page}>
      <Tabs
        variant="pill"
        value={type}
        onValueChange={(v) => {
          setType(v as typeof type);
          setPage(1);
        }}
        ariaLabel="Invitee type"
        items={[
          { value: 'all', label: 'All', content: null },
          { value: 'direct', label: 'Direct', content: null },
          { value: 'indirect', label: 'Indirect', content: null },
        ]}
      />
      {isLoading ? (
        <PageLoading />
      ) : !data || data.items.length === 0 ? (
        <EmptyState icon="🤝" title="No invitees yet">
          Share your link: friends who sign up with it appear here.
        </EmptyState>
      ) : (
        <>
          <div className={styles.table} role="table" data-testid="invitees">
            <div className={`${styles.tr} ${styles.th} ${styles.cols4}`} role="row">
              <span>Username</span>
              <span>Date</span>
              <span>Status</span>
              <span>Type</span>
            </div>
            {data.items.map((i) => (
              <div key={i.uid} className={`${styles.tr} ${styles.cols4}`} role="row" data-testid="invitee">
                <strong>{i.username}</strong>
                <span>{new Date(i.date).toLocaleDateString()}</span>
                <span className={`${styles.badge} ${i.status === 'Topped Up' ? styles.good : ''}`}>{i.status}</span>
                <span className={`${styles.badge} ${i.type === 'direct' ? styles.info : ''}`}>{i.type}</span>
              </div>
            ))}
          </div>
          <Pager page={page} totalPages={data.meta.totalPages} onPage={setPage} />
        </>
      )}
    </div>
  );
}

export default function ReferralPage() {
  return (
    <div className={styles.page}>
      <PageHeader
        title="Refer and Earn"
        subtitle="Invite friends and earn a share of their top-ups, paid weekly in USDT."
        actions={
          <Link to="/referral/records">
            <Button variant="secondary" size="sm">
              Reward records
            </Button>
          </Link>
        }
      />
      <Tabs
        items={[
          { value: 'refer', label: 'Refer and Earn', content: <ReferAndEarn /> },
          { value: 'invitees', label: 'Your Invitees', content: <Invitees /> },
        ]}
      />
    </div>
  );
}
