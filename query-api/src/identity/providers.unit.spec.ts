import { describe, expect, it } from 'vitest';
import { DEFAULT_IDP_SDK_URL, identityProvidersFromEnv } from './providers.ts';

describe('identity providers from the environment', () => {
  it('offers nothing without the web API key', () => {
    expect(identityProvidersFromEnv({ IDP_AUDIENCE: 'murmur-prod' })).toEqual({
      providers: [],
      mobile: false,
      web: null,
      walletConnect: null,
    });
  });

  it('offers WalletConnect only with a project id, whatever the identity providers', () => {
    expect(identityProvidersFromEnv({ WALLETCONNECT_PROJECT_ID: ' 0123abcd ' }).walletConnect).toEqual({ projectId: '0123abcd' });
    expect(identityProvidersFromEnv({ WALLETCONNECT_PROJECT_ID: 'p', IDP_WEB_API_KEY: 'k', IDP_AUDIENCE: 'a' }).walletConnect).toEqual({
      projectId: 'p',
    });
    expect(identityProvidersFromEnv({ WALLETCONNECT_PROJECT_ID: '  ' }).walletConnect).toBeNull();
  });

  it('offers both providers by default, with the project from the audience and the CDN default', () => {
    expect(identityProvidersFromEnv({ IDP_WEB_API_KEY: 'k', IDP_AUDIENCE: 'murmur-prod' })).toEqual({
      providers: [
        { id: 'google.com', name: 'Google' },
        { id: 'twitter.com', name: 'X' },
      ],
      mobile: false,
      walletConnect: null,
      web: { apiKey: 'k', projectId: 'murmur-prod', authDomain: 'murmur-prod.firebaseapp.com', sdkUrl: DEFAULT_IDP_SDK_URL },
    });
  });

  it('offers only the providers listed, in the app order; unknown ones are ignored', () => {
    const config = identityProvidersFromEnv({
      IDP_WEB_API_KEY: 'k',
      IDP_PROJECT_ID: 'p',
      IDP_WEB_PROVIDERS: 'twitter.com, apple.com',
      IDP_WEB_AUTH_DOMAIN: 'login.example.com',
    });
    expect(config.providers).toEqual([{ id: 'twitter.com', name: 'X' }]);
    expect(config.web?.authDomain).toBe('login.example.com');
  });

  it('offers mobile sign-in only with an SMS provider: Twilio, or the local inbox in demo mode', () => {
    expect(identityProvidersFromEnv({ SMS_PROVIDER: 'twilio' }).mobile).toBe(true);
    expect(identityProvidersFromEnv({ MURMUR_DEMO: 'on' }).mobile).toBe(true);
    expect(identityProvidersFromEnv({ SMS_PROVIDER: 'off', MURMUR_DEMO: 'on' }).mobile).toBe(false);
    expect(identityProvidersFromEnv({}).mobile).toBe(false);
  });
});
