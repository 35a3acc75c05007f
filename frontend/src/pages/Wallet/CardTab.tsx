// The card tab of the top-up: Stripe's Payment Element when the server has a publishable key
// (the PaymentIntent from payment/stripe/init, confirmed in the browser, credited by the webhook);
// without one, a note that cards are not configured and, in the demo, the sandbox card.
import { money } from '@murmur/contracts/constants';
import { cardTexts } from '@murmur/contracts/top-up-texts';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Button } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { TextField } from '../../components/Field.tsx';
import { topUpAmountError } from '../../forms/validation.ts';
import { useQuery } from '../../state/query.ts';
import { followCardPayment, initCardIntent, showCardFailure, type CardIntent } from '../../wallet/cardPayment.ts';
import { loadCardProvider } from '../../wallet/cardProvider.ts';
import { paySandbox } from '../../wallet/pay.ts';
import { useTopUp } from '../../wallet/topUpStore.ts';
import { AmountPicker, offerDiamonds, offerPriceUsd } from './AmountPicker.tsx';
import styles from './Wallet.module.css';
import { api } from '../../api/api.generated.ts';

export function CardTab() {
  const { step, setStep, offer } = useTopUp();
  const { data: methods } = useQuery(api.money.paymentMethods.path());
  const publishableKey = methods?.items.find((m) => m.id === 'card')?.publishableKey ?? null;
  const sandbox = methods?.items.some((m) => m.id === 'sandbox') ?? false;
  const [amount, setAmount] = useState('10');
  const [amountError, setAmountError] = useState<string | null>(null);
  const value = offer ? offerPriceUsd : Number(amount);

  const next = (e: FormEvent) => {
    e.preventDefault();
    const invalid = topUpAmountError(amount);
    setAmountError(invalid);
    if (!invalid) setStep(1);
  };

  if (!methods) return null;
  if (!publishableKey && !sandbox) {
    return (
      <p className={styles.sandboxNote} data-testid="card-not-configured">
        {cardTexts.notConfigured}
      </p>
    );
  }
  if (step === 0) {
    return (
      <form onSubmit={next} noValidate>
        {publishableKey ? null : (
          <p className={styles.sandboxNote} data-testid="card-not-configured">
            {cardTexts.notConfigured} {cardTexts.sandboxInstead}
          </p>
        )}
        <AmountPicker value={amount} onChange={setAmount} error={amountError} />
        <p className={styles.summary}>
          You get{' '}
          <strong>
            <Icon name="diamond" size={12} />{' '}
            {Number.isFinite(Number(amount)) ? Math.round(Number(amount) * money.diamondsPerUsd).toLocaleString() : 0}
          </strong>{' '}
          diamonds.
        </p>
        <Button block type="submit" data-testid="card-continue">
          Continue
        </Button>
      </form>
    );
  }
  return publishableKey ? <StripeCard publishableKey={publishableKey} valueUsd={value} /> : <SandboxCard valueUsd={value} />;
}

function Summary({ valueUsd }: { valueUsd: number }) {
  const offer = useTopUp((s) => s.offer);
  return (
    <p className={styles.summary} data-testid="card-summary">
      {offer ? (
        <>
          First top-up offer: pay <strong>${offerPriceUsd.toFixed(2)}</strong> for <strong>{offerDiamonds.toLocaleString()}</strong>{' '}
          diamonds (worth ${money.firstTopUpPackageUsd}).
        </>
      ) : (
        <>
          Pay <strong>${valueUsd.toFixed(2)}</strong> for <strong>{Math.round(valueUsd * money.diamondsPerUsd).toLocaleString()}</strong>{' '}
          diamonds.
        </>
      )}
    </p>
  );
}

function BackButton() {
  const { offer, setTab, setStep } = useTopUp();
  return (
    <Button type="button" variant="secondary" onClick={() => (offer ? setTab('card') : setStep(0))}>
      Back
    </Button>
  );
}

