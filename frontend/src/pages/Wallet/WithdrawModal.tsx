// The withdrawal modal: amount (with the available charm), method and destination, a review that
// the server has validated, and the result (docs/decisions/money.md).
import { countryByCode } from '@murmur/contracts/countries';
import { money } from '@murmur/contracts/constants';
import { withdrawal, withdrawalNetworkNames, type WithdrawalNetwork } from '@murmur/contracts/wallet';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { FieldFrame, TextField, fieldStyles } from '../../components/Field.tsx';
import { useQuery } from '../../state/query.ts';
import {
  submitWithdrawal,
  validateWithdrawal,
  withdrawAddressError,
  withdrawAmountError,
  withdrawBankCountryError,
} from '../../wallet/withdraw.ts';
import { CountrySelect } from '../../components/CountrySelect.tsx';
import { useWithdraw, withdrawSteps, type WithdrawMethod } from '../../wallet/withdrawStore.ts';
import styles from './Wallet.module.css';
import { api } from '../../api/api.generated.ts';

const methodNames: Record<WithdrawMethod, string> = { crypto: 'USDT to a crypto wallet', bank: 'Bank transfer', ewallet: 'E-wallet' };
const stepTitles = ['How much?', 'Where to?', 'Check and confirm', 'Withdrawal'];
const usdOf = (charm: number) => `$${(charm * money.usdPerCharm).toFixed(2)}`;

export function WithdrawModal() {
  const { open, step, close } = useWithdraw();
  const { data: available } = useQuery(open ? api.money.withdrawAvailable.path() : null, {
    dedupingInterval: 2000,
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && close()}
      title="Withdraw charm"
      description={`${stepTitles[step]} · 1 charm = ${usdOf(1)}`}
      size="md"
      testId="withdraw-modal"
    >
      <ol className={styles.steps} aria-label="Steps">
        {stepTitles.map((t, i) => (
          <li
            key={t}
            className={i === step ? styles.stepOn : i < step ? styles.stepDone : ''}
            aria-current={i === step ? 'step' : undefined}
          >
            {i + 1}
          </li>
        ))}
      </ol>
      {step === withdrawSteps.amount ? <AmountStep available={available?.charm} /> : null}
      {step === withdrawSteps.destination ? <DestinationStep /> : null}
      {step === withdrawSteps.review ? <ReviewStep /> : null}
      {step === withdrawSteps.result ? <ResultStep /> : null}
    </Dialog>
  );
}

function AmountStep({ available }: { available: number | undefined }) {
  const { amount, setField, setStep } = useWithdraw();
  const [error, setError] = useState<string | null>(null);
  const next = (e: FormEvent) => {
    e.preventDefault();
    const invalid = withdrawAmountError(amount, available ?? 0);
    setError(invalid);
    if (!invalid) setStep(withdrawSteps.destination);
  };
  const charm = Number(amount);
  const minimum = withdrawal.minimumCharm;
  const charmText = (n: number) => `${n.toLocaleString('en-US')} charm (${usdOf(n)})`;
  const enough = available !== undefined && available >= minimum;
  // "You receive" only for an amount that can be withdrawn; otherwise the limits, so that the line
  // never promises a sum the refusal beside it denies.
  const withdrawable = enough && amount !== '' && Number.isSafeInteger(charm) && charm >= minimum && charm <= available;
  return (
    <form onSubmit={next} noValidate>
      <p className={styles.available} data-testid="withdraw-available">
        Available: <strong>{available === undefined ? '…' : `${available.toLocaleString('en-US')} charm`}</strong>
        {available === undefined ? null : <span> ({usdOf(available)})</span>}
      </p>
      <TextField
        id="withdraw-amount"
        label="Charm to withdraw"
        inputMode="numeric"
        placeholder={`At least ${withdrawal.minimumCharm}`}
        value={amount}
        onChange={(e) => setField('amount', e.target.value.replace(/[^\d]/g, ''))}
        error={error}
        hint={`The minimum is ${withdrawal.minimumCharm} charm (${usdOf(withdrawal.minimumCharm)}).`}
      />
      <p className={styles.summary} data-testid="withdraw-summary">
        {available === undefined ? null : !enough ? (
          <>
            Withdrawals start at {charmText(minimum)}; you have {charmText(available)}.
          </>
        ) : withdrawable ? (
          <>
            You receive <strong data-testid="withdraw-usd">{usdOf(charm)}</strong>.
          </>
        ) : (
          <>
            You can withdraw from {charmText(minimum)} to {charmText(available)}.
          </>
        )}
      </p>
      <div className={styles.actions}>
        <Button type="button" variant="ghost" disabled={!enough} onClick={() => setField('amount', String(available ?? 0))}>
          Withdraw all
        </Button>
        <Button type="submit" disabled={available !== undefined && !enough} data-testid="withdraw-next">
          Continue
        </Button>
      </div>
    </form>
  );
}

