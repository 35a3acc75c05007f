// The sign-in calls (auth/otp, auth/login, auth/login-wallet (EVM and Solana),
// auth/login-via-telegram, user/onboarding) and what a successful sign-in does to the session.
import type { ApiBody } from '@murmur/contracts/api-catalogue';
import type { AuthStateDto, IdentityProviderId, IdentityProvidersDto } from '@murmur/contracts/identity';
import { ApiCallError } from '../api/client.ts';
import { api } from '../api/api.generated.ts';
import { forgetPositions } from '../api/position.ts';
import { clearSession, useSession } from '../api/session.ts';
import { browserWalletTexts } from '@murmur/contracts/account-settings';
import { clearQueries, refreshQueries } from '../state/query.ts';
import { readLocal, writeLocal } from '../state/store.ts';
import { base58, type SolanaProvider } from '../wallet/linkWallet.ts';
import { loginWithProviderAccount, providerAccount } from './identityProviders.ts';
import { isIgnorable } from '../api/ignorableErrors.ts';

/** Spec section 3 "Auth state", as every sign-in answers it (its contracts DTO). */
export type AuthState = AuthStateDto;

function visitorId(): string {
  let id = readLocal('murmur.visitorId');
  if (!id) {
    id = crypto.randomUUID();
    writeLocal('murmur.visitorId', id);
  }
  return id;
}

const REFERRAL_KEY = 'murmur.referralCode';

/** A referral link (`?referralCode=CODE`) is remembered until the visitor signs up with it. */
export function rememberReferralCode(search: string): void {
  const code = new URLSearchParams(search).get('referralCode')?.trim();
  if (code && /^[A-Za-z0-9]{1,64}$/.test(code)) writeLocal(REFERRAL_KEY, code);
}

function context() {
  const id = visitorId();
  const referralCode = readLocal(REFERRAL_KEY);
  return { visitorId: id, deviceInfo: { fingerprint: id, os: 'web' }, ...(referralCode ? { uniqueReferralCode: referralCode } : {}) };
}

async function signedIn(state: AuthState): Promise<AuthState> {
  forgetPositions();
  await clearQueries();
  useSession.getState().setToken(state.token);
  // What is on screen already (the home page's lobbies behind the sign-in modal) is fetched again as
  // the new account: emptied without a fetch, it stayed empty until its own refresh, up to 15 s.
  // Every key starts with ''; swr fetches the mounted ones now and the others when next shown.
  void refreshQueries('');
  return state;
}

export function requestEmailCode(email: string): Promise<unknown> {
  return api.identity.requestOtp({ email }, { quiet: true });
}

/** Texts a code to a mobile number (spec: enter mobile number, then the 6-digit code). */
export function requestMobileCode(mobile: string): Promise<unknown> {
  return api.identity.requestOtp({ mobile }, { quiet: true });
}

export async function loginWithMobile(mobile: string, code: string): Promise<AuthState> {
  return signedIn(await api.identity.login({ ...context(), credentials: { type: 'mobile', mobile, code } }, { quiet: true }));
}

export async function loginWithEmail(email: string, code: string): Promise<AuthState> {
  return signedIn(await api.identity.login({ ...context(), credentials: { type: 'email', email, code } }, { quiet: true }));
}

export async function loginAsGuest(): Promise<AuthState> {
  return signedIn(await api.identity.login({ ...context(), credentials: { type: 'guest' } }, { quiet: true }));
}

export async function loginWithTelegram(initData: string): Promise<AuthState> {
  return signedIn(await api.identity.loginWithTelegram({ ...context(), initData }, { quiet: true }));
}

