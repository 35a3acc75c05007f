// The wallet addresses a user has PROVEN to own by signing a message (identity's UserRegistered
// and GuestUpgraded walletAddress and WalletLinked on `user-{uid}`). A crypto top-up credits only transfers sent
// from one of them: a hash is public, and a self-declared address list would let anyone who
// watches the chain claim someone else's transfer first.
import { streamIds } from '@murmur/contracts';
import type { CommandDeps } from '../dependencies.ts';

export async function provenWalletAddresses(deps: CommandDeps, uid: string): Promise<string[]> {
  const { events } = await deps.store.readStream(streamIds.user(uid));
  const addresses: string[] = [];
  for (const e of events) {
    // A guest who signed in with a wallet proved it as much as a new account does.
    if ((e.type === 'UserRegistered' || e.type === 'GuestUpgraded') && typeof e.data.walletAddress === 'string')
      addresses.push(e.data.walletAddress);
    if (e.type === 'WalletLinked' && typeof e.data.address === 'string') addresses.push(e.data.address);
  }
  return addresses;
}