function DestinationStep() {
  const { method, network, address, bankCountry, amount, setMethod, setNetwork, setField, setStep, review } = useWithdraw();
  const [errors, setErrors] = useState<{ amount?: string | null; address?: string | null; bankCountry?: string | null }>({});
  const [busy, setBusy] = useState(false);
  const next = async (e: FormEvent) => {
    e.preventDefault();
    const form = { amount, method, network, address, bankCountry };
    const invalid = withdrawAddressError(form);
    const noCountry = withdrawBankCountryError(form);
    setErrors({ address: invalid, bankCountry: noCountry });
    if (invalid || noCountry) return;
    setBusy(true);
    const checked = await validateWithdrawal(form);
    setBusy(false);
    if (!checked.ok) {
      setErrors({ [checked.field]: checked.message });
      return;
    }
    review(crypto.randomUUID());
  };
  return (
    <form onSubmit={next} noValidate>
      <FieldFrame id="withdraw-method" label="Method">
        <div className={styles.methods} role="radiogroup" aria-label="Method">
          {(Object.keys(methodNames) as WithdrawMethod[]).map((m) => (
            <button
              type="button"
              role="radio"
              aria-checked={m === method}
              key={m}
              className={`${styles.preset} ${m === method ? styles.presetOn : ''}`}
              onClick={() => setMethod(m)}
            >
              <strong>{methodNames[m]}</strong>
            </button>
          ))}
        </div>
      </FieldFrame>
      {method === 'crypto' ? (
        <FieldFrame id="withdraw-network" label="Network">
          <select
            id="withdraw-network"
            className={fieldStyles.input}
            value={network}
            onChange={(e) => setNetwork(e.target.value as WithdrawalNetwork)}
          >
            {(Object.keys(withdrawalNetworkNames) as WithdrawalNetwork[]).map((n) => (
              <option key={n} value={n}>
                {withdrawalNetworkNames[n]}
              </option>
            ))}
          </select>
        </FieldFrame>
      ) : null}
      <TextField
        id="withdraw-address"
        label={method === 'crypto' ? 'Wallet address' : method === 'bank' ? 'Account number (IBAN)' : 'E-wallet account'}
        placeholder={method === 'crypto' ? (network === 'evm' ? '0x…' : 'Solana address') : ''}
        value={address}
        onChange={(e) => setField('address', e.target.value)}
        error={errors.address}
        autoComplete="off"
      />
      {method === 'bank' ? (
        <CountrySelect
          id="withdraw-bank-country"
          label="Bank country"
          value={bankCountry}
          onChange={(code) => setField('bankCountry', code)}
          error={errors.bankCountry}
        />
      ) : null}
      {errors.amount ? (
        <p className={fieldStyles.error} role="alert" data-testid="withdraw-amount-error">
          {errors.amount}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="button" variant="secondary" onClick={() => setStep(withdrawSteps.amount)}>
          Back
        </Button>
        <Button type="submit" busy={busy} data-testid="withdraw-review">
          Review
        </Button>
      </div>
    </form>
  );
}

function ReviewStep() {
  const state = useWithdraw();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!state.idempotencyKey) return;
    setBusy(true);
    const result = await submitWithdrawal(state, state.idempotencyKey);
    setBusy(false);
    useWithdraw.getState().finish(result);
  };
  const charm = Number(state.amount);
  return (
    <div>
      <dl className={styles.review} data-testid="withdraw-summary">
        <dt>Amount</dt>
        <dd>
          {charm.toLocaleString('en-US')} charm = <strong>{usdOf(charm)}</strong>
        </dd>
        <dt>Method</dt>
        <dd>
          {methodNames[state.method]}
          {state.method === 'crypto' ? ` on ${withdrawalNetworkNames[state.network]}` : ''}
        </dd>
        <dt>To</dt>
        <dd className={styles.mono}>{state.address.trim()}</dd>
        {state.method === 'bank' ? (
          <>
            <dt>Bank country</dt>
            <dd data-testid="withdraw-bank-country-review">{countryByCode(state.bankCountry)?.name ?? state.bankCountry}</dd>
          </>
        ) : null}
      </dl>
      <p className={styles.sandboxNote}>
        The charm leaves your balance now. The payout shows as pending until it is paid; if it fails, the charm comes back.
      </p>
      <div className={styles.actions}>
        <Button type="button" variant="secondary" disabled={busy} onClick={() => state.setStep(withdrawSteps.destination)}>
          Back
        </Button>
        <Button type="button" busy={busy} onClick={() => void confirm()} data-testid="withdraw-confirm">
          Withdraw {usdOf(charm)}
        </Button>
      </div>
    </div>
  );
}

function ResultStep() {
  const { result, close, setStep } = useWithdraw();
  if (!result) return null;
  const failed = result.status === 'failed';
  return (
    <div className={styles.statusBox} data-testid="withdraw-result" data-status={result.status}>
      <span className={`${styles.statusIcon} ${styles[failed ? 'statusIcon_failed' : 'statusIcon_pending']}`}>{failed ? '!' : '✓'}</span>
      <strong>{failed ? 'Withdrawal Failed' : 'Withdrawal requested'}</strong>
      <p data-testid="withdraw-result-message">{result.message}</p>
      {failed ? (
        <Button block onClick={() => setStep(withdrawSteps.amount)}>
          Try again
        </Button>
      ) : (
        <Button block onClick={close}>
          Done
        </Button>
      )}
    </div>
  );
}
