// The top-up modal (crypto wallet tab by default, card through the sandbox), the first-top-up
// offer and the payment status modal.
import { money } from '@murmur/contracts/constants';
import type { CryptoDepositDto } from '@murmur/contracts/deposits';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { FieldFrame, TextField, fieldStyles } from '../../components/Field.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { topUpAmountError, txHashError, topUpLimitsUsd } from '../../forms/validation.ts';
import { useQuery } from '../../state/query.ts';
import { initCard, payCrypto, paySandbox } from '../../wallet/pay.ts';
import { useTopUp, type TopUpTab } from '../../wallet/topUpStore.ts';
import { DepositAddress } from './DepositAddress.tsx';
import styles from './Wallet.module.css';

const chainNames: Record<number, string> = {
  1: 'Ethereum', 11155111: 'Sepolia', 137: 'Polygon', 80001: 'Mumbai', 80094: 'Berachain', 80084: 'Berachain bArtio', 2741: 'Abstract', 11124: 'Abstract testnet',
};

export function TopUpModal() {
  const { open, activeTab, setTab, close } = useTopUp();
  return (
    <Dialog open={open} onOpenChange={(o) => !o && close()} title="Top up diamonds" description={`1 USD = ${money.diamondsPerUsd} diamonds`} size="md" testId="top-up-modal">
      <Tabs
        variant="pill"
        value={activeTab}
        onValueChange={(v) => setTab(v as TopUpTab)}
        items={[
          { value: 'crypto', label: 'Crypto wallet', content: <CryptoTab /> },
          { value: 'card', label: 'Card', content: <CardTab /> },
        ]}
      />
    </Dialog>
  );
}

function AmountPicker({ value, onChange, error }: { value: string; onChange(v: string): void; error: string | null }) {
  return (
    <FieldFrame id="topup-amount" label="Amount (USD)" error={error}>
      <div className={styles.presets}>
        {money.recommendedTopUpsUsd.map((usd) => (
          <button type="button" key={usd} className={`${styles.preset} ${value === String(usd) ? styles.presetOn : ''}`} onClick={() => onChange(String(usd))}>
            <strong>${usd}</strong>
            <small>
              <Icon name="diamond" size={11} /> {(usd * money.diamondsPerUsd).toLocaleString()}
            </small>
          </button>
        ))}
      </div>
      <input id="topup-amount" className={fieldStyles.input} inputMode="decimal" placeholder={`Other amount (${topUpLimitsUsd.min}-${topUpLimitsUsd.max})`} value={value} onChange={(e) => onChange(e.target.value)} />
    </FieldFrame>
  );
}

const offerPriceUsd = money.firstTopUpPackageUsd * (1 - money.firstTopUpDiscount);
const offerDiamonds = money.firstTopUpPackageUsd * money.diamondsPerUsd;

function CardTab() {
  const { step, setStep, offer, setTab } = useTopUp();
  const { data: methods } = useQuery<{ items: Array<{ id: string }> }>('/payment/methods');
  const sandbox = methods?.items.some((m) => m.id === 'sandbox') ?? true;
  const [amount, setAmount] = useState('10');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const next = (e: FormEvent) => {
    e.preventDefault();
    const invalid = topUpAmountError(amount);
    setAmountError(invalid);
    if (!invalid) setStep(1);
  };

  const pay = async (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = 'Card holder name is required.';
    if (!email.trim()) found.email = 'Please enter your email.';
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) found.email = 'This email is invalid.';
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const value = offer ? offerPriceUsd : Number(amount);
      const purpose = offer ? 'first_topup_offer' : 'topup';
      if (sandbox) await paySandbox(value, purpose);
      else await initCard(value, purpose);
    } finally {
      setBusy(false);
    }
  };

  if (step === 0) {
    return (
      <form onSubmit={next} noValidate>
        <AmountPicker value={amount} onChange={setAmount} error={amountError} />
        <p className={styles.summary}>
          You get <strong><Icon name="diamond" size={12} /> {Number.isFinite(Number(amount)) ? Math.round(Number(amount) * money.diamondsPerUsd).toLocaleString() : 0}</strong> diamonds.
        </p>
        <Button block type="submit" data-testid="card-continue">
          Continue
        </Button>
      </form>
    );
  }
  return (
    <form onSubmit={pay} noValidate>
      {sandbox ? <p className={styles.sandboxNote}>Sandbox card: no real money moves. Use any name and e-mail.</p> : null}
      <TextField id="card-name" label="Card holder's name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} autoComplete="cc-name" />
      <TextField id="card-email" label="E-mail for the receipt" type="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
      <div className={styles.fakeCard}>
        <span>4242 4242 4242 4242</span>
        <span>12/34 · 123</span>
      </div>
      <p className={styles.summary} data-testid="card-summary">
        {offer ? (
          <>
            First top-up offer: pay <strong>${offerPriceUsd.toFixed(2)}</strong> for <strong>{offerDiamonds.toLocaleString()}</strong> diamonds (worth ${money.firstTopUpPackageUsd}).
          </>
        ) : (
          <>
            Pay <strong>${Number(amount).toFixed(2)}</strong> for <strong>{Math.round(Number(amount) * money.diamondsPerUsd).toLocaleString()}</strong> diamonds.
          </>
        )}
      </p>
      <div className={styles.actions}>
        <Button type="button" variant="secondary" onClick={() => (offer ? setTab('card') : setStep(0))}>
          Back
        </Button>
        <Button type="submit" busy={busy} data-testid="card-pay">
          Pay ${(offer ? offerPriceUsd : Number(amount)).toFixed(2)}
        </Button>
      </div>
    </form>
  );
}

