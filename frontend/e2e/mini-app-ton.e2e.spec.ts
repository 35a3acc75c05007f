// In Chromium: the mini-app pays with TON through TON Connect (the bundled
// @tonconnect/ui-react) against the fake chain behind the TON API port. Opened as Telegram opens
// it, with a TON wallet injected the way wallets inject their TON Connect bridge (the one Telegram
// embeds connects at once). The transfer the wallet sends lands on the fake chain; the page waits
// for its confirmations, and only then does the server credit it, once.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sign } from '@tma.js/init-data-node';
import { Address } from '@ton/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BOT_TOKEN } from '../../command-api/src/identity/config.ts';
import { ToncenterTonChain } from '../../command-api/src/payments/toncenter-ton-chain.ts';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { commentOf, newTonAddress, startTonChainServer, type TonChainServer } from '../../test-support/ton-chain-server.ts';
import { tonWalletStandIn } from '../../test-support/ton-wallet-stand-in.ts';
import { finishTerms } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
let chain: TonChainServer;
let full: FullStack;
let browser: Browser;

function launchHash(initData: string): string {
  const theme = {
    bg_color: '#17212b',
    secondary_bg_color: '#232e3c',
    text_color: '#f5f5f5',
    hint_color: '#708499',
    button_color: '#5288c1',
    button_text_color: '#ffffff',
  };
  return `#${new URLSearchParams([
    ['tgWebAppData', initData],
    ['tgWebAppVersion', '8.0'],
    ['tgWebAppPlatform', 'android'],
    ['tgWebAppThemeParams', JSON.stringify(theme)],
  ]).toString()}`;
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  chain = await startTonChainServer();
  const ton = { address: chain.depositAddress, apiUrl: chain.apiUrl, apiKey: null, tonPerUsd: 0.2, confirmations: 2 };
  const config = { depositAddress: null, tokens: [], confirmations: 3, sandboxEnabled: true, orderTtlMinutes: 30, ton };
  [full, browser] = await Promise.all([
    startFullStack({
      payments: {
        command: { card: null, chain: null, ton: new ToncenterTonChain(ton), config },
        query: { ...config, chainRpcUrls: {}, stripe: null, cardPublishableKey: null },
      },
    }),
    launchBrowser(),
  ]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await full?.stop();
  await chain?.stop();
});

const token = (page: Page) => page.evaluate(() => localStorage.getItem('murmur.token'));
const diamonds = async (page: Page) =>
  (
    (await (await fetch(`${full.url}/api/v1/wallet/balance`, { headers: { authorization: `Bearer ${await token(page)}` } })).json()) as {
      diamonds: number;
    }
  ).diamonds;

describe('TON in the mini-app', () => {
  it('pays with TON Connect and is credited once the chain has confirmed the transfer', async () => {
    const walletAddress = Address.parse(newTonAddress()).toRawString();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    // TON Connect's wallets list (config.ton.org) is on the internet: the test serves it, naming
    // the test wallet and its JS bridge key, as the real list names Tonkeeper's and the others'.
    const walletsList = [
      {
        app_name: 'murmurtestwallet',
        name: 'Test Wallet',
        image: `${full.url}/favicon.svg`,
        about_url: 'https://example.com',
        platforms: ['android', 'chrome'],
        bridge: [{ type: 'js', key: 'murmurtestwallet' }],
        features: [{ name: 'SendTransaction', maxMessages: 4 }],
      },
    ];
    await context.route('https://config.ton.org/**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(walletsList) }),
    );
    await context.addInitScript(() => {
      (window as unknown as { TelegramWebviewProxy: unknown }).TelegramWebviewProxy = { postEvent: () => undefined };
      localStorage.setItem('murmur.mobileNoticeSeen', '1');
      localStorage.setItem('murmur.miniAppTutorialSeen', '1');
    });
    await context.addInitScript({ content: tonWalletStandIn(chain.apiUrl.replace(/\/api\/v3$/, ''), walletAddress) });
    const page = await context.newPage();
    const initData = sign(
      {
        user: { id: 5552201 + Math.floor(Math.random() * 1000), first_name: 'Tina', username: 'tina_ton' },
        query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
        chat_type: 'sender',
        chat_instance: '8428209589180549439',
      } as never,
      DEMO_BOT_TOKEN,
      new Date(),
    );
    await page.goto(`${full.url}/mini-app${launchHash(initData)}`);
    await finishTerms(page);
    const card = page.getByTestId('ton-top-up');
    await card.waitFor({ timeout: 20_000 });
    expect(await card.getByTestId('ton-quote').innerText()).toBe(
      '1,000 Diamonds. You pay 2 TON (1 USD = 0.2 TON, fixed for this payment).',
    );

    // Connect: the wallet Telegram embeds connects without TON Connect's list.
    await card.getByTestId('ton-pay').click();
    await card.getByTestId('ton-wallet').waitFor({ timeout: 15_000 });
    await card.getByTestId('ton-amount-50').click();
    expect(await card.getByTestId('ton-pay').innerText()).toBe('Pay 10 TON');
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, 'mini-app-ton-connected.png') });

    await card.getByTestId('ton-pay').click();
    // The wallet sent the transfer; the chain has not confirmed it yet, so nothing is credited.
    await expect.poll(() => chain.transactions.length, { timeout: 15_000 }).toBe(1);
    const [tx] = chain.transactions;
    const sent = (
      await page.evaluate(
        () =>
          (window as unknown as { __tonSent: Array<{ messages: Array<{ address: string; amount: string; payload: string }> }> }).__tonSent,
      )
    )[0]!;
    expect(sent.messages[0]).toMatchObject({ address: chain.depositAddress, amount: '10000000000' });
    expect(tx!.comment).toBe(commentOf(sent.messages[0]!.payload));
    expect(tx!.comment).toMatch(/^ton-[0-9a-f]{32}$/);
    await expect
      .poll(
        () =>
          card
            .getByTestId('ton-status')
            .innerText()
            .catch(() => ''),
        { timeout: 15_000 },
      )
      .toMatch(/Waiting for the TON network|confirmations/);
    await page.screenshot({ path: path.join(shots, 'mini-app-ton-confirming.png') });
    expect(await diamonds(page)).toBe(0);

    chain.mine(1);
    await expect
      .poll(
        () =>
          card
            .getByTestId('ton-status')
            .innerText()
            .catch(() => ''),
        { timeout: 15_000 },
      )
      .toBe('Transfer found: 1 of 2 confirmations.');
    expect(await diamonds(page)).toBe(0);
    chain.mine(1);
    await expect
      .poll(
        () =>
          card
            .getByTestId('ton-status')
            .innerText()
            .catch(() => ''),
        { timeout: 15_000 },
      )
      .toBe('Top-up credited.');
    await expect.poll(() => page.getByTestId('mini-balance').innerText(), { timeout: 15_000 }).toBe('5,000');
    await page.screenshot({ path: path.join(shots, 'mini-app-ton-credited.png') });
    expect(await diamonds(page)).toBe(5000);
    // The same transaction reported again credits nothing more.
    const again = await fetch(`${full.url}/api/v1/payment/ton/confirm`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await token(page)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ transactionId: tx!.comment }),
    });
    expect(((await again.json()) as { status: string }).status).toBe('succeeded');
    expect(await diamonds(page)).toBe(5000);
    await context.close();
  }, 300_000);
});
