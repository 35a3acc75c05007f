// Registers a real user through identity's wallet sign-in (a fresh key signs the SIWE message), for
// tests and benches that need users who exist, e.g. as gift recipients.
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

export async function signUpWithWallet(commandUrl: string): Promise<{ uid: string; token: string; address: string }> {
  const account = privateKeyToAccount(generatePrivateKey());
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${commandUrl}/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const json = (await res.json()) as Record<string, string>;
    if (!res.ok) throw new Error(`${path} -> ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const created = await post('/wallet/create-sign-message', { address: account.address, type: 'login', environment: 'evm' });
  const signature = await account.signMessage({ message: created.message! });
  const auth = await post('/auth/login-wallet', { type: 'login', environment: 'evm', signature, address: account.address }, { 'x-signature-session': created.token! });
  return { uid: auth.uid!, token: auth.token!, address: account.address };
}
