// Who owns a referral code, and the facts about an account that binding rules need. Custom codes
// are claimed on their own stream (strongly consistent); codes issued at registration are found in
// the referral read model, which has them long before anyone types them in.
import { eventOf, normalizeReferralCode, type UserRegistered, streamIds } from '@murmur/contracts';
import { referralCodeOwner } from '@murmur/projections/queries/referral-earnings';
import type { CommandDeps } from '../dependencies.ts';
import type { AccountFacts, ReferrerCandidate } from './decide.ts';
import { referralCommands } from './referral-commands.ts';

const validCode = /^[A-Za-z0-9]{1,64}$/;

export async function codeOwner(deps: CommandDeps, code: string): Promise<string | null> {
  if (!validCode.test(code.trim())) return null;
  const normalized = normalizeReferralCode(code);
  const claim = await deps.store.readStream(streamIds.referralCode(normalized), { limit: 1 });
  const first = claim.events[0] ? eventOf(claim.events[0], ['ReferralCodeClaimed']) : null;
  if (first) return first.data.uid;
  return referralCodeOwner(deps.pool, normalized).catch(() => null);
}

async function registration(deps: CommandDeps, uid: string): Promise<UserRegistered | null> {
  const { events } = await deps.store.readStream(streamIds.user(uid), { limit: 20 });
  for (const e of events) {
    const registered = eventOf(e, ['UserRegistered']);
    if (registered) return registered.data;
  }
  return null;
}

/** A user's referrer: the one bound by `connect`, else the one whose code was used at registration. */
export async function referrerOf(deps: CommandDeps, uid: string, registered?: UserRegistered | null): Promise<string | null> {
  const { state } = await referralCommands.load(deps, uid);
  if (state.referrerUid) return state.referrerUid;
  const reg = registered === undefined ? await registration(deps, uid) : registered;
  if (!reg?.referredByCode) return null;
  const owner = await codeOwner(deps, reg.referredByCode);
  return owner && owner !== uid ? owner : null;
}

export async function accountFacts(deps: CommandDeps, uid: string): Promise<AccountFacts & { registeredCode: string | null }> {
  const reg = await registration(deps, uid);
  if (!reg) return { createdAt: null, registeredReferrerUid: null, registeredCode: null };
  let registeredReferrerUid: string | null = null;
  if (reg.referredByCode) {
    const owner = await codeOwner(deps, reg.referredByCode);
    registeredReferrerUid = owner && owner !== uid ? owner : null;
  }
  return { createdAt: reg.registeredAt, registeredReferrerUid, registeredCode: reg.referralCode || null };
}

export async function referrerCandidate(deps: CommandDeps, code: string): Promise<ReferrerCandidate | null> {
  const uid = await codeOwner(deps, code);
  if (!uid) return null;
  return { uid, referrerUid: await referrerOf(deps, uid) };
}
