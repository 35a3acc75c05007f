// Sign-in with the two identity providers (docs/decisions/identity.md: a search company's and a microblogging
// service's), through the identity service's own web SDK loaded from its CDN, as its docs show
// (firebase-app.js + firebase-auth.js, signInWithPopup). The popup returns the provider's account;
// its ID token goes to `auth/login-via-firebase-provider` (sign-in) or `user/credentials/
// link-provider` (settings), where the server verifies it against the provider's key set.
// A closed or cancelled popup says nothing (docs/decisions/identity.md).
import { formatText } from '@murmur/contracts/errors';
import type { AuthStateDto, IdentityProviderId, IdentityProvidersDto } from '@murmur/contracts/identity';
import { identityTexts } from '@murmur/contracts/identity';
import { api } from '../api/api.generated.ts';
import { useQuery } from '../state/query.ts';
import { isIgnorable } from '../api/ignorableErrors.ts';

/** The part of firebase-auth.js this app uses. */
interface AuthSdk {
  getAuth(app: unknown): unknown;
  GoogleAuthProvider: new () => unknown;
  TwitterAuthProvider: new () => unknown;
  signInWithPopup(
    auth: unknown,
    provider: unknown,
  ): Promise<{ user: { getIdToken(): Promise<string>; displayName?: string | null; email?: string | null } }>;
}
interface AppSdk {
  initializeApp(config: { apiKey: string; authDomain: string; projectId: string }, name?: string): unknown;
  getApps(): Array<{ name: string }>;
  getApp(name?: string): unknown;
}

/** The person closed the provider's popup, or another one replaced it: the flow resets silently. */
export class ProviderCancelled extends Error {}

export const providerTexts = {
  differentCredential:
    'An account already exists with this e-mail address. Sign in the way you used before, then link this provider in Settings.',
};

const APP_NAME = 'murmur';

export function useIdentityProviders(): IdentityProvidersDto | undefined {
  return useQuery(api.identity.providers.path(), { quiet: true }).data;
}

async function loadSdk(web: NonNullable<IdentityProvidersDto['web']>): Promise<{ app: AppSdk; auth: AuthSdk }> {
  const [app, auth] = await Promise.all([
    import(/* @vite-ignore */ `${web.sdkUrl}/firebase-app.js`) as Promise<AppSdk>,
    import(/* @vite-ignore */ `${web.sdkUrl}/firebase-auth.js`) as Promise<AuthSdk>,
  ]);
  return { app, auth };
}

export interface ProviderAccount {
  idToken: string;
  userName?: string;
  email?: string;
}

/** Opens the provider's popup; answers the account's ID token, or throws ProviderCancelled. */
export async function providerAccount(config: IdentityProvidersDto, id: IdentityProviderId): Promise<ProviderAccount> {
  const web = config.web;
  if (!web) throw new Error('This sign-in is not configured here.');
  let sdk: { app: AppSdk; auth: AuthSdk };
  try {
    sdk = await loadSdk(web);
  } catch {
    throw new Error(
      formatText('{provider} sign-in could not be loaded. Check your connection and try again.', {
        provider: config.providers.find((p) => p.id === id)?.name ?? 'This',
      }),
    );
  }
  const app = sdk.app.getApps().some((a) => a.name === APP_NAME)
    ? sdk.app.getApp(APP_NAME)
    : sdk.app.initializeApp({ apiKey: web.apiKey, authDomain: web.authDomain, projectId: web.projectId }, APP_NAME);
  const provider = id === 'google.com' ? new sdk.auth.GoogleAuthProvider() : new sdk.auth.TwitterAuthProvider();
  try {
    const { user } = await sdk.auth.signInWithPopup(sdk.auth.getAuth(app), provider);
    return {
      idToken: await user.getIdToken(),
      ...(user.displayName ? { userName: user.displayName.slice(0, 64) } : {}),
      ...(user.email ? { email: user.email } : {}),
    };
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (isIgnorable(error)) throw new ProviderCancelled();
    // The provider's clash (docs/decisions/identity.md): the same e-mail already signs in another way.
    if (code === `auth/${identityTexts.differentCredential}`) throw new Error(providerTexts.differentCredential);
    throw error;
  }
}

/** Links the provider's account to the signed-in one (settings). */
export async function linkProvider(config: IdentityProvidersDto, id: IdentityProviderId): Promise<string> {
  const account = await providerAccount(config, id);
  const answer = await api.identity.linkProvider({ accessToken: account.idToken }, { quiet: true });
  return answer.message;
}

/** Signs in (or up) with the provider's account: the server verifies its ID token. */
export async function loginWithProviderAccount(account: ProviderAccount, context: Record<string, unknown>): Promise<AuthStateDto> {
  return api.identity.loginWithProvider(
    {
      ...context,
      accessToken: account.idToken,
      ...(account.userName ? { userName: account.userName } : {}),
      ...(account.email ? { email: account.email } : {}),
    },
    { quiet: true },
  );
}
