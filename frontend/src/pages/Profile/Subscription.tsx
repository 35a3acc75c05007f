// Creator subscriptions on a profile: the creator sets a monthly price; a visitor subscribes (or
// renews from the current end) with diamonds, after seeing the price and the balance after, or by
// card through the subscription checkout; the subscriber feed stays locked until then.
import type { ProfileView } from '@murmur/contracts/social';
import { subscriptionLimits, subscriptionTexts } from '@murmur/contracts/subscriptions';
import { useState } from 'react';
import { ApiCallError, newIdempotencyKey } from '../../api/client.ts';
import { api } from '../../api/api.generated.ts';
import { useBalance } from '../../api/me.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { TextField } from '../../components/Field.tsx';
import { refreshQueries } from '../../state/query.ts';
import { toast } from '../../state/ui.ts';
import styles from './ProfilePage.module.css';
import { BalanceAfter } from '../../components/BalanceAfter.tsx';
import { SubscriptionCardPay, subscriptionUsd } from './SubscriptionCardPay.tsx';

const day = (iso: string) => new Date(iso).toLocaleDateString();

/** Waits (up to ~15 s) until the profile shows a subscription end other than `before`. */
async function untilSubscriptionMoves(uid: string, before: string | null): Promise<void> {
  for (let i = 0; i < 30; i++) {
    const view = await api.social.profile({ uid }, { quiet: true }).catch(() => null);
    if (view && view.subscription.subscribedUntil !== before) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The subscribe (or renew) button with its confirmation dialog. */
export function SubscribeButton({ view }: { view: ProfileView }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const [method, setMethod] = useState<'diamonds' | 'card'>('diamonds');
  const { diamonds } = useBalance();
  const { price, subscribedUntil } = view.subscription;
  if (price === null || view.isSelf) return null;

  const subscribe = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await api.subscriptions.subscribe(
        { uid: view.uid },
        { currentUntil: subscribedUntil },
        { quiet: true, idempotencyKey: key },
      );
      // The answer names the subscription it recorded (on a repeated key, the first one).
      if (res.subscription) toast(`Subscribed until ${day(res.subscription.expiresAt)}.`, 'success', 'Subscription');
      setOpen(false);
      setKey(newIdempotencyKey());
      await refreshQueries(
        api.social.profile.path({ uid: view.uid }),
        api.social.wall.path({ uid: view.uid }),
        '/wallet/',
        '/user/subscri',
      );
    } catch (e) {
      setError(e instanceof ApiCallError ? e.message : 'Oops, something went wrong. Please try again.');
      void refreshQueries(api.social.profile.path({ uid: view.uid }));
    } finally {
      setBusy(false);
    }
  };
  const boughtByCard = async () => {
    toast('Subscribed: your card payment went through.', 'success', 'Subscription');
    setOpen(false);
    setKey(newIdempotencyKey());
    setMethod('diamonds');
    // The payment reads as completed as soon as it is confirmed; the subscription it buys is
    // recorded just after, so the feed is refreshed once the profile shows the new end.
    await untilSubscriptionMoves(view.uid, subscribedUntil);
    await refreshQueries(api.social.profile.path({ uid: view.uid }), api.social.wall.path({ uid: view.uid }), '/wallet/', '/user/subscri');
  };
  const after = diamonds === undefined ? null : diamonds - price;
  return (
    <>
      <Button
        variant={subscribedUntil ? 'secondary' : 'primary'}
        onClick={() => {
          setError(null);
          setMethod('diamonds');
          setOpen(true);
        }}
        data-testid="subscribe-button"
      >
        {subscribedUntil ? `Subscribed until ${day(subscribedUntil)} · Renew` : `Subscribe · ${price.toLocaleString()} 💎`}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        size="sm"
        testId="subscribe-dialog"
        title={subscribedUntil ? `Renew your subscription to ${view.username}` : `Subscribe to ${view.username}`}
        description={`${subscriptionLimits.days} days of ${view.username}'s subscriber feed and subscriber-only posts${subscribedUntil ? `, from ${day(subscribedUntil)}` : ''}. No automatic renewal.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            {method === 'diamonds' ? (
              <Button busy={busy} onClick={() => void subscribe()} data-testid="confirm-subscribe">
                Pay {price.toLocaleString()} 💎
              </Button>
            ) : null}
          </>
        }
      >
        <div className={styles.payWith} role="radiogroup" aria-label="Pay with">
          <button
            type="button"
            role="radio"
            aria-checked={method === 'diamonds'}
            onClick={() => setMethod('diamonds')}
            data-testid="pay-with-diamonds"
          >
            Diamonds · {price.toLocaleString()} 💎
          </button>
          <button type="button" role="radio" aria-checked={method === 'card'} onClick={() => setMethod('card')} data-testid="pay-with-card">
            Card · ${subscriptionUsd(price).toFixed(2)}
          </button>
        </div>
        {method === 'diamonds' ? (
          <>
            <dl className={styles.sums}>
              <dt>Price</dt>
              <dd>
                {price.toLocaleString()} 💎 / {subscriptionLimits.days} days
              </dd>
              <BalanceAfter after={after} testId="subscribe-balance-after" shortClassName={styles.short} />
            </dl>
            {error ? (
              <p className={styles.formError} role="alert" data-testid="subscribe-error">
                {error}
              </p>
            ) : null}
          </>
        ) : (
          <SubscriptionCardPay
            creatorUid={view.uid}
            usd={subscriptionUsd(price)}
            idempotencyKey={key}
            onBought={() => void boughtByCard()}
          />
        )}
      </Dialog>
    </>
  );
}

/** The creator's own monthly price. */
export function PriceForm({ view }: { view: ProfileView }) {
  const [price, setPrice] = useState(String(view.subscription.price ?? ''));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.subscriptions.setPrice({ price: Number(price) }, { quiet: true });
      toast('Subscription price saved.', 'success');
      await refreshQueries(api.social.profile.path({ uid: view.uid }));
    } catch (e) {
      setError(e instanceof ApiCallError ? e.message : 'Oops, something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.priceForm} data-testid="price-form">
      <TextField
        id="subscription-price"
        label={`Monthly subscription price (diamonds per ${subscriptionLimits.days} days)`}
        inputMode="numeric"
        value={price}
        onChange={(e) => setPrice(e.target.value)}
        error={error}
        hint={subscriptionTexts.priceRange}
      />
      <Button busy={busy} onClick={() => void save()} data-testid="save-price">
        Save price
      </Button>
    </div>
  );
}

/** The locked subscriber feed of someone the viewer does not subscribe to. */
export function LockedFeed({ view }: { view: ProfileView }) {
  return (
    <EmptyState icon="🔒" title="Subscriber feed" action={<SubscribeButton view={view} />}>
      {view.subscription.price === null ? subscriptionTexts.noPlan : subscriptionTexts.subscriberFeedLocked}
    </EmptyState>
  );
}
