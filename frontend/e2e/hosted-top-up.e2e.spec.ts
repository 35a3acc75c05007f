// In Chromium: the hosted checkouts against local fakes of the providers (the real
// adapters talk to them over HTTP; their pages are what the user sees). A web-payment order
// completes through its popup: the approval page, "Pay now", the return page captures on the
// server and closes, the wallet shows the credit. A user whose profile country is PH sees the
// GCash / Maya tab first, is sent to the wallet's authorisation page, and comes back credited in
// PHP at the rate fixed on the charge; a declined one comes back with the failure and no credit.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayMongoEWallet } from '../../command-api/src/payments/paymongo-ewallet.ts';
import { PayPalWebPayment } from '../../command-api/src/payments/paypal-web-payment.ts';
import { launchBrowser } from '../../test-support/browser.ts';
import { startEWalletServer, type EWalletServer } from '../../test-support/ewallet-server.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { startWebPaymentServer, type WebPaymentServer } from '../../test-support/web-payment-server.ts';
import { signInWithEmail } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
let webpay: WebPaymentServer;
let ewallet: EWalletServer;
let full: FullStack;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [webpay, ewallet] = await Promise.all([startWebPaymentServer(), startEWalletServer()]);
  const config = {
    depositAddress: null,
    tokens: [],
    confirmations: 3,
    sandboxEnabled: true,
    phpPerUsd: 58.82,
    orderTtlMinutes: 30,
    ewalletRegions: ['PH'],
  };
  const webpaySettings = { apiUrl: webpay.url, clientId: webpay.clientId, clientSecret: webpay.clientSecret, webhookId: webpay.webhookId };
  const ewalletSettings = { apiUrl: ewallet.url, secretKey: ewallet.secretKey, webhookSecret: ewallet.webhookSecret };
  [full, browser] = await Promise.all([
    startFullStack({
      payments: {
        command: {
          card: null,
          chain: null,
          webpay: new PayPalWebPayment(webpaySettings),
          ewallet: new PayMongoEWallet(ewalletSettings),
          config,
        },
        query: { ...config, chainRpcUrls: {}, stripe: null, cardPublishableKey: null, webpay: webpaySettings, ewallet: ewalletSettings },
      },
    }),
    launchBrowser(),
  ]);
  // The providers' dashboards would point their notifications at our routes.
  webpay.webhookUrl = `${full.url}/api/v1/payment/webpay/webhook`;
  ewallet.webhookUrl = `${full.url}/api/v1/payment/ewallet/webhook`;
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await full?.stop();
  await Promise.all([webpay?.stop(), ewallet?.stop()]);
});

const tokenOf = async (page: Page) => (await page.evaluate(() => localStorage.getItem('murmur.token')))!;
const diamonds = async (page: Page) =>
  (
    (await (await fetch(`${full.url}/api/v1/wallet/balance`, { headers: { authorization: `Bearer ${await tokenOf(page)}` } })).json()) as {
      diamonds: number;
    }
  ).diamonds;

async function openTopUp(page: Page) {
  await page.goto(`${full.url}/wallet`);
  await page.getByTestId('top-up').click();
  const skip = page.getByTestId('skip-offer');
  await page.getByTestId('top-up-modal').or(skip).first().waitFor({ timeout: 15_000 });
  if (await skip.isVisible()) await skip.click();
  return page.getByTestId('top-up-modal');
}

