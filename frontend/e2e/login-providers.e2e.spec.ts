// The two identity providers on the login modal and in the settings.
// The app loads the identity service's web SDK from its CDN (firebase-app.js, firebase-auth.js);
// that CDN cannot be reached here, so the test serves a stand-in of those two modules at their own
// URL (as the card tests do with Stripe.js): its signInWithPopup answers with an ID token signed by
// a local identity provider whose key set the server fetches (test-support/identity-provider.ts), so
// the server's real verification runs. A closed popup says nothing; sign-up with Google goes through
// the terms step; X is linked in the settings and unlinked again, across reloads.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_IDP_SDK_URL } from '../../query-api/src/identity/providers.ts';
import { launchBrowser } from '../../test-support/browser.ts';
import { startFullStack, type FullStack } from '../../test-support/full-stack.ts';
import { startLocalIdentityProvider, type LocalIdentityProvider } from '../../test-support/identity-provider.ts';
import { finishTerms, uidOf } from './session.ts';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
let full: FullStack;
let idp: LocalIdentityProvider;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Gina's account, as the first browser knew it. */
let ginaUid: string | undefined;
/** What the provider's popup does next: sign the person in, or get closed. */
let popup: 'sign' | 'close' = 'sign';
const accounts: Record<string, { sub: string; email?: string; name: string }> = {
  'google.com': { sub: 'google-sub-gina', email: 'gina@example.com', name: 'Gina' },
  'twitter.com': { sub: 'x-sub-gina', name: 'gina_x' },
};

/** The two SDK modules, reduced to what the app calls; the popup's answer comes from the test. */
const appModule = `
const apps = [];
export function initializeApp(options, name = '[DEFAULT]') { const app = { name, options }; apps.push(app); return app; }
export function getApps() { return apps.slice(); }
export function getApp(name = '[DEFAULT]') { const app = apps.find((a) => a.name === name); if (!app) throw Object.assign(new Error('no app'), { code: 'app/no-app' }); return app; }
`;
const authModule = `
export class GoogleAuthProvider { constructor() { this.providerId = 'google.com'; } }
export class TwitterAuthProvider { constructor() { this.providerId = 'twitter.com'; } }
export function getAuth(app) { return { app }; }
export async function signInWithPopup(auth, provider) {
  const r = await window.__idpPopup(provider.providerId, auth.app.options.projectId);
  if (r.code) throw Object.assign(new Error('Firebase: Error (' + r.code + ').'), { code: r.code });
  return { user: { getIdToken: async () => r.idToken, displayName: r.name, email: r.email ?? null } };
}
`;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  idp = await startLocalIdentityProvider('murmur-e2e');
  [full, browser] = await Promise.all([
    startFullStack({
      identityEnv: { IDP_ISSUER: idp.issuer, IDP_AUDIENCE: idp.audience, IDP_JWKS_URL: idp.jwksUrl },
      queryOverrides: {
        identityProviders: {
          providers: [
            { id: 'google.com', name: 'Google' },
            { id: 'twitter.com', name: 'X' },
          ],
          mobile: false,
          walletConnect: null,
          web: { apiKey: 'e2e-public-key', authDomain: 'murmur-e2e.firebaseapp.com', projectId: idp.audience, sdkUrl: DEFAULT_IDP_SDK_URL },
        },
      },
    }),
    launchBrowser(),
  ]);
  context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  context.setDefaultNavigationTimeout(90_000);
  context.setDefaultTimeout(60_000);
  for (const [file, body] of [
    ['firebase-app.js', appModule],
    ['firebase-auth.js', authModule],
  ] as const) {
    await context.route(`${DEFAULT_IDP_SDK_URL}/${file}`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', headers: { 'access-control-allow-origin': '*' }, body }),
    );
  }
  await context.exposeFunction('__idpPopup', async (providerId: string, projectId: string) => {
    if (popup === 'close') return { code: 'auth/popup-closed-by-user' };
    const who = accounts[providerId]!;
    expect(projectId).toBe(idp.audience);
    const idToken = await idp.idToken(who.sub, {
      firebase: { sign_in_provider: providerId },
      name: who.name,
      ...(who.email ? { email: who.email, email_verified: true } : {}),
    });
    return { idToken, name: who.name, email: who.email };
  });
  page = await context.newPage();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await full?.stop();
  await idp?.close();
});

const token = () => page.evaluate(() => localStorage.getItem('murmur.token'));
const linkedRow = (provider: string) => page.getByTestId('linked-account').filter({ hasText: `Signed in with ${provider}` });

