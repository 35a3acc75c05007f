// The mini-app's daily claim: diamonds once per interval for a Telegram-linked account. The credit
// goes first with a key per claim number, so a retry after a failure never pays twice nor loses pay.
// Claim n is computed only once claim n-1 is recorded on `user-{uid}` (expected version) and the
// interval since it has passed, and the wallet's key `tg-claim:{n}` lets exactly one request pay
// it: that request answers 200, every other one (parallel or repeated) the refusal. A VIP's claim pays
// double (docs/decisions/vip.md).
import { dailyClaimAmount, identityTexts, telegramClaim } from '@murmur/contracts';
import { ApiError, defineRoute } from '@murmur/platform';
import type express from 'express';
import type { CommandDeps } from '../dependencies.ts';
import { isVipAt, runWalletCommand } from '../wallet/ledger.ts';
import { nextClaimAt, userDecider, type UserCommand } from './decide.ts';
import { userCommands } from './user-commands.ts';

export function claimRoutes(router: express.Router, deps: CommandDeps): void {
  defineRoute(router, 'POST /claim/tg', async ({ me: { uid } }) => {
    const now = deps.clock.now();
    const { state } = await userCommands.load(deps, uid);
    const claimNumber = state.claimCount + 1;
    // A VIP's claim is worth double; a retried claim answers with what its key paid first.
    const amount = dailyClaimAmount(await isVipAt(deps, uid, now.toISOString()));
    const command: UserCommand = { type: 'ClaimTelegramDaily', claimNumber, amount, intervalSeconds: telegramClaim.intervalSeconds, now };
    userDecider.decide(command, state); // refuses before any diamond moves
    const credit = await runWalletCommand(
      deps,
      uid,
      { type: 'CreditDiamonds', uid, amount, reason: 'daily_claim', reference: `tg-claim-${claimNumber}`, at: now.toISOString() },
      `tg-claim:${claimNumber}`,
    );
    // Recorded even by a request that did not pay (it completes a claim whose recording was lost).
    const result = await userCommands.run(deps, uid, command, { actorUid: uid });
    if (credit.duplicate) {
      const next = nextClaimAt(result.state.lastClaimAt, telegramClaim.intervalSeconds);
      throw new ApiError('RULE_VIOLATED', identityTexts.alreadyClaimed, next ? { nextClaimAt: next.toISOString() } : undefined);
    }
    const position = result.position > credit.position ? result.position : credit.position;
    return {
      amount,
      balance: credit.balance,
      nextClaimAt: nextClaimAt(result.state.lastClaimAt, telegramClaim.intervalSeconds)?.toISOString() ?? null,
      position: position.toString(),
    };
  });
}
