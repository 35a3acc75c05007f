// In the wallet. 6: the crypto tab shows the deposit address of the chosen
// network, with a QR code and a copy button. 7: the history reads as words: one line per top-up
// (never a second "+100 USD"), "Diamonds" and "Charm", thousands separators, a gift's name and the
// people it went to or came from; no internal codes.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { signInWithEmail } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
let full: FullStack;
let browser: Browser;
let amy: Page;
let bob: Page;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  [full, browser] = await Promise.all([startFullStack(), launchBrowser()]);
  amy = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  bob = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signInWithEmail(amy, full.url, 'amy-words@example.com');
  await signInWithEmail(bob, full.url, 'bob-words@example.com');
});

afterAll(async () => {
  await browser?.close();
  await full?.stop();
});

const tokenOf = async (page: Page) => (await page.evaluate(() => localStorage.getItem('murmur.token')))!;
async function me(page: Page): Promise<{ uid: string; username: string }> {
  const res = await fetch(`${full.url}/api/v1/user/me`, { headers: { authorization: `Bearer ${await tokenOf(page)}` } });
  return (await res.json()) as { uid: string; username: string };
}
const rows = async (page: Page) => (await page.getByTestId('transaction').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());

describe('the wallet in words', () => {
  it('shows the deposit address of the chosen network with a QR code and a copy button', async () => {
    await amy.goto(`${full.url}/wallet`);
    await amy.getByTestId('top-up').click();
    const offer = amy.getByTestId('skip-offer');
    if (await offer.isVisible().catch(() => false)) await offer.click();
    const deposit = amy.getByTestId('deposit-address');
    await deposit.waitFor({ timeout: 10_000 });
    expect(await deposit.innerText()).toContain('Send USDT on Ethereum to');
    expect(await amy.getByTestId('deposit-address-value').innerText()).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await expect
      .poll(() => amy.getByTestId('deposit-qr').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        timeout: 10_000,
      })
      .toBe(true);
    await amy.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: full.url });
    await amy.getByTestId('copy-deposit-address').click();
    await amy.getByText('Address copied').waitFor({ timeout: 5_000 });
    await amy.selectOption('#crypto-chain', { label: 'Polygon' });
    expect(await deposit.innerText()).toContain('on Polygon');
    await amy.screenshot({ path: path.join(shots, 'wallet-crypto-deposit.png') });
    // Closed with its cross: Escape would first dismiss the "Address copied" toast (the top layer).
    await amy.getByTestId('top-up-modal').getByRole('button', { name: 'Close', exact: true }).click();
    await amy.getByTestId('top-up-modal').waitFor({ state: 'detached' });
  });

  it('words top-ups, gifts and their people', async () => {
    // A 100 USD top-up through the sandbox card.
    await amy.getByTestId('top-up').click();
    const offer = amy.getByTestId('skip-offer');
    if (await offer.isVisible().catch(() => false)) await offer.click();
    await amy.getByRole('tab', { name: 'Card' }).click();
    await amy.getByRole('button', { name: /\$100/ }).first().click();
    await amy.getByTestId('card-continue').click();
    await amy.fill('#card-name', 'Amy Words');
    await amy.fill('#card-email', 'amy-words@example.com');
    await amy.getByTestId('card-pay').click();
    await expect
      .poll(() => amy.getByTestId('payment-status-message').innerText(), { timeout: 15_000 })
      .toBe('Your diamonds have been added to your wallet.');
    await amy.getByTestId('payment-status').getByRole('button', { name: 'Done' }).click();

    // 10 roses to Bob, from Amy's account.
    const bobMe = await me(bob);
    const sent = await fetch(`${full.url}/api/v1/gifting/send-gift`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await tokenOf(amy)}`, 'content-type': 'application/json', 'idempotency-key': 'words-gift-1' },
      body: JSON.stringify({ giftName: 'rose', quantity: 10, recipients: [bobMe.uid] }),
    });
    expect(sent.status).toBe(201);
    // The gift was sent outside the page, which so does not know its position: the reload must come
    // after the history has it (a busy machine's projection lags), as the app's own sends ensure.
    const { position } = (await sent.json()) as { position: string };
    await expect
      .poll(
        async () => {
          const res = await fetch(`${full.url}/api/v1/transaction/me`, {
            headers: { authorization: `Bearer ${await tokenOf(amy)}`, 'x-min-position': position },
          });
          return res.headers.get('x-stale');
        },
        { timeout: 30_000 },
      )
      .not.toBe('true');

    await amy.reload();
    await expect.poll(async () => (await rows(amy)).length, { timeout: 15_000 }).toBe(2);
    const amyRows = await rows(amy);
    expect(amyRows[0]).toContain('Gift sent');
    expect(amyRows[0]).toContain(`10 × Rose to ${bobMe.username}`);
    expect(amyRows[0]).toContain('−100 Diamonds');
    expect(amyRows[1]).toContain('Top-up');
    expect(amyRows[1]).toContain('$100.00 paid by card for 10,000 Diamonds');
    expect(amyRows[1]).toContain('+10,000 Diamonds');
    for (const r of amyRows) expect(r).not.toMatch(/\(|DMND|CHRM|_|\bUSD\b/);
    await amy.screenshot({ path: path.join(shots, 'wallet-history-words.png') });

    const amyMe = await me(amy);
    await bob.goto(`${full.url}/wallet`);
    await expect.poll(async () => (await rows(bob)).length, { timeout: 15_000 }).toBe(1);
    const [bobRow] = await rows(bob);
    expect(bobRow).toContain(`Gift received`);
    expect(bobRow).toContain(`10 × Rose from ${amyMe.username}`);
    expect(bobRow).toContain('+50 Charm');
  });
});
