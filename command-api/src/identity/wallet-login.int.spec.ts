// Wallet sign-in and linking against the real stack, with keys made in the test: an EVM account
// (viem) and a Solana keypair (ed25519).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityTexts, texts } from '@murmur/contracts';
import { ed25519 } from '@noble/curves/ed25519.js';
import { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { startIdentityStack, type IdentityStack } from '../../../test-support/identity.ts';

let stack: IdentityStack;
beforeAll(async () => {
  stack = await startIdentityStack();
});
afterAll(async () => {
  await stack?.stop();
});

async function signMessage(address: string, type: 'login' | 'connect', environment = 'evm', token?: string) {
  const res = await stack.api('/wallet/create-sign-message', { method: 'POST', token, body: { address, type, environment } });
  expect(res.status).toBe(200);
  return res.body as { message: string; token: string; expiresAt: string };
}

const loginWallet = (session: string, body: Record<string, unknown>) =>
  stack.api('/auth/login-wallet', {
    method: 'POST',
    headers: { 'x-signature-session': session },
    body: { type: 'login', environment: 'evm', ...body },
  });

describe('EVM wallet sign-in', () => {
  it('signs in with a SIWE message signed by the wallet, and again into the same account', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const first = await signMessage(account.address.toLowerCase(), 'login');
    expect(first.message).toContain(account.address);
    expect(first.message).toMatch(/Nonce: \w+/);
    expect(Date.parse(first.expiresAt) - Date.now()).toBeGreaterThan(590_000);
    const signature = await account.signMessage({ message: first.message });
    const res = await loginWallet(first.token, { signature, address: account.address });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isNewUser: true, walletAddress: account.address, anonymous: false });
    const second = await signMessage(account.address, 'login');
    const again = await loginWallet(second.token, {
      signature: await account.signMessage({ message: second.message }),
      address: account.address,
    });
    expect(again.body).toMatchObject({ uid: res.body.uid, isNewUser: false });
  });

  it('refuses a signature by another key', async () => {
    const owner = privateKeyToAccount(generatePrivateKey());
    const thief = privateKeyToAccount(generatePrivateKey());
    const msg = await signMessage(owner.address, 'login');
    const res = await loginWallet(msg.token, { signature: await thief.signMessage({ message: msg.message }), address: owner.address });
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual({ code: 'UNAUTHENTICATED', message: identityTexts.signatureInvalid });
  });

  it('refuses a reused message and an expired one (10 minutes)', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const msg = await signMessage(account.address, 'login');
    const signature = await account.signMessage({ message: msg.message });
    expect((await loginWallet(msg.token, { signature, address: account.address })).status).toBe(200);
    const reused = await loginWallet(msg.token, { signature, address: account.address });
    expect(reused.status).toBe(401);
    expect(reused.body.error.message).toBe(identityTexts.signMessageExpired);

    const late = await signMessage(account.address, 'login');
    const lateSignature = await account.signMessage({ message: late.message });
    stack.clock.advance(601);
    const expired = await loginWallet(late.token, { signature: lateSignature, address: account.address });
    expect(expired.status).toBe(401);
    expect(expired.body.error.message).toBe(identityTexts.signMessageExpired);
  });

  it('refuses a missing signature session and a garbage signature', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const none = await stack.api('/auth/login-wallet', {
      method: 'POST',
      body: { type: 'login', environment: 'evm', signature: '0x12', address: account.address },
    });
    expect(none.status).toBe(401);
    const msg = await signMessage(account.address, 'login');
    const garbage = await loginWallet(msg.token, { signature: 'zzz', address: account.address });
    expect(garbage.status).toBe(401);
    expect(garbage.body.error.message).toBe(identityTexts.signatureInvalid);
  });

  it('refuses an address that is not one, with the spec text', async () => {
    const res = await stack.api('/wallet/create-sign-message', {
      method: 'POST',
      body: { address: '0x1234', type: 'login', environment: 'evm' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(texts.addressNotAvailable);
  });
});

describe('Solana wallet sign-in', () => {
  it('signs in with an ed25519 signature; a wrong key is refused', async () => {
    const keypair = Keypair.generate();
    const address = keypair.publicKey.toBase58();
    const msg = await signMessage(address, 'login', 'solana-runtime');
    expect(msg.message).toContain('Solana account');
    const signature = bs58.encode(ed25519.sign(new TextEncoder().encode(msg.message), keypair.secretKey.slice(0, 32)));
    const res = await loginWallet(msg.token, { signature, address, environment: 'solana-runtime' });
    expect(res.status).toBe(200);
    expect(res.body.walletAddress).toBe(address);

    const other = Keypair.generate();
    const msg2 = await signMessage(address, 'login', 'solana-runtime');
    const forged = bs58.encode(ed25519.sign(new TextEncoder().encode(msg2.message), other.secretKey.slice(0, 32)));
    const bad = await loginWallet(msg2.token, { signature: forged, address, environment: 'solana-runtime' });
    expect(bad.status).toBe(401);
    expect(bad.body.error.message).toBe(identityTexts.signatureInvalid);
  });
});

describe('linking a wallet (type connect)', () => {
  it('links a wallet to the signed-in account; the wallet then signs into it', async () => {
    const { body: user } = await stack.signInWithEmail('linker@example.com');
    const account = privateKeyToAccount(generatePrivateKey());
    const msg = await signMessage(account.address, 'connect', 'evm', user.token);
    const linked = await stack.api('/wallet/sign-message', {
      method: 'POST',
      token: user.token,
      headers: { 'x-signature-session': msg.token },
      body: {
        type: 'connect',
        environment: 'evm',
        address: account.address,
        signature: await account.signMessage({ message: msg.message }),
      },
    });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ walletAddress: account.address });
    const login = await signMessage(account.address, 'login');
    const res = await loginWallet(login.token, {
      signature: await account.signMessage({ message: login.message }),
      address: account.address,
    });
    expect(res.body.uid).toBe(user.uid);
  });

  it('needs a signed-in caller, and a connect message cannot sign in', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const anonymous = await stack.api('/wallet/create-sign-message', {
      method: 'POST',
      body: { address: account.address, type: 'connect' },
    });
    expect(anonymous.status).toBe(401);
    const { body: user } = await stack.signInWithEmail('linker2@example.com');
    const msg = await signMessage(account.address, 'connect', 'evm', user.token);
    const asLogin = await loginWallet(msg.token, {
      signature: await account.signMessage({ message: msg.message }),
      address: account.address,
    });
    expect(asLogin.status).toBe(401);
  });

  it('refuses a wallet already linked to someone else', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const owner = await signMessage(account.address, 'login');
    expect(
      (await loginWallet(owner.token, { signature: await account.signMessage({ message: owner.message }), address: account.address }))
        .status,
    ).toBe(200);
    const { body: user } = await stack.signInWithEmail('linker3@example.com');
    const msg = await signMessage(account.address, 'connect', 'evm', user.token);
    const res = await stack.api('/wallet/sign-message', {
      method: 'POST',
      token: user.token,
      headers: { 'x-signature-session': msg.token },
      body: { type: 'connect', address: account.address, signature: await account.signMessage({ message: msg.message }) },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(identityTexts.walletLinkedElsewhere);
  });
});
