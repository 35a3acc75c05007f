// Browser-test steps of the wallet page shared by the top-up files: the balance as the server
// answers it, the top-up modal opened on its crypto tab, and texts that may not be shown yet.
import type { Page } from 'playwright-core';
import { textOf } from './text-of.ts';

export { textOf } from './text-of.ts';

/** `page` and `baseUrl` are read at each step: test files set them in `beforeAll`. */
export function walletSteps(page: () => Page, baseUrl: () => string) {
  const tokenOf = async () => (await page().evaluate(() => localStorage.getItem('murmur.token')))!;
  const modal = () => page().getByTestId('top-up-modal');
  return {
    modal,
    /** The diamonds the wallet API answers for the page's account. */
    diamonds: async (): Promise<number> => {
      const res = await fetch(`${baseUrl()}/api/v1/wallet/balance`, { headers: { authorization: `Bearer ${await tokenOf()}` } });
      return ((await res.json()) as { diamonds: number }).diamonds;
    },
    /** Opens the top-up modal from /wallet past the first-top-up offer, waiting for `ready` in the crypto tab. */
    openCrypto: async (ready = '#crypto-chain'): Promise<void> => {
      await page().goto(`${baseUrl()}/wallet`);
      await page().getByTestId('top-up').click();
      const skip = page().getByTestId('skip-offer');
      await modal().or(skip).first().waitFor({ timeout: 15_000 });
      if (await skip.isVisible()) await skip.click();
      await modal().locator(ready).waitFor({ timeout: 15_000 });
    },
    statusMessage: () => textOf(page().getByTestId('payment-status-message')),
    /** The wallet page's transaction history rows, as shown. */
    transactions: async (): Promise<string[]> => {
      await page().goto(`${baseUrl()}/wallet`);
      await page().getByTestId('transactions').waitFor({ timeout: 15_000 });
      return page().getByTestId('transaction').allInnerTexts();
    },
  };
}
