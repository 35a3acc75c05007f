// Registers a real user through identity's wallet sign-in (a fresh key signs the SIWE message), for
// tests and benches that need users who exist, e.g. as gift recipients. The user finishes the terms
// step too (the services refuse other commands until then) unless `onboard: false`.
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

export interface SignUpOptions {
  /** Sign in again with this key (another device); a fresh key registers a new user. */
  privateKey?: `0x${string}`;
  /** Finish onboarding (18+ and the terms); default true. */
  onboard?: boolean;
}

export async function signUpWithWallet(
  commandUrl: string,
  options: SignUpOptions = {},
): Promise<{ uid: string; token: string; address: string; privateKey: `0x${string}` }> {
  const privateKey = options.privateKey ?? generatePrivateKey();
  const account = privateKeyToAccount(privateKey);
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${commandUrl}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, string> & { hasFinishedOnboarding?: boolean };
    if (!res.ok) throw new Error(`${path} -> ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const created = await post('/wallet/create-sign-message', { address: account.address, type: 'login', environment: 'evm' });
  const signature = await account.signMessage({ message: created.message! });
  const auth = await post(
    '/auth/login-wallet',
    { type: 'login', environment: 'evm', signature, address: account.address },
    { 'x-signature-session': created.token! },
  );
  let token = auth.token!;
  if (options.onboard !== false && !auth.hasFinishedOnboarding) {
    const onboarded = await post('/user/onboarding', { acceptTerms: true, birthday: '1990-01-01' }, { authorization: `Bearer ${token}` });
    token = onboarded.token!;
  }
  return { uid: auth.uid!, token, address: account.address, privateKey };
}
