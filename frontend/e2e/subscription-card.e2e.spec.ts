// By card: on the subscribe dialog a fan without diamonds picks the card, Stripe's
// Payment Element (the test's stand-in for Stripe.js, confirming against the local Stripe API) takes
// it for the subscription checkout's PaymentIntent (the plan's price in USD); a declined card says
// why and buys nothing; a good one is settled by the signed webhook and the subscriber-only post shows.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWallet } from '../../command-api/src/wallet/ledger.ts';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { stripeJsStandIn } from '../../test-support/stripe-js-stand-in.ts';
import { cardPayments, startStripeServer, type StripeServer } from '../../test-support/stripe-server.ts';
import { signInWithEmail } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
let stripe: StripeServer;
let full: FullStack;
let browser: Browser;
let creator: Page;
let fan: Page;
let creatorUid = '';
let fanUid = '';

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  stripe = await startStripeServer();
  [full, browser] = await Promise.all([startFullStack({ payments: cardPayments(stripe, 'pk_test_local') }), launchBrowser()]);
  stripe.webhookUrl = `${full.url}/api/v1/payment/stripe/webhook`;
  creator = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const fanContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await fanContext.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: stripeJsStandIn(`http://127.0.0.1:${stripe.port}`) }),
  );
  fan = await fanContext.newPage();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await full?.stop();
  await stripe?.stop();
});

const me = (page: Page): Promise<{ uid: string }> =>
  page.evaluate(async () =>
    (await fetch('/api/v1/user/me', { headers: { authorization: `Bearer ${localStorage.getItem('murmur.token')}` } })).json(),
  );
const subscribedEvents = async () =>
  (await full.stack.command.deps.store.readStream(`wallet-${fanUid}`)).events.filter((e) => e.type === 'SubscribedToCreator');

describe('a creator subscription paid by card', () => {
  it('the creator sets a price of 300 diamonds and posts for subscribers', async () => {
    await signInWithEmail(creator, full.url, 'card-sub-creator@example.com');
    creatorUid = (await me(creator)).uid;
    await creator.goto(`${full.url}/profile`);
    await creator.getByRole('tab', { name: 'Subscriber feed' }).click();
    await creator.fill('#subscription-price', '300');
    await creator.getByTestId('save-price').click();
    await creator.getByTestId('post-content').fill('Card subscribers welcome 💳');
    await creator.getByTestId('post-submit').click();
    await creator.getByText('Card subscribers welcome 💳').waitFor({ timeout: 15_000 });
  });

  it('a fan without diamonds picks the card: the price in USD, a declined card buys nothing', async () => {
    await signInWithEmail(fan, full.url, 'card-sub-fan@example.com');
    fanUid = (await me(fan)).uid;
    await fan.goto(`${full.url}/profile?uid=${encodeURIComponent(creatorUid)}`);
    await fan.getByRole('tab', { name: 'Subscriber feed' }).click();
    await fan.getByTestId('subscribe-button').first().click();
    const dialog = fan.getByTestId('subscribe-dialog');
    expect(await dialog.getByTestId('pay-with-card').innerText()).toBe('Card · $3.00');
    await dialog.getByTestId('pay-with-card').click();
    await dialog.getByTestId('stripe-cardnumber').waitFor({ timeout: 20_000 });
    // One PaymentIntent for the plan's price, nothing bought yet.
    expect([...stripe.intents.values()].map((i) => [i.amount, i.currency, (i.metadata as Record<string, string>).purpose])).toEqual([
      [300, 'usd', 'creator_subscription'],
    ]);
    expect(await dialog.getByTestId('confirm-subscribe').count()).toBe(0);
    await fan.screenshot({ path: path.join(shots, 'subscribe-by-card.png') });

    await dialog.getByTestId('stripe-cardnumber').fill('4000 0000 0000 0002');
    await dialog.getByTestId('stripe-exp-date').fill('12 / 34');
    await dialog.getByTestId('stripe-cvc').fill('123');
    await dialog.getByTestId('card-pay').click();
    await expect
      .poll(
        () =>
          dialog
            .getByTestId('card-form-error')
            .innerText()
            .catch(() => ''),
        { timeout: 15_000 },
      )
      .toBe('Your card was declined.');
    expect(await subscribedEvents()).toHaveLength(0);
  }, 120_000);

  it('a good card subscribes once (settled by the webhook) and the subscriber-only post shows', async () => {
    const dialog = fan.getByTestId('subscribe-dialog');
    await dialog.getByTestId('stripe-cardnumber').fill('4242 4242 4242 4242');
    await dialog.getByTestId('card-pay').click();
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
    await fan.getByText('Card subscribers welcome 💳').waitFor({ timeout: 15_000 });
    await expect.poll(() => fan.getByTestId('subscribe-button').first().innerText(), { timeout: 10_000 }).toContain('Subscribed until');
    await fan.screenshot({ path: path.join(shots, 'subscribed-by-card.png') });
    // Bought with the card's diamonds, none left over; one intent, one subscription.
    expect(await subscribedEvents()).toHaveLength(1);
    expect((await loadWallet(full.stack.command.deps, fanUid)).balance).toBe(0);
    expect([...stripe.intents.values()].map((i) => i.status)).toEqual(['succeeded']);
  }, 120_000);
});
