// A subscription paid by card instead of diamonds: the subscription checkout (`payment/checkout/pay`,
// with the creator for a creator's plan, without one for VIP) opens a card payment for the price in
// USD; with a publishable key Stripe's Payment Element takes the card and the signed webhook buys the
// subscription; in the demo without one, the sandbox card. The page follows the payment until it is
// bought. Used by the subscribe dialog on a profile and by the VIP dialog.
import { money } from '@murmur/contracts/constants';
import { cardTexts } from '@murmur/contracts/top-up-texts';
import type { PaymentResultDto } from '@murmur/contracts/wallet';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { ApiCallError } from '../../api/client.ts';
import { api } from '../../api/api.generated.ts';
import { Button } from '../../components/Button.tsx';
import { useQuery } from '../../state/query.ts';
import { loadCardProvider } from '../../wallet/cardProvider.ts';
import styles from './ProfilePage.module.css';

/** What a subscription of `diamonds` costs by card: the server's own rounding (whole cents, up). */
export const subscriptionUsd = (diamonds: number): number => Math.ceil((diamonds * 100) / money.diamondsPerUsd) / 100;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls the payment until it is completed (resolves) or failed (rejects with its reason). */
async function untilBought(transactionId: string, attempts = 90): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    const status = await api.money.paymentStatus({ paymentId: transactionId }, { quiet: true }).catch(() => null);
    if (status?.status === 'completed') return;
    if (status?.status === 'failed') throw new Error(status.statusMessage ?? cardTexts.clientSecretNotFound);
    await sleep(1000);
  }
  throw new Error(cardTexts.processing);
}

interface Props {
  /** The creator whose plan is bought; none for VIP. */
  creatorUid?: string;
  /** What the card is charged, in USD (the server prices it again; this is only shown). */
  usd: number;
  /** One checkout per dialog opening: a re-render gets the same payment. */
  idempotencyKey: string;
  onBought(): void;
}

const checkout = (creatorUid: string | undefined, method: 'card' | 'sandbox', idempotencyKey: string) =>
  api.money.checkout(creatorUid ? { creatorUid, method } : { skuId: 'vip-year', method }, {
    quiet: true,
    idempotencyKey,
  });

export function SubscriptionCardPay({ creatorUid, usd, idempotencyKey, onBought }: Props) {
  const { data: methods } = useQuery(api.money.paymentMethods.path());
  if (!methods) return <p className={styles.dim}>Loading the payment methods…</p>;
  const publishableKey = methods.items.find((m) => m.id === 'card')?.publishableKey ?? null;
  const sandbox = methods.items.some((m) => m.id === 'sandbox');
  if (publishableKey)
    return (
      <StripeCheckout
        publishableKey={publishableKey}
        creatorUid={creatorUid}
        usd={usd}
        idempotencyKey={idempotencyKey}
        onBought={onBought}
      />
    );
  if (sandbox) return <SandboxCheckout creatorUid={creatorUid} usd={usd} idempotencyKey={idempotencyKey} onBought={onBought} />;
  return (
    <p className={styles.formError} data-testid="card-not-configured">
      {cardTexts.notConfigured}
    </p>
  );
}

function StripeCheckout({ publishableKey, creatorUid, usd, idempotencyKey, onBought }: Props & { publishableKey: string }) {
  const stripe = useMemo(() => loadCardProvider(publishableKey), [publishableKey]);
  const [intent, setIntent] = useState<PaymentResultDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void stripe.then((s) => live && s === null && setError(cardTexts.notLoaded));
    checkout(creatorUid, 'card', idempotencyKey).then(
      (r) => live && (r.clientSecret ? setIntent(r) : setError(cardTexts.clientSecretNotFound)),
      (e: unknown) => live && setError(e instanceof ApiCallError ? e.message : cardTexts.clientSecretNotFound),
    );
    return () => {
      live = false;
    };
  }, [stripe, creatorUid, idempotencyKey]);
  if (error)
    return (
      <p className={styles.formError} role="alert" data-testid="card-error">
        {error}
      </p>
    );
  if (!intent?.clientSecret) return <p className={styles.dim}>Preparing a secure card form…</p>;
  return (
    <Elements stripe={stripe} options={{ clientSecret: intent.clientSecret, appearance: { theme: 'night' } }}>
      <StripeForm clientSecret={intent.clientSecret} transactionId={intent.transactionId} usd={usd} onBought={onBought} />
    </Elements>
  );
}

function StripeForm({
  clientSecret,
  transactionId,
  usd,
  onBought,
}: {
  clientSecret: string;
  transactionId: string;
  usd: number;
  onBought(): void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pay = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!stripe || !elements) return setError(cardTexts.notLoaded);
    setBusy(true);
    try {
      const checked = await elements.submit();
      if (checked.error) return setError(checked.error.message ?? cardTexts.elementNotFound);
      const { error: failed, paymentIntent } = await stripe.confirmPayment({
        elements,
        clientSecret,
        redirect: 'if_required',
        confirmParams: { return_url: window.location.href },
      });
      if (failed) return setError(failed.message ?? cardTexts.unexpectedStatus.replace('{status}', failed.type));
      if (paymentIntent.status !== 'succeeded' && paymentIntent.status !== 'processing')
        return setError(cardTexts.unexpectedStatus.replace('{status}', paymentIntent.status));
      // The subscription is bought when the provider's webhook settles the payment.
      await untilBought(transactionId);
      onBought();
    } catch (err) {
      setError(err instanceof Error ? err.message : cardTexts.clientSecretNotFound);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void pay(e)} noValidate data-testid="subscription-card-form">
      <PaymentElement />
      {error ? (
        <p className={styles.formError} role="alert" data-testid="card-form-error">
          {error}
        </p>
      ) : null}
      <Button type="submit" block busy={busy} disabled={!stripe || !elements} data-testid="card-pay">
        Pay ${usd.toFixed(2)}
      </Button>
    </form>
  );
}

/** The demo's sandbox card: no real money moves; the same settlement as a card's webhook. */
function SandboxCheckout({ creatorUid, usd, idempotencyKey, onBought }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pay = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await checkout(creatorUid, 'sandbox', idempotencyKey);
      if (result.status !== 'succeeded') await untilBought(result.transactionId);
      onBought();
    } catch (e) {
      setError(e instanceof Error ? e.message : cardTexts.clientSecretNotFound);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <p className={styles.dim} data-testid="card-not-configured">
        {cardTexts.notConfigured} The sandbox card pays without real money.
      </p>
      {error ? (
        <p className={styles.formError} role="alert" data-testid="card-error">
          {error}
        </p>
      ) : null}
      <Button block busy={busy} onClick={() => void pay()} data-testid="card-pay">
        Pay ${usd.toFixed(2)} (sandbox)
      </Button>
    </div>
  );
}