describe('hosted checkouts', () => {
  it('completes a web-payment order through its popup', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInWithEmail(page, full.url, 'webpay-topup@example.com');
    const modal = await openTopUp(page);
    // Not in the PH region: the crypto wallet tab first, as docs/decisions/payments.md says.
    expect(await modal.getByRole('tab', { selected: true }).innerText()).toBe('Crypto wallet');
    await modal.getByRole('tab', { name: 'Web payment' }).click();
    await modal.getByRole('button', { name: /\$50/ }).first().click();
    const [popup] = await Promise.all([context.waitForEvent('page'), modal.getByTestId('webpay-pay').click()]);
    await popup.getByTestId('webpay-approve').waitFor({ timeout: 15_000 });
    expect(await popup.getByTestId('webpay-amount').innerText()).toBe('$50.00 USD');
    await expect
      .poll(
        () =>
          page
            .getByTestId('payment-status-message')
            .innerText()
            .catch(() => ''),
        { timeout: 10_000 },
      )
      .toBe('Approve the payment in the window that opened. Your diamonds arrive as soon as the provider confirms it.');
    await popup.setViewportSize({ width: 480, height: 640 });
    await popup.screenshot({ path: path.join(shots, 'web-payment-approval-popup.png') });
    await page.screenshot({ path: path.join(shots, 'web-payment-waiting.png') });
    expect(await diamonds(page)).toBe(0);
    await popup.getByTestId('webpay-approve').click();
    // The return page captures on the server, says so and closes itself.
    await popup.waitForEvent('close', { timeout: 20_000 });
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
    await expect.poll(() => page.getByTestId('wallet-diamonds').innerText(), { timeout: 15_000 }).toBe('5,000');
    await page.screenshot({ path: path.join(shots, 'web-payment-credited.png') });
    expect(await diamonds(page)).toBe(5000);
    const [order] = [...webpay.orders.values()];
    expect(order).toMatchObject({ status: 'COMPLETED', amount: { currency_code: 'USD', value: '50.00' } });

    // Cancelled on the approval page: the popup says so and closes; nothing is captured or credited.
    await page.getByTestId('payment-status').getByRole('button', { name: 'Done' }).click();
    const again = await openTopUp(page);
    await again.getByRole('tab', { name: 'Web payment' }).click();
    const [cancelPopup] = await Promise.all([context.waitForEvent('page'), again.getByTestId('webpay-pay').click()]);
    await cancelPopup.getByTestId('webpay-cancel').click();
    await expect
      .poll(
        () =>
          cancelPopup
            .getByTestId('payment-return-message')
            .innerText()
            .catch(() => ''),
        { timeout: 15_000 },
      )
      .toBe('The payment was not approved. Nothing was charged.');
    await cancelPopup.waitForEvent('close', { timeout: 15_000 });
    await expect
      .poll(
        () =>
          page
            .getByTestId('payment-status-message')
            .innerText()
            .catch(() => ''),
        { timeout: 15_000 },
      )
      .toBe('The payment was not approved. Nothing was charged.');
    expect(await page.getByTestId('payment-status').getByRole('heading').first().innerText()).toBe('Payment Failed');
    await page.screenshot({ path: path.join(shots, 'web-payment-cancelled.png') });
    expect(await diamonds(page)).toBe(5000);
    expect([...webpay.orders.values()].map((o) => o.status)).toEqual(['COMPLETED', 'PAYER_ACTION_REQUIRED']);
    await context.close();
  }, 300_000);

  it("a PH user sees GCash / Maya first and tops up through the wallet's authorisation page", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signInWithEmail(page, full.url, 'ph-topup@example.com');
    const saved = await fetch(`${full.url}/api/v1/user/profile/details`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${await tokenOf(page)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ address: { country: 'PH' } }),
    });
    expect(saved.status).toBe(200);
    const modal = await openTopUp(page);
    await expect.poll(() => modal.getByRole('tab', { selected: true }).innerText(), { timeout: 10_000 }).toBe('GCash / Maya');
    expect(await modal.getByRole('tab').first().innerText()).toBe('GCash / Maya');
    await modal.getByTestId('ewallet-gcash').click();
    expect(await modal.getByTestId('ewallet-summary').innerText()).toContain('You pay ₱588.20 (1 USD = ₱58.82, fixed for this payment).');
    await page.screenshot({ path: path.join(shots, 'ewallet-tab-ph.png') });
    await modal.getByTestId('ewallet-pay').click();
    // Sent to GCash (the aggregator's page) in this tab.
    await page.getByTestId('ewallet-authorise').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('ewallet-amount').innerText()).toBe('₱588.20');
    await page.screenshot({ path: path.join(shots, 'ewallet-authorise.png') });
    await page.getByTestId('ewallet-authorise').click();
    // Back on the wallet: credited, at the rate fixed on the charge.
    await page.waitForURL(`${full.url}/wallet`, { timeout: 20_000 });
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
    await page.screenshot({ path: path.join(shots, 'ewallet-credited.png') });
    const session = [...ewallet.sessions.values()].at(-1)!;
    expect(session.attributes).toMatchObject({ payment_method_types: ['gcash'], line_items: [{ amount: 58820, currency: 'PHP' }] });

    // A declined authorisation comes back failed, with nothing credited.
    await page.getByTestId('payment-status').getByRole('button', { name: 'Done' }).click();
    const again = await openTopUp(page);
    await again.getByTestId('ewallet-maya').click();
    await again.getByTestId('ewallet-pay').click();
    await page.getByTestId('ewallet-decline').click();
    await page.waitForURL(`${full.url}/wallet`, { timeout: 20_000 });
    await expect
      .poll(
        () =>
          page
            .getByTestId('payment-status-message')
            .innerText()
            .catch(() => ''),
        { timeout: 20_000 },
      )
      .toBe('The e-wallet declined the payment.');
    expect(await page.getByTestId('payment-status').getByRole('heading').first().innerText()).toBe('Payment Failed');
    await page.screenshot({ path: path.join(shots, 'ewallet-declined.png') });
    expect(await diamonds(page)).toBe(1000);
    await context.close();
  }, 300_000);
});
