// Browser-test steps shared by the e2e files: sign in with an e-mail code read from the dev
// mailbox, sign in as a guest, finish the terms step, and which account a page is signed in to.
import type { Page } from 'playwright-core';

export async function latestCode(baseUrl: string, email: string, after = 0): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${baseUrl}/api/v1/dev/mailbox?email=${encodeURIComponent(email)}`);
    const body = (await res.json()) as { items: Array<{ id: string; text: string; subject: string }> };
    const mail = body.items.find((m) => Number(m.id) > after);
    const code = mail && /\b(\d{6})\b/.exec(`${mail.subject}\n${mail.text}`)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no sign-in code for ${email} in the dev mailbox`);
}

export async function finishTerms(page: Page): Promise<void> {
  const terms = page.getByTestId('terms-step');
  const success = page.getByTestId('login-success');
  await terms.or(success).first().waitFor();
  if (await terms.isVisible()) {
    await page.fill('#birthday', '1990-05-17');
    await page.getByTestId('agree-checkbox').check();
    await page.getByTestId('agree').click();
  }
  await success.waitFor();
  await success.getByRole('button').click();
}

export async function signInWithEmail(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByTestId('sign-in').click();
  await page.getByTestId('login-email').click();
  await page.fill('#login-email-input', email);
  await page.getByTestId('send-code').click();
  await page.locator('#otp-input').waitFor();
  const code = await latestCode(baseUrl, email);
  await page.locator('#otp-input').fill(code);
  await page.getByTestId('verify-code').click();
  await finishTerms(page);
}

export async function signInAsGuest(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByTestId('sign-in').click();
  await page.getByTestId('login-guest').click();
  await finishTerms(page);
}

/** The signed-in account of a page, as the server answers `user/me` with the page's token. */
export function me(page: Page): Promise<{ uid: string }> {
  return page.evaluate(async () =>
    (await fetch('/api/v1/user/me', { headers: { authorization: `Bearer ${localStorage.getItem('murmur.token')}` } })).json(),
  );
}

/** The account a page's access token is for (its subject), without asking the server. */
export function uidOf(page: Page): Promise<string> {
  return page.evaluate(
    () => JSON.parse(atob(localStorage.getItem('murmur.token')!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).sub as string,
  );
}
