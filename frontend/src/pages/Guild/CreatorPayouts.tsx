// The agency's side of creator payouts: its creators' charm ready to cash out
// (`wallet/creator/cashout-list`, the roster's creators only), and a payout made outside the app
// recorded with its uploaded proof (`wallet/creator/payment`). The charm leaves the creator's
// balance at once; the creator then confirms it in their wallet, or disputes it and gets it back.
import { money } from '@murmur/contracts/constants';
import { texts } from '@murmur/contracts/errors';
import type { CashoutItem } from '@murmur/contracts/wallet';
import { useState } from 'react';
import { ApiCallError, newIdempotencyKey } from '../../api/client.ts';
import { api } from '../../api/api.generated.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { FieldFrame, TextField } from '../../components/Field.tsx';
import { FilePicker } from '../../components/FilePicker.tsx';
import { PageLoading } from '../../components/PageLoading.tsx';
import { uploadMedia } from '../../social/socialApi.ts';
import { uploadError } from '../../social/uploadChecks.ts';
import { refreshQueries, useQuery } from '../../state/query.ts';
import { toast } from '../../state/ui.ts';
import styles from './Guild.module.css';
import { useAgency } from './guildApi.ts';

const charm = (n: number) => `${n.toLocaleString('en-US')} ✦`;
const usd = (charmAmount: number) => `$${(charmAmount * money.usdPerCharm).toFixed(2)}`;

export function CreatorPayouts({ agencyId }: { agencyId: string }) {
  const { data: agency } = useAgency(agencyId);
  const { data, isLoading } = useQuery(api.money.creatorCashouts.path({ page: 1, limit: 50 }), { dedupingInterval: 0 });
  const [paying, setPaying] = useState<CashoutItem | null>(null);
  const nameOf = (uid: string) => agency?.roster.find((h) => h.uid === uid)?.username ?? uid;
  if (isLoading) return <PageLoading />;
  const items = (data?.items ?? []).filter((c) => c.charm > 0);
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>
        Pay your creators outside the app (bank, wallet), then record each payment here with its receipt. The charm leaves their balance at
        once; they confirm it once the money arrives, or dispute it and get the charm back.
      </p>
      {items.length === 0 ? (
        <EmptyState icon="✦" title="No charm to pay out">
          Charm your creators earn from gifts appears here, ready to pay.
        </EmptyState>
      ) : (
        <div className={styles.table} role="table" data-testid="creator-payouts">
          <div className={`${styles.tr} ${styles.th} ${styles.payouts}`} role="row">
            <span>Creator</span>
            <span className={styles.right}>Charm to pay</span>
            <span className={styles.right}>Worth</span>
            <span className={styles.right}>Paid so far</span>
            <span />
          </div>
          {items.map((c) => (
            <div key={c.uid} className={`${styles.tr} ${styles.payouts}`} role="row" data-testid="creator-payout" data-uid={c.uid}>
              <strong>{nameOf(c.uid)}</strong>
              <span className={styles.right} data-testid="creator-payout-charm">
                {charm(c.charm)}
              </span>
              <span className={styles.right}>{usd(c.charm)}</span>
              <span className={`${styles.right} ${styles.muted}`}>{charm(c.charmWithdrawn)}</span>
              <span className={styles.right}>
                <Button size="sm" onClick={() => setPaying(c)} data-testid="creator-payout-pay">
                  Pay
                </Button>
              </span>
            </div>
          ))}
        </div>
      )}
      <PayCreator creator={paying} name={paying ? nameOf(paying.uid) : ''} onClose={() => setPaying(null)} />
    </div>
  );
}

function PayCreator({ creator, name, onClose }: { creator: CashoutItem | null; name: string; onClose(): void }) {
  const [amount, setAmount] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    if (busy) return;
    setAmount('');
    setFile(null);
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (!creator) return;
    const n = Number(amount);
    if (!Number.isInteger(n) || n <= 0) return setError('Enter a whole amount of charm.');
    if (n > creator.charm) return setError(`${name} has ${charm(creator.charm)} to pay out.`);
    if (!file) return setError('Proof of payment is required.');
    const bad = uploadError(file, true);
    if (bad) return setError(bad);
    setBusy(true);
    setError(null);
    try {
      const uploaded = await uploadMedia(file, 'chat');
      await api.money.payCreator(
        { creatorUid: creator.uid, amount: n, proofUrl: uploaded.fileName, fileName: file.name },
        { quiet: true, idempotencyKey: newIdempotencyKey() },
      );
      toast(`Payment to ${name} recorded. They confirm it once it arrives.`, 'success');
      await refreshQueries(api.money.creatorCashouts.path());
      setBusy(false);
      close();
    } catch (e) {
      setError(e instanceof ApiCallError ? e.message : texts.uploadFailed);
      setBusy(false);
    }
  };
  return (
    <Dialog open={creator !== null} onOpenChange={(o) => !o && close()} title={`Pay ${name}`} size="sm" testId="creator-payout-dialog">
      {creator ? (
        <div className={styles.stack}>
          <p className={styles.muted}>
            {charm(creator.charm)} to pay out ({usd(creator.charm)}).
          </p>
          <TextField
            id="payout-amount"
            label="Amount paid (charm)"
            inputMode="numeric"
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              setError(null);
            }}
          />
          <FieldFrame id="payout-proof" label="Proof of payment (image)">
            <FilePicker
              file={file}
              accept="image/*"
              prompt="Add the receipt"
              testId="payout-proof"
              onPick={(f) => {
                setFile(f);
                setError(null);
              }}
            />
          </FieldFrame>
          {error ? (
            <p className={styles.error} role="alert" data-testid="creator-payout-error">
              {error}
            </p>
          ) : null}
          <div className={styles.actions}>
            <Button variant="secondary" disabled={busy} onClick={close}>
              Cancel
            </Button>
            <Button busy={busy} onClick={() => void submit()} data-testid="creator-payout-submit">
              Record payment
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