describe('identity providers', () => {
  it('offers both providers on the login modal; a closed popup says nothing', async () => {
    await page.goto(`${full.url}/`);
    await page.getByTestId('sign-in').click();
    await page.getByTestId('login-provider-google').waitFor();
    expect(await page.getByTestId('login-provider-twitter').innerText()).toContain('Continue with X');
    // No WalletConnect project id here: no WalletConnect button (walletconnect.e2e.spec.ts has one).
    expect(await page.getByTestId('login-walletconnect').count()).toBe(0);
    await page.getByTestId('login-modal').screenshot({ path: path.join(shots, 'login-modal-providers.png') });
    popup = 'close';
    await page.getByTestId('login-provider-google').click();
    await expect.poll(() => page.getByTestId('login-provider-google').isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByTestId('login-error').count()).toBe(0);
    expect(await token()).toBeNull();
    popup = 'sign';
  });

  it('signs up with Google (terms step) and stays signed in after a reload', async () => {
    await page.getByTestId('login-provider-google').click();
    await page.getByTestId('terms-step').waitFor({ timeout: 20_000 });
    await finishTerms(page);
    expect(await token()).not.toBeNull();
    await page.reload();
    await page.getByTestId('account-menu').waitFor();
    expect(await page.getByTestId('sign-in').count()).toBe(0);
  });

  it('links X in the settings; it stays after a reload; unlinking it brings the button back', async () => {
    await page.goto(`${full.url}/settings`);
    await linkedRow('Google').waitFor({ timeout: 20_000 });
    // Google is linked: only X is offered.
    expect(await page.getByTestId('link-provider-google').count()).toBe(0);
    popup = 'close';
    await page.getByTestId('link-provider-twitter').click();
    await expect.poll(() => page.getByTestId('link-provider-twitter').isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await page.getByTestId('link-provider-error').count()).toBe(0);
    popup = 'sign';
    await page.getByTestId('link-provider-twitter').click();
    await linkedRow('X').waitFor({ timeout: 20_000 });
    await page.reload();
    await linkedRow('X').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('link-provider-twitter').count()).toBe(0);
    await page.locator('section[aria-labelledby="linked-title"]').screenshot({ path: path.join(shots, 'settings-providers-linked.png') });

    await linkedRow('X').getByRole('button', { name: 'Unlink' }).click();
    await linkedRow('X').waitFor({ state: 'detached', timeout: 20_000 });
    await page.reload();
    await page.getByTestId('link-provider-twitter').waitFor({ timeout: 20_000 });
    expect(await linkedRow('X').count()).toBe(0);
    expect(await linkedRow('Google').count()).toBe(1);
  });

  it('a second browser signing in with the same Google account reaches the same account', async () => {
    const first = await uidOf(page);
    expect(first).toMatch(/\S/);
    ginaUid = first;
    const other = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    for (const [file, body] of [
      ['firebase-app.js', appModule],
      ['firebase-auth.js', authModule],
    ] as const) {
      await other.route(`${DEFAULT_IDP_SDK_URL}/${file}`, (route) =>
        route.fulfill({ status: 200, contentType: 'text/javascript', headers: { 'access-control-allow-origin': '*' }, body }),
      );
    }
    await other.exposeFunction('__idpPopup', async (providerId: string) => {
      const who = accounts[providerId]!;
      return {
        idToken: await idp.idToken(who.sub, {
          firebase: { sign_in_provider: providerId },
          name: who.name,
          ...(who.email ? { email: who.email, email_verified: true } : {}),
        }),
        name: who.name,
        email: who.email,
      };
    });
    const second = await other.newPage();
    await second.goto(`${full.url}/`);
    await second.getByTestId('sign-in').click();
    await second.getByTestId('login-provider-google').click();
    await second.getByTestId('login-success').waitFor({ timeout: 20_000 });
    expect(await uidOf(second)).toBe(first);
    await other.close();
  });

  it("a banned account's Google sign-in is refused with the text and wipes this browser's storage", async () => {
    // Read before the second browser's sign-in replaced this page's session.
    const gina = ginaUid!;
    const root = await full.stack.tokenFor('root-operator', ['co', 'ad']);
    const banned = await full.stack.api(`/admin/users/${gina}/ban`, {
      method: 'POST',
      token: root,
      body: { banned: true, reason: 'e2e', durationHours: 24 },
    });
    expect(banned.status).toBe(200);

    const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
    for (const [file, body] of [
      ['firebase-app.js', appModule],
      ['firebase-auth.js', authModule],
    ] as const) {
      await other.route(`${DEFAULT_IDP_SDK_URL}/${file}`, (route) =>
        route.fulfill({ status: 200, contentType: 'text/javascript', headers: { 'access-control-allow-origin': '*' }, body }),
      );
    }
    await other.exposeFunction('__idpPopup', async (providerId: string) => {
      const who = accounts[providerId]!;
      return {
        idToken: await idp.idToken(who.sub, {
          firebase: { sign_in_provider: providerId },
          name: who.name,
          ...(who.email ? { email: who.email, email_verified: true } : {}),
        }),
        name: who.name,
        email: who.email,
      };
    });
    const shared = await other.newPage();
    await shared.goto(`${full.url}/`);
    // What an earlier visit left in this browser (a theme, a remembered referral code).
    await shared.evaluate(() => {
      localStorage.setItem('murmur.theme', 'light');
      localStorage.setItem('murmur.referralCode', 'LEFTOVER');
    });
    await shared.getByTestId('sign-in').click();
    await shared.getByTestId('login-provider-google').click();
    await shared.getByText('Your account is banned.').first().waitFor({ timeout: 20_000 });
    await expect
      .poll(() => shared.evaluate(() => Object.keys(localStorage).filter((k) => k !== 'murmur.visitorId')), { timeout: 10_000 })
      .toEqual([]);
    expect(await shared.evaluate(() => localStorage.getItem('murmur.token'))).toBeNull();
    // The sign-in screen is still usable: the provider buttons are back.
    await shared.getByTestId('login-provider-google').waitFor({ timeout: 10_000 });
    await shared.screenshot({ path: path.join(shots, 'login-provider-banned-phone.png') });
    await other.close();
  });
});