export interface Eip1193 {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

export function browserWallet(): Eip1193 | null {
  return ((globalThis as { ethereum?: Eip1193 }).ethereum ?? null) as Eip1193 | null;
}

/** Raised when the person closed the wallet's prompt: the flow resets silently (docs/decisions/identity.md). */
export class WalletRejected extends Error {}

/** Connect wallet (the one picked among those announced, else window.ethereum), sign the server's
 * message, then log in (docs/decisions/identity.md). */
export async function loginWithBrowserWallet(chosen?: Eip1193): Promise<AuthState> {
  const wallet = chosen ?? browserWallet();
  if (!wallet) throw new Error('No browser wallet was found. Install one and try again.');
  try {
    const accounts = (await wallet.request({ method: 'eth_requestAccounts' })) as string[];
    const address = accounts[0];
    if (!address) throw new WalletRejected();
    const { message, token } = await api.identity.createSignMessage({ address, type: 'login', environment: 'evm' }, { quiet: true });
    const signature = (await wallet.request({ method: 'personal_sign', params: [message, address] })) as string;
    const state = await fetchWalletLogin({ ...context(), signature, address, type: 'login', environment: 'evm' }, token);
    return signedIn(state);
  } catch (error) {
    if (isIgnorable(error)) throw new WalletRejected();
    throw error;
  }
}

/** A window.solana-style wallet (Phantom's documented injected provider), when the browser has one. */
export function solanaBrowserWallet(): SolanaProvider | null {
  return (globalThis as { solana?: SolanaProvider }).solana ?? null;
}

/** Connect the Solana wallet, sign the server's message (UTF-8 bytes, base58 signature), log in. */
export async function loginWithSolanaWallet(): Promise<AuthState> {
  const wallet = solanaBrowserWallet();
  if (!wallet) throw new Error(browserWalletTexts.noSolanaWallet);
  try {
    const { publicKey } = await wallet.connect();
    const address = publicKey.toBase58?.() ?? publicKey.toString();
    const { message, token } = await api.identity.createSignMessage(
      { address, type: 'login', environment: 'solana-runtime' },
      { quiet: true },
    );
    const signed = await wallet.signMessage(new TextEncoder().encode(message), 'utf8');
    const signature = base58(signed instanceof Uint8Array ? signed : signed.signature);
    return signedIn(await fetchWalletLogin({ ...context(), signature, address, type: 'login', environment: 'solana-runtime' }, token));
  } catch (error) {
    if (isIgnorable(error)) throw new WalletRejected();
    throw error;
  }
}

/** The identity provider's popup, then `auth/login-via-firebase-provider` (ProviderCancelled: nothing to say). */
export async function loginWithProvider(config: IdentityProvidersDto, id: IdentityProviderId): Promise<AuthState> {
  const account = await providerAccount(config, id);
  try {
    return signedIn(await loginWithProviderAccount(account, context()));
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 403) await wipeThisBrowser();
    throw error;
  }
}

/** Spec section 8: a 403 on an identity-provider sign-in (a banned account) wipes local storage,
 * cookies and session, so nothing of the refused account stays in this browser. */
async function wipeThisBrowser(): Promise<void> {
  clearSession(); // its logout hooks empty the query cache and close the socket
  forgetPositions();
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    /* storage blocked: nothing stored either */
  }
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; path=/`;
  }
  // The refresh cookie is httpOnly: only the server can clear it.
  await api.identity.logout({ quiet: true }).catch(() => undefined);
  // The sign-in screen stays open: its provider buttons come back from the server.
  void refreshQueries('/auth/providers');
}

async function fetchWalletLogin(body: ApiBody<'POST /auth/login-wallet'>, signatureSession: string): Promise<AuthState> {
  // The signature session travels in a header (docs/decisions/identity.md); a refused signature is this
  // form's error, not the session's (no refresh, no toast).
  const res = await fetch('/api/v1' + api.identity.loginWithWallet.path(), {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', 'x-signature-session': signatureSession },
    body: JSON.stringify(body),
  });
  const parsed = (await res.json()) as AuthState & { error?: { message: string } };
  if (!res.ok) throw new Error(parsed.error?.message ?? 'Oops, something went wrong. Please try again.');
  return parsed;
}

/** The terms step; its answer carries a token that says it is done (the old one is still refused). */
export async function completeOnboarding(birthday: string, showNSFW: boolean): Promise<void> {
  const answer = await api.identity.finishOnboarding({ acceptTerms: true, birthday, showNSFW }, { quiet: true });
  useSession.getState().setToken(answer.token);
}
