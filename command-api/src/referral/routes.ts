// Referral commands (docs/decisions/referral.md): own link (me/link, init, create-link), referrer
// binding (validate-referrer, then connect with the confirmation), payout wallet (add-wallet).
import { createHash } from 'node:crypto';
import { type ReferralLinkDto, normalizeReferralCode, referralCodeLimits, streamIds, referralTexts } from '@murmur/contracts';
import { claimStream } from '@murmur/eventstore';
import { ApiError, defineRoute, type RouteInput } from '@murmur/platform';
import type express from 'express';
import { usernameOf } from '@murmur/projections/queries/users';
import type { CommandDeps } from '../dependencies.ts';
import type { CommandModule } from '../command-module.ts';
import { referralLink, readReferralConfig, type ReferralConfig } from './config.ts';
import { checkReferrer } from './decide.ts';
import { referralCommands } from './referral-commands.ts';
import { accountFacts, codeOwner, referrerCandidate } from './directory.ts';
import { payoutAdapter } from './payout-port.ts';
import { ReferralSettlement } from './settlement.ts';

/** Claims a code for `uid` (first writer wins). Returns the claim's position, 0n if it was already `uid`'s. */
async function claimCode(deps: CommandDeps, uid: string, code: string): Promise<bigint> {
  const owner = await codeOwner(deps, code);
  if (owner && owner !== uid) throw new ApiError('CONFLICT', referralTexts.codeTaken);
  const claim = await claimStream(deps.store, streamIds.referralCode(code), [
    { type: 'ReferralCodeClaimed', data: { code, uid, claimedAt: deps.clock.now().toISOString() }, metadata: { actorUid: uid } },
  ]);
  if (claim.claimed) return claim.result.lastPosition;
  if ((await codeOwner(deps, code)) !== uid) throw new ApiError('CONFLICT', referralTexts.codeTaken);
  return 0n;
}

async function setLink(deps: CommandDeps, uid: string, code: string): Promise<bigint> {
  const claimed = await claimCode(deps, uid, code);
  const result = await referralCommands.run(
    deps,
    uid,
    { type: 'CreateLink', uid, code, codeOwnerUid: uid, now: deps.clock.now() },
    { actorUid: uid },
  );
  return result.position > claimed ? result.position : claimed;
}

/**
 * Binds uid's referrer. "Once" is decided on `referral-{uid}` (expected version); "never one's own
 * invitee" spans two users' streams, so the binding also creates the pair's stream
 * (`referral-pair-{x}-{y}`, expected version no_stream) in the SAME transaction: two users
 * connecting to each other at once clash there, one transaction rolls back whole, and its retry
 * sees the other's binding and is refused (circular).
 */
async function bindReferrer(deps: CommandDeps, uid: string, code: string): Promise<{ referrerUid: string; position: bigint }> {
  let referrerUid = '';
  let facts: [Awaited<ReturnType<typeof accountFacts>>, Awaited<ReturnType<typeof referrerCandidate>>] | null = null;
  const now = deps.clock.now();
  const bound = await referralCommands.runInTransaction(
    deps,
    uid,
    async () => {
      const [account, referrer] = facts!;
      return { type: 'ConnectReferrer' as const, uid, code, referrer, account, now };
    },
    {
      // Read afresh before each attempt: a retry after the pair's clash sees the other's binding.
      prepare: async () => {
        facts = await Promise.all([accountFacts(deps, uid), referrerCandidate(deps, code)]);
        referrerUid = facts[1]?.uid ?? ''; // the decider refuses a missing referrer
      },
      after: async (client) => {
        await deps.store.append(
          streamIds.referralPair(uid, referrerUid),
          [{ type: 'ReferralPairBound', data: { inviteeUid: uid, referrerUid, boundAt: now.toISOString() }, metadata: { actorUid: uid } }],
          { expectedVersion: 'no_stream', client },
        );
      },
    },
    { actorUid: uid },
  );
  return { referrerUid, position: bound.position };
}

