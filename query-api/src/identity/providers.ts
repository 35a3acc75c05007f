// GET auth/providers: which identity providers the sign-in screen offers, with the identity
// service's public web configuration (API key, auth domain, project: not secrets, they ship in every
// web page that uses the service) and the wallet-connection service's project id
// (WALLETCONNECT_PROJECT_ID). Read from the environment; without an API key nothing is offered.
import { IdentityProvidersDto, type IdentityProviderId } from '@murmur/contracts';
import { defineRoute, demoSettings } from '@murmur/platform';
import type express from 'express';
import type { QueryDeps } from '../dependencies.ts';

const names: Record<IdentityProviderId, string> = { 'google.com': 'Google', 'twitter.com': 'X' };
/** The identity service's web SDK modules (firebase-app.js, firebase-auth.js) on its CDN. */
export const DEFAULT_IDP_SDK_URL = 'https://www.gstatic.com/firebasejs/10.12.2';

export function identityProvidersFromEnv(env: Record<string, string | undefined> = process.env): IdentityProvidersDto {
  const apiKey = env.IDP_WEB_API_KEY?.trim();
  const projectId = (env.IDP_PROJECT_ID ?? env.IDP_AUDIENCE)?.trim();
  const mobile = mobileSignInOffered(env);
  // A WalletConnect project id is public (it ships in every page that uses the relay), like the API key.
  const wcProject = env.WALLETCONNECT_PROJECT_ID?.trim();
  const walletConnect = wcProject ? { projectId: wcProject } : null;
  if (!apiKey || !projectId) return { providers: [], mobile, web: null, walletConnect };
  const wanted = (env.IDP_WEB_PROVIDERS ?? 'google.com,twitter.com').split(',').map((p) => p.trim());
  const providers = (Object.keys(names) as IdentityProviderId[]).filter((id) => wanted.includes(id)).map((id) => ({ id, name: names[id] }));
  return {
    providers,
    mobile,
    walletConnect,
    web: {
      apiKey,
      projectId,
      authDomain: env.IDP_WEB_AUTH_DOMAIN?.trim() || `${projectId}.firebaseapp.com`,
      sdkUrl: env.IDP_WEB_SDK_URL?.trim() || DEFAULT_IDP_SDK_URL,
    },
  };
}

/** Mobile sign-in is offered when command-api has an SMS provider: Twilio, or the demo's local inbox. */
function mobileSignInOffered(env: Record<string, string | undefined>): boolean {
  return env.SMS_PROVIDER === 'twilio' || demoSettings(env).localSms;
}

export function identityProviderRoutes(router: express.Router, deps: QueryDeps): void {
  const configured = deps.identityProviders ?? identityProvidersFromEnv();
  defineRoute(router, 'GET /auth/providers', ({ res }) => {
    res.setHeader('cache-control', 'public, max-age=300');
    return configured;
  });
}