/** Stripe's Payment Element for the intent created on entering this step. */
function StripeCard({ publishableKey, valueUsd }: { publishableKey: string; valueUsd: number }) {
  const offer = useTopUp((s) => s.offer);
  const stripe = useMemo(() => loadCardProvider(publishableKey), [publishableKey]);
  const [intent, setIntent] = useState<CardIntent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [available, setAvailable] = useState(true);

  useEffect(() => {
    let live = true;
    void stripe.then((s) => live && setAvailable(s !== null));
    initCardIntent(valueUsd, offer ? 'first_topup_offer' : 'topup').then(
      (i) => live && setIntent(i),
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [stripe, valueUsd, offer]);

  if (!available || error) {
    return (
      <div>
        <p className={styles.payError} role="alert" data-testid="card-error">
          {error ?? cardTexts.notLoaded}
        </p>
        <BackButton />
      </div>
    );
  }
  if (!intent) return <p className={styles.sandboxNote}>Preparing a secure card form…</p>;
  return (
    <Elements stripe={stripe} options={{ clientSecret: intent.clientSecret, appearance: { theme: 'night' } }}>
      <StripeCardForm intent={intent} valueUsd={valueUsd} />
    </Elements>
  );
}

function StripeCardForm({ intent, valueUsd }: { intent: CardIntent; valueUsd: number }) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const pay = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    if (!stripe || !elements) return showCardFailure(cardTexts.notLoaded);
    if (!elements.getElement('payment')) return showCardFailure(cardTexts.elementNotFound);
    setBusy(true);
    try {
      // The form's own checks first (an incomplete number stays on the form, no charge attempted).
      const checked = await elements.submit();
      if (checked.error) return setFormError(checked.error.message ?? cardTexts.elementNotFound);
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        clientSecret: intent.clientSecret,
        redirect: 'if_required',
        confirmParams: { return_url: `${window.location.origin}/wallet` },
      });
      if (error) return showCardFailure(error.message ?? cardTexts.unexpectedStatus.replace('{status}', error.type));
      if (paymentIntent.status === 'succeeded' || paymentIntent.status === 'processing')
        return void (await followCardPayment(intent.transactionId));
      showCardFailure(cardTexts.unexpectedStatus.replace('{status}', paymentIntent.status));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void pay(e)} noValidate data-testid="stripe-card-form">
      <PaymentElement className={styles.paymentElement} />
      {formError ? (
        <p className={styles.payError} role="alert" data-testid="card-form-error">
          {formError}
        </p>
      ) : null}
      <Summary valueUsd={valueUsd} />
      <div className={styles.actions}>
        <BackButton />
        <Button type="submit" busy={busy} disabled={!stripe || !elements} data-testid="card-pay">
          Pay ${valueUsd.toFixed(2)}
        </Button>
      </div>
    </form>
  );
}

/** The demo's sandbox card: no real money moves, the same confirmation path as a webhook. */
function SandboxCard({ valueUsd }: { valueUsd: number }) {
  const offer = useTopUp((s) => s.offer);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

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
      await paySandbox(valueUsd, offer ? 'first_topup_offer' : 'topup');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={pay} noValidate>
      <p className={styles.sandboxNote}>Sandbox card: no real money moves. Use any name and e-mail.</p>
      <TextField
        id="card-name"
        label="Card holder's name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
        autoComplete="cc-name"
      />
      <TextField
        id="card-email"
        label="E-mail for the receipt"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
      />
      <div className={styles.fakeCard}>
        <span>4242 4242 4242 4242</span>
        <span>12/34 · 123</span>
      </div>
      <Summary valueUsd={valueUsd} />
      <div className={styles.actions}>
        <BackButton />
        <Button type="submit" busy={busy} data-testid="card-pay">
          Pay ${valueUsd.toFixed(2)}
        </Button>
      </div>
    </form>
  );
}
