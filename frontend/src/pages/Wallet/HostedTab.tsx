// The hosted checkout tabs of the top-up: the web payment (the provider's approval page in a popup)
// and the PH e-wallets (GCash or Maya, charged in PHP at the rate fixed when the charge is created,
// authorised on the wallet's own page). Amounts are chosen in USD, as on every other tab.
import { money } from '@murmur/contracts/constants';
import { formatText } from '@murmur/contracts/errors';
import { hostedPaymentTexts } from '@murmur/contracts/top-up-texts';
import type { PaymentMethodDto } from '@murmur/contracts/wallet';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/Button.tsx';
import { FieldFrame } from '../../components/Field.tsx';
import { Icon } from '../../components/Icon.tsx';
import { topUpAmountError } from '../../forms/validation.ts';
import { startHostedPayment, type HostedMethod } from '../../wallet/hostedPayment.ts';
import { useTopUp } from '../../wallet/topUpStore.ts';
import { AmountPicker, offerDiamonds, offerPriceUsd } from './AmountPicker.tsx';
import styles from './Wallet.module.css';

const php = (usd: number, rate: number) =>
  (Math.round(usd * 100 * rate) / 100).toLocaleString('en-PH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function HostedTab({ method, info }: { method: HostedMethod; info: PaymentMethodDto | undefined }) {
  const offer = useTopUp((s) => s.offer);
  const [amount, setAmount] = useState('10');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [channel, setChannel] = useState(info?.channels?.[0]?.id ?? 'gcash');
  const [busy, setBusy] = useState(false);
  const rate = info?.rate ?? 0;
  const valueUsd = offer ? offerPriceUsd : Number(amount);

  if (!info) {
    return (
      <p className={styles.sandboxNote} data-testid={`${method}-not-configured`}>
        {method === 'webpay' ? hostedPaymentTexts.webpayNotConfigured : hostedPaymentTexts.ewalletNotConfigured}
      </p>
    );
  }

  const pay = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = offer ? null : topUpAmountError(amount);
    setAmountError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      const purpose = offer ? 'first_topup_offer' : 'topup';
      await startHostedPayment(
        method === 'webpay'
          ? { method, body: { value: valueUsd, currency: 'USD', purpose } }
          : { method, body: { value: valueUsd, channel, purpose } },
      );
    } finally {
      setBusy(false);
    }
  };

  const diamonds = offer ? offerDiamonds : Number.isFinite(valueUsd) ? Math.round(valueUsd * money.diamondsPerUsd) : 0;
  return (
    <form onSubmit={(e) => void pay(e)} noValidate data-testid={`${method}-form`}>
      {method === 'ewallet' && info.channels ? (
        <FieldFrame id="ewallet-channel" label="Pay with">
          <div className={styles.presets} role="radiogroup" aria-label="E-wallet">
            {info.channels.map((c) => (
              <button
                type="button"
                role="radio"
                aria-checked={channel === c.id}
                key={c.id}
                className={`${styles.preset} ${channel === c.id ? styles.presetOn : ''}`}
                onClick={() => setChannel(c.id)}
                data-testid={`ewallet-${c.id}`}
              >
                <strong>{c.name}</strong>
              </button>
            ))}
          </div>
        </FieldFrame>
      ) : null}
      {offer ? null : <AmountPicker value={amount} onChange={setAmount} error={amountError} />}
      <p className={styles.summary} data-testid={`${method}-summary`}>
        You get{' '}
        <strong>
          <Icon name="diamond" size={12} /> {diamonds.toLocaleString()}
        </strong>{' '}
        diamonds
        {method === 'ewallet' && Number.isFinite(valueUsd) && rate > 0 ? (
          <>
            .<br />
            {formatText(hostedPaymentTexts.phpAmount, { php: php(valueUsd, rate), rate: rate.toFixed(2) })}
          </>
        ) : (
          <> for ${Number.isFinite(valueUsd) ? valueUsd.toFixed(2) : '0.00'}.</>
        )}
      </p>
      <p className={styles.sandboxNote}>
        {method === 'webpay'
          ? 'You approve the payment on the provider’s page in a new window.'
          : 'You authorise the payment in your e-wallet, then come back here.'}
      </p>
      <div className={styles.actions}>
        <Button type="submit" busy={busy} data-testid={`${method}-pay`}>
          {method === 'webpay' ? 'Continue to web payment' : `Pay with ${info.channels?.find((c) => c.id === channel)?.name ?? 'e-wallet'}`}
        </Button>
      </div>
    </form>
  );
}
