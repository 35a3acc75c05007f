// A locator's text for `expect.poll` and for checks that something is not shown.
import type { Locator } from 'playwright-core';

/** A locator's text, or '' while it is not on the page. It does not wait for the element: a poll
 * asks again, and Playwright's 30 s wait for one that never comes (an error shown only on failure,
 * a count shown only after one's own vote) held a single check for 30 s. */
export const textOf = async (locator: Locator): Promise<string> =>
  (await locator.count()) === 0 ? '' : locator.innerText({ timeout: 1_000 }).catch(() => '');
