// In Chromium: the card tab. Without a publishable key it says cards are not
// configured and keeps the demo's sandbox card. With one (the server's payment/methods), the
// Payment Element of Stripe.js takes the card for the PaymentIntent from payment/stripe/init:
// an incomplete number stays on the form, a declined card shows 'Payment Failed' and credits
// nothing, a good card is confirmed and credited by the signed webhook. Stripe.js cannot be fetched
// here: the test serves a stand-in at Stripe.js's URL (test-support/stripe-js-stand-in.ts) that
// confirms against the local Stripe API; when nothing answers there the tab says it could not load.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PaymentSettings } from '@murmur/platform';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { stripeJsStandIn } from '../../test-support/stripe-js-stand-in.ts';
import { cardPayments, startStripeServer, type StripeServer } from '../../test-support/stripe-server.ts';
import { signInWithEmail } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
let stripe: StripeServer;
let full: FullStack;
let browser: Browser;
let page: Page;
let querySettings: PaymentSettings;
/** Whether the browser reaches "js.stripe.com" (the test's stand-in) or nothing answers there. */
let stripeJsReachable = true;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  stripe = await startStripeServer();
  const payments = cardPayments(stripe, null);
  querySettings = payments.query;
  [full, browser] = await Promise.all([startFullStack({ payments }), launchBrowser()]);
  // Stripe's dashboard would point the webhook at our route.
  stripe.webhookUrl = `${full.url}/api/v1/payment/stripe/webhook`;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.route('https://js.stripe.com/**', (route) =>
    stripeJsReachable
      ? route.fulfill({ status: 200, contentType: 'text/javascript', body: stripeJsStandIn(`http://127.0.0.1:${stripe.port}`) })
      : route.abort('internetdisconnected'),
  );
  page = await context.newPage();
  await signInWithEmail(page, full.url, 'card-topup@example.com');
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await full?.stop();
  await stripe?.stop();
});

const tokenOf = async () => (await page.evaluate(() => localStorage.getItem('murmur.token')))!;
const diamonds = async () =>
  (
    (await (await fetch(`${full.url}/api/v1/wallet/balance`, { headers: { authorization: `Bearer ${await tokenOf()}` } })).json()) as {
      diamonds: number;
    }
  ).diamonds;
const modal = () => page.getByTestId('top-up-modal');

async function openCardTab(p: Page = page) {
  await p.goto(`${full.url}/wallet`);
  await p.getByTestId('top-up').click();
  const skip = p.getByTestId('skip-offer');
  await p.getByTestId('top-up-modal').or(skip).first().waitFor({ timeout: 15_000 });
  if (await skip.isVisible()) await skip.click();
  await p.getByRole('tab', { name: 'Card' }).click();
}

describe('card top-up', () => {
  it('without a publishable key says cards are not configured and keeps the sandbox card', async () => {
    await openCardTab();
    await expect
      .poll(
        () =>
          modal()
            .getByTestId('card-not-configured')
            .innerText()
            .catch(() => ''),
        { timeout: 10_000 },
      )
      .toBe('Card payments are not configured on this server. The sandbox card below lets you try a top-up without real money.');
    await page.screenshot({ path: path.join(shots, 'card-top-up-not-configured.png') });
    await modal().getByTestId('card-continue').click();
    await modal().locator('#card-name').waitFor();
    expect(stripe.intents.size).toBe(0);
  });

  it('with a key shows the Payment Element; an incomplete number stays on the form; closing midway charges nothing', async () => {
    querySettings.cardPublishableKey = 'pk_test_local';
    await openCardTab();
    await modal().getByRole('button', { name: /\$50/ }).first().click();
    await modal().getByTestId('card-continue').click();
    await modal().getByTestId('stripe-cardnumber').waitFor({ timeout: 15_000 });
    expect(stripe.intents.size).toBe(1);
    const [intent] = [...stripe.intents.values()];
    expect(intent).toMatchObject({ amount: 5000, currency: 'usd', status: 'requires_payment_method' });
    await page.screenshot({ path: path.join(shots, 'card-top-up-payment-element.png') });
    await modal().getByTestId('card-pay').click();
    await expect
      .poll(
        () =>
          modal()
            .getByTestId('card-form-error')
            .innerText()
            .catch(() => ''),
        { timeout: 10_000 },
      )
      .toBe('Your card number is incomplete.');
    await page.keyboard.press('Escape');
    await modal().waitFor({ state: 'detached' });
    expect([...stripe.intents.values()].map((i) => i.status)).toEqual(['requires_payment_method']);
    expect(await diamonds()).toBe(0);
  }, 300_000);

  it('a declined card shows Payment Failed and credits nothing; a good card is credited by the webhook', async () => {
    await openCardTab();
    await modal().getByTestId('card-continue').click();
    await modal().getByTestId('stripe-cardnumber').waitFor({ timeout: 15_000 });
    await modal().getByTestId('stripe-cardnumber').fill('4000 0000 0000 0002');
    await modal().getByTestId('stripe-exp-date').fill('12 / 34');
    await modal().getByTestId('stripe-cvc').fill('123');
    await modal().getByTestId('card-pay').click();
    const status = page.getByTestId('payment-status');
    await expect
      .poll(
        () =>
          status
            .getByTestId('payment-status-message')
            .innerText()
            .catch(() => ''),
        { timeout: 15_000 },
      )
      .toBe('Your card was declined.');
    expect(await status.getByRole('heading').first().innerText()).toBe('Payment Failed');
    await page.screenshot({ path: path.join(shots, 'card-top-up-declined.png') });
    await status.getByRole('button', { name: 'Try again' }).click();
    expect(await diamonds()).toBe(0);

    await modal().getByTestId('stripe-cardnumber').fill('4242 4242 4242 4242');
    await modal().getByTestId('card-pay').click();
    await expect
      .poll(
        () =>
          page
            .getByTestId('payment-status-message')
            .innerText()
            .catch(() => ''),
        { timeout: 20_000 },
      )
      .toBe('Your diamonds have been added to your wallet.');
    await expect.poll(() => page.getByTestId('wallet-diamonds').innerText(), { timeout: 15_000 }).toBe('1,000');
    await page.screenshot({ path: path.join(shots, 'card-top-up-credited.png') });
    expect(await diamonds()).toBe(1000);
    // One intent per card step: the declined and the good card confirmed the same one.
    expect([...stripe.intents.values()].filter((i) => i.status === 'succeeded')).toHaveLength(1);
  }, 300_000);

  it('says the card form could not be loaded when Stripe.js cannot be reached, at phone width', async () => {
    stripeJsReachable = false;
    await page.setViewportSize({ width: 390, height: 844 });
    await openCardTab();
    await modal().getByTestId('card-continue').click();
    await expect
      .poll(
        () =>
          modal()
            .getByTestId('card-error')
            .innerText()
            .catch(() => ''),
        { timeout: 20_000 },
      )
      .toBe('The card form could not be loaded. Please try again later.');
    await page.screenshot({ path: path.join(shots, 'card-top-up-not-loaded-phone.png') });
    const box = (await modal().boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  });
});