/** A code derived from the uid when registration gave none that fits the link rules. */
function derivedCode(uid: string, attempt: number): string {
  return `M${createHash('sha256').update(`${uid}:${attempt}`).digest('hex').slice(0, 9)}`.toUpperCase();
}

async function ensureLink(deps: CommandDeps, uid: string): Promise<{ code: string; position: bigint }> {
  const { state } = await referralCommands.load(deps, uid);
  if (state.linkCode) return { code: state.linkCode, position: 0n };
  const facts = await accountFacts(deps, uid);
  const candidates: string[] = [];
  const issued = facts.registeredCode ? normalizeReferralCode(facts.registeredCode) : null;
  if (issued && /^[A-Z0-9]+$/.test(issued) && issued.length >= referralCodeLimits.min && issued.length <= referralCodeLimits.max)
    candidates.push(issued);
  for (let i = 0; i < 5; i++) candidates.push(derivedCode(uid, i));
  for (const code of candidates) {
    try {
      return { code, position: await setLink(deps, uid, code) };
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'CONFLICT')) throw error;
    }
  }
  throw new ApiError('CONFLICT', 'The resource changed at the same time; please try again.');
}

export function referralRoutes(router: express.Router, deps: CommandDeps, config: ReferralConfig = readReferralConfig()): void {
  const linkAnswer = async ({ me: { uid } }: RouteInput<'POST /referral/me/link' | 'POST /referral/init'>): Promise<ReferralLinkDto> => {
    const { code, position } = await ensureLink(deps, uid);
    return { code, link: referralLink(config, code), position: position.toString() };
  };
  defineRoute(router, 'POST /referral/me/link', linkAnswer);
  defineRoute(router, 'POST /referral/init', linkAnswer);

  defineRoute(router, 'POST /referral/create-link', async ({ me: { uid }, body }) => {
    const code = normalizeReferralCode(body.code);
    const position = await setLink(deps, uid, code);
    return { code, link: referralLink(config, code), position: position.toString() };
  });

  defineRoute(router, 'POST /referral/validate-referrer', async ({ me: { uid }, body }) => {
    const [{ state }, account, referrer] = await Promise.all([
      referralCommands.load(deps, uid),
      accountFacts(deps, uid),
      referrerCandidate(deps, body.code),
    ]);
    const ok = checkReferrer(uid, referrer, account, state, deps.clock.now());
    const username = await usernameOf(deps.pool, ok.uid).catch(() => null);
    return {
      valid: true,
      code: normalizeReferralCode(body.code),
      referrer: { uid: ok.uid, username: username ?? ok.uid },
      confirmation: referralTexts.confirmBinding,
      position: '0',
    };
  });

  defineRoute(router, 'POST /referral/connect', async ({ me: { uid }, body }) => {
    const result = await bindReferrer(deps, uid, normalizeReferralCode(body.code));
    return { referrerUid: result.referrerUid, position: result.position.toString() };
  });

  defineRoute(router, 'POST /referral/add-wallet', async ({ me: { uid }, body }) => {
    const result = await referralCommands.run(
      deps,
      uid,
      { type: 'AddPayoutWallet', uid, address: body.address, chainId: body.chainId, now: deps.clock.now() },
      { actorUid: uid },
    );
    return { wallet: result.state.wallet, position: result.position.toString() };
  });
}

/** `start` runs the weekly settlement poller (command-api's main starts modules that have one). */
export const referralModule: CommandModule & { start(deps: CommandDeps): { stop(): Promise<void> } } = {
  name: 'referral',
  routes: (router, deps) => referralRoutes(router, deps),
  start(deps) {
    const config = readReferralConfig();
    const settlement = new ReferralSettlement(deps, payoutAdapter(config, deps.pool), {
      graceMs: config.REFERRAL_SETTLEMENT_GRACE_MS,
      pollMs: config.REFERRAL_SETTLEMENT_POLL_MS,
    });
    settlement.start();
    return settlement;
  },
};
