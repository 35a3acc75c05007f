// Page errors reported by the web app's Sentry SDK: with a DSN they reach (a local server shaped
// like) Sentry's ingest; in the demo without a DSN they land in the local sink, shown on the dev
// errors page, and no request leaves the app's origin.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { startSentryIngest, type SentryIngest } from '../../test-support/sentry-ingest.ts';

let withDsn: FullStack;
let demo: FullStack;
let ingest: SentryIngest;
let browser: Browser;

beforeAll(async () => {
  ingest = await startSentryIngest();
  [withDsn, demo, browser] = await Promise.all([
    startFullStack({ queryOverrides: { clientErrorReporting: { dsn: ingest.dsn, environment: 'e2e', tunnel: null } } }),
    startFullStack(),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([withDsn?.stop(), demo?.stop()]);
  await ingest?.close();
});

/** Throws from a timer in the page, as a broken handler would, until `arrived` says it was reported
 * (the SDK loads after the page, so the first throws may come before it listens). */
async function throwUntilReported(page: Page, message: string, arrived: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    await page.evaluate(
      (m) =>
        void setTimeout(() => {
          throw new Error(m);
        }, 0),
      message,
    );
    for (let i = 0; i < 10; i++) {
      if (await arrived()) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${message} was not reported`);
}

describe('page errors', () => {
  it('reach the DSN ingest with the page they happened on', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(`${withDsn.url}/wallet`);
    await page.getByTestId('sign-in').or(page.getByTestId('account-menu')).first().waitFor();
    await throwUntilReported(page, 'page boom', async () =>
      ingest.events.some((e) => e.event.exception?.values?.at(-1)?.value === 'page boom'),
    );
    const { event } = await ingest.waitFor((e) => e.event.exception?.values?.at(-1)?.value === 'page boom');
    expect(event).toMatchObject({ environment: 'e2e', platform: 'javascript' });
    expect(event.request.url).toContain('/');
  });

  it('stay on this machine in the demo without a DSN: the dev errors page shows what would have been sent', async () => {
    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    const elsewhere: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(demo.url) && !r.url().startsWith('data:')) elsewhere.push(r.url());
    });
    await page.goto(`${demo.url}/`);
    await page.getByTestId('sign-in').waitFor();
    const sent = ingest.envelopes;
    await throwUntilReported(page, 'demo page boom', async () => {
      const res = await fetch(`${demo.url}/api/v1/dev/errors`);
      const body = (await res.json()) as { items: Array<{ event: { exception?: { values?: Array<{ value?: string }> } } }> };
      return body.items.some((i) => i.event.exception?.values?.at(-1)?.value === 'demo page boom');
    });
    const devPage = await page.context().newPage();
    await devPage.goto(`${demo.url}/api/v1/dev/errors.html`);
    await devPage.getByText('Error: demo page boom').first().waitFor();
    await devPage.screenshot({ path: '/tmp/h7/dev-errors-phone.png' });
    await devPage.setViewportSize({ width: 1280, height: 800 });
    await devPage.screenshot({ path: '/tmp/h7/dev-errors-desktop.png' });
    expect(elsewhere).toEqual([]);
    expect(ingest.envelopes).toBe(sent);
  });
});
