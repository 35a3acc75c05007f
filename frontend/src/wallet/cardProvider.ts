// The card provider's browser library behind one port. Stripe.js is loaded only when the card tab
// opens with a publishable key (@stripe/stripe-js/pure: nothing is fetched at import), from the
// URL Stripe.js must come from (js.stripe.com; it may not be bundled). Browser tests serve a
// stand-in at that same URL (test-support/stripe-js-stand-in.ts), so this code is the production path.
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

const loaded = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for the key, once per page; null (or a rejection) when it cannot be loaded. */
export function loadCardProvider(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch(() => null);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}
