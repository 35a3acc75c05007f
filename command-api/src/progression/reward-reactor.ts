// Diamonds of mission and quest rewards, minted through the wallet ledger with reason `reward`.
// The claim route mints inline (for latency); this reactor mints every RewardClaimed in the log too,
// so a crash between the claim and the credit still pays. The key derives from the claim: one credit.
import { eventOf } from '@murmur/contracts';
import { Subscription } from '@murmur/eventstore';
import { ApiError } from '@murmur/platform';
import type { CommandDeps } from '../dependencies.ts';
import { creditDiamonds } from '../wallet/ledger.ts';

export const REWARD_CREDITS = 'reward-credits';

/** The credit of a claim's diamonds (idempotent: the same claim never mints twice). */
export async function mintRewardDiamonds(deps: CommandDeps, claim: { uid: string; claimId: string; diamonds: number }): Promise<bigint> {
  const { position } = await creditDiamonds(deps, {
    uid: claim.uid,
    amount: claim.diamonds,
    reason: 'reward',
    reference: claim.claimId,
    idempotencyKey: `reward:${claim.claimId}`,
  });
  return position;
}

export function startRewardReactor(deps: CommandDeps, options: { pollIntervalMs?: number } = {}): { stop(): Promise<void> } {
  // A backstop, so it polls rather than waking on every append's notification, and reads only
  // its own events' bodies: at thousands of gifts a second it costs a few statements a second.
  const subscription = new Subscription(
    deps.pool,
    null,
    {
      name: REWARD_CREDITS,
      types: ['RewardClaimed'],
      async handle(events) {
        for (const e of events) {
          const claimed = eventOf(e, ['RewardClaimed']);
          if (!claimed) continue;
          const d = claimed.data;
          if (d.reward.diamonds <= 0) continue;
          try {
            await mintRewardDiamonds(deps, { uid: d.uid, claimId: d.claimId, diamonds: d.reward.diamonds });
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
            deps.logger.error({ err: error, claimId: d.claimId }, 'reward could not be credited');
          }
        }
      },
    },
    {
      pollIntervalMs: options.pollIntervalMs ?? 250,
      onError: (err) => deps.logger.error({ err }, 'reward-credits batch failed; retrying'),
    },
  );
  subscription.start();
  return {
    async stop() {
      await subscription.stop();
    },
  };
}