function CryptoTab() {
  const [chainId, setChainId] = useState<number>(money.supportedChainIds[0]);
  const [token, setToken] = useState<'USDT' | 'USDC'>('USDT');
  const [amount, setAmount] = useState('10');
  const [address, setAddress] = useState('');
  const [hash, setHash] = useState('');
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [busy, setBusy] = useState(false);
  const { data: methods } = useQuery<{ items: Array<{ id: string; deposits?: CryptoDepositDto[] }> }>('/payment/methods');
  const deposit = methods?.items.find((m) => m.id === 'crypto')?.deposits?.find((d) => d.chainId === chainId);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = {
      amount: topUpAmountError(amount),
      address: address.trim() ? (/^0x[0-9a-fA-F]{40}$/.test(address.trim()) ? null : 'Enter a valid wallet address.') : 'Wallet address is required.',
      hash: txHashError(hash),
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      await payCrypto({ chainId, fromCurrency: token, fromAmount: Number(amount), address: address.trim(), transactionHash: hash.trim() });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <p className={styles.sandboxNote}>Send USDT or USDC to the deposit address below from a wallet you signed in with or linked, then paste the transaction hash here.</p>
      <div className={styles.twoCols}>
        <FieldFrame id="crypto-chain" label="Network">
          <select id="crypto-chain" className={fieldStyles.input} value={chainId} onChange={(e) => setChainId(Number(e.target.value))}>
            {money.supportedChainIds.map((id) => (
              <option key={id} value={id}>
                {chainNames[id] ?? `Chain ${id}`}
              </option>
            ))}
          </select>
        </FieldFrame>
        <FieldFrame id="crypto-token" label="Token">
          <select id="crypto-token" className={fieldStyles.input} value={token} onChange={(e) => setToken(e.target.value as 'USDT' | 'USDC')}>
            <option>USDT</option>
            <option>USDC</option>
          </select>
        </FieldFrame>
      </div>
      <DepositAddress deposit={deposit} token={token} chainName={chainNames[chainId] ?? `Chain ${chainId}`} />
      <TextField id="crypto-amount" label={`Amount (${token})`} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} error={errors.amount} />
      <TextField id="crypto-address" label="Your wallet address" placeholder="0x…" value={address} onChange={(e) => setAddress(e.target.value)} error={errors.address} />
      <TextField id="crypto-hash" label="Transaction hash" placeholder="0x…" value={hash} onChange={(e) => setHash(e.target.value)} error={errors.hash} />
      <Button block type="submit" busy={busy} data-testid="crypto-submit">
        Submit transaction
      </Button>
    </form>
  );
}

export function FirstTopUpOffer() {
  const { offerOpen, closeOffer, close, chooseOffer } = useTopUp();
  const price = offerPriceUsd;
  return (
    <Dialog open={offerOpen} onOpenChange={(o) => !o && close()} size="sm" title="First top-up offer" testId="first-topup-offer">
      <div className={styles.offer}>
        <span className={styles.offerBadge}>50% OFF</span>
        <div className={styles.offerDiamonds}>
          <Icon name="diamond" size={28} /> {(money.firstTopUpPackageUsd * money.diamondsPerUsd).toLocaleString()}
        </div>
        <p>
          <s>${money.firstTopUpPackageUsd}</s> <strong>${price}</strong> — once, on your first top-up.
        </p>
        <Button block onClick={chooseOffer} data-testid="buy-offer">
          Get it for ${price}
        </Button>
        <Button block variant="ghost" onClick={closeOffer} data-testid="skip-offer">
          Choose another amount
        </Button>
      </div>
    </Dialog>
  );
}

export function StatusModal() {
  const { status, closeStatus } = useTopUp();
  if (!status) return null;
  const icon = status.topupStatus === 'success' ? '✓' : status.topupStatus === 'failed' ? '!' : '…';
  return (
    <Dialog open onOpenChange={(o) => !o && closeStatus()} size="sm" title={status.title} testId="payment-status">
      <div className={styles.statusBox}>
        <span className={`${styles.statusIcon} ${styles[`statusIcon_${status.topupStatus}`]}`}>{icon}</span>
        <p data-testid="payment-status-message">{status.statusMessage}</p>
        <Button block onClick={closeStatus}>
          {status.topupStatus === 'failed' ? 'Try again' : 'Done'}
        </Button>
      </div>
    </Dialog>
  );
}
