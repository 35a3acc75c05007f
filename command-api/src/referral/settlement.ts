// The weekly referral settlement (docs/decisions/referral.md): a poller
// that, for each closed UTC week in order, appends one ReferralPayoutSettled or
// ReferralPayoutCarriedOver per beneficiary on `referral-settlement-{week}-{uid}` with expected
// version no_stream, so a re-run or a second process never pays twice; then a week marker on
// `referral-week-{week}` carrying what was carried over into the next week. Amounts come from the
// reward rows of the referral-earnings read model, once it has applied every event of the week.
// Paid settlements are sent through the USDT port: the signed transfer is recorded first
// (ReferralPayoutTransferIntended), then broadcast, then recorded as ReferralPayoutTransferred;
// an unfinished one (a timeout, a crash) is reconciled by its hash on the next tick.
import {
  eventOf,
  minimumPayoutMicroUsdt,
  nextWeekId,
  previousWeekId,
  referral,
  streamIds,
  weekBounds,
  type PayoutWallet,
  type ReferralPayoutSettled,
  type ReferralPayoutTransferIntended,
  type ReferralWeekSettledData,
  type SettlementEvent,
} from '@murmur/contracts';
import { claimStream, subscriptionAppliedBefore, WrongExpectedVersion } from '@murmur/eventstore';
import {
  firstRewardWeek,
  untransferredPayoutsOfWeek,
  weekRewardsByBeneficiary,
  weeksWithUntransferredPayouts,
} from '@murmur/projections/queries/referral-earnings';
import type { CommandDeps } from '../dependencies.ts';
import { referralCommands } from './referral-commands.ts';
import type { UsdtPayoutPort } from './payout-port.ts';

const PROJECTION = 'referral-earnings';
const LOCK = 'murmur-referral-settlement';

export interface BeneficiaryWeek {
  weekId: string;
  uid: string;
  directMicro: number;
  secondLevelMicro: number;
  rewardCount: number;
  ownTopUpDiamonds: number;
  carriedInMicro: number;
  wallet: PayoutWallet | null;
  now: Date;
}

/** Pure: one beneficiary's outcome for one week, or nothing when there is nothing to settle. */
export function decideWeeklyPayout(w: BeneficiaryWeek): SettlementEvent | null {
  const unlocked = w.ownTopUpDiamonds >= referral.secondLevelWeeklyTopUpDiamonds;
  const secondPaid = unlocked ? w.secondLevelMicro : 0;
  const amount = w.directMicro + secondPaid + w.carriedInMicro;
  if (w.rewardCount === 0 && w.carriedInMicro === 0) return null;
  const figures = {
    weekId: w.weekId,
    uid: w.uid,
    directMicroUsdt: w.directMicro,
    secondLevelMicroUsdt: secondPaid,
    forfeitedMicroUsdt: unlocked ? 0 : w.secondLevelMicro,
    carriedInMicroUsdt: w.carriedInMicro,
    amountMicroUsdt: amount,
    rewardCount: w.rewardCount,
    unlocked,
    settledAt: w.now.toISOString(),
  };
  if (w.wallet && amount >= minimumPayoutMicroUsdt) return { type: 'ReferralPayoutSettled', data: { ...figures, wallet: w.wallet } };
  return { type: 'ReferralPayoutCarriedOver', data: { ...figures, reason: w.wallet ? 'below_minimum' : 'no_wallet' } };
}

export type WeekMarker = ReferralWeekSettledData;

export interface SettlementRun {
  weeks: string[];
  settled: number;
  carriedOver: number;
  transferred: number;
}

type Deps = Pick<CommandDeps, 'pool' | 'store' | 'commands' | 'clock' | 'logger'>;

export class ReferralSettlement {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;

  constructor(
    private readonly deps: Deps,
    private readonly port: UsdtPayoutPort,
    private readonly options: { graceMs: number; pollMs: number },
  ) {}

  start(): void {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      this.running = this.runOnce()
        .catch((err) => this.deps.logger.error({ err }, 'referral settlement tick failed; retrying next tick'))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, this.options.pollMs);
        });
    };
    this.timer = setTimeout(tick, 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** One pass: finish unsent transfers, then settle every closed, fully projected, unsettled week. */
  async runOnce(): Promise<SettlementRun> {
    const run: SettlementRun = { weeks: [], settled: 0, carriedOver: 0, transferred: 0 };
    const lock = await this.deps.pool.connect();
    try {
      const { rows } = await lock.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [LOCK]);
      if (!rows[0]?.ok) return run;
      try {
        run.transferred += await this.sendPendingTransfers();
        const first = await firstRewardWeek(this.deps.pool);
        if (!first) return run;
        const now = this.deps.clock.now();
        for (let week = first; weekBounds(week).end.getTime() + this.options.graceMs <= now.getTime(); week = nextWeekId(week)) {
          if ((await this.marker(week)) !== null) continue;
          if (!(await this.weekProjected(week))) break;
          const outcome = await this.settleWeek(week, now);
          run.weeks.push(week);
          run.settled += outcome.settled;
          run.carriedOver += outcome.carriedOver;
          run.transferred += outcome.transferred;
        }
        return run;
      } finally {
        await lock.query('select pg_advisory_unlock(hashtext($1))', [LOCK]);
      }
    } finally {
      lock.release();
    }
  }

  private async marker(weekId: string): Promise<WeekMarker | null> {
    const { events } = await this.deps.store.readStream(streamIds.referralWeek(weekId), { limit: 1 });
    const settled = events[0] ? eventOf(events[0], ['ReferralWeekSettled']) : null;
    return settled?.data ?? null;
  }

  /** True once the read model has applied every event written during the week. */
  private async weekProjected(weekId: string): Promise<boolean> {
    const end = weekBounds(weekId).end;
    return subscriptionAppliedBefore(this.deps.pool, PROJECTION, end, { type: 'DiamondsCredited', field: 'creditedAt' });
  }

  private async settleWeek(weekId: string, now: Date): Promise<{ settled: number; carriedOver: number; transferred: number }> {
    const out = { settled: 0, carriedOver: 0, transferred: 0 };
    const previous = await this.marker(previousWeekId(weekId));
    const carriedIn = new Map((previous?.carried ?? []).map((c) => [c.uid, c.amountMicroUsdt]));
    const rows = await weekRewardsByBeneficiary(this.deps.pool, weekId);
    const weeks = new Map<string, Omit<BeneficiaryWeek, 'wallet' | 'now' | 'carriedInMicro'>>();
    for (const r of rows) {
      weeks.set(r.uid, {
        weekId,
        uid: r.uid,
        directMicro: Number(r.direct),
        secondLevelMicro: Number(r.second),
        rewardCount: r.n,
        ownTopUpDiamonds: Number(r.own ?? 0),
      });
    }
    for (const uid of carriedIn.keys()) {
      if (!weeks.has(uid)) weeks.set(uid, { weekId, uid, directMicro: 0, secondLevelMicro: 0, rewardCount: 0, ownTopUpDiamonds: 0 });
    }
    const marker: WeekMarker = { weekId, beneficiaries: 0, paidMicroUsdt: 0, carried: [] };
    for (const uid of [...weeks.keys()].sort()) {
      const { state } = await referralCommands.load(this.deps, uid);
      const proposed = decideWeeklyPayout({ ...weeks.get(uid)!, carriedInMicro: carriedIn.get(uid) ?? 0, wallet: state.wallet, now });
      if (!proposed) continue;
      const recorded = await this.record(weekId, uid, proposed);
      marker.beneficiaries += 1;
      if (recorded.type === 'ReferralPayoutSettled') {
        out.settled += 1;
        marker.paidMicroUsdt += recorded.data.amountMicroUsdt;
        if (await this.transfer(recorded.data)) out.transferred += 1;
      } else {
        out.carriedOver += 1;
        if (recorded.data.amountMicroUsdt > 0) marker.carried.push({ uid, amountMicroUsdt: recorded.data.amountMicroUsdt });
      }
    }
    await claimStream(this.deps.store, streamIds.referralWeek(weekId), [{ type: 'ReferralWeekSettled', data: { ...marker } }]);
    return out;
  }

  /** Appends the outcome once; if it already exists (an earlier run), that one stands. */
  private async record(weekId: string, uid: string, proposed: SettlementEvent): Promise<SettlementEvent> {
    const stream = streamIds.referralSettlement(weekId, uid);
    const claim = await claimStream(this.deps.store, stream, [proposed], { idempotencyKey: `referral-settlement:${weekId}:${uid}` });
    if (claim.claimed && !claim.result.duplicate) return proposed;
    const { events } = await this.deps.store.readStream(stream, { limit: 1 });
    return { type: events[0]!.type, data: events[0]!.data } as SettlementEvent;
  }

  /** Sends a settled payout and records it; false when it was already recorded. The transfer is
   * signed and recorded as ReferralPayoutTransferIntended (nonce, amount, address, hash) BEFORE it
   * is broadcast. A later run finds the intent and reconciles by its hash: known to the chain, it is
   * recorded as sent; never seen, the same signed bytes go out again (same nonce, so never a second
   * transfer); dropped (its nonce went to another transaction, so it can never be mined), a new
   * intent is made. */
  private async transfer(s: ReferralPayoutSettled): Promise<boolean> {
    const stream = streamIds.referralSettlement(s.weekId, s.uid);
    const { events, version } = await this.deps.store.readStream(stream);
    if (events.some((e) => e.type === 'ReferralPayoutTransferred')) return false;
    const last = events.at(-1);
    let intent: ReferralPayoutTransferIntended | null = (last ? eventOf(last, ['ReferralPayoutTransferIntended']) : null)?.data ?? null;
    let expectedVersion = version;
    if (intent) {
      const status = await this.port.status(intent);
      if (status === 'dropped') {
        this.deps.logger.warn(
          { stream, txHash: intent.txHash, nonce: intent.nonce },
          'referral payout transfer was never mined and its nonce is spent; signing it again',
        );
        intent = null;
      } else if (status === 'unknown') {
        await this.port.broadcast(intent);
      }
    }
    if (!intent) {
      const prepared = await this.port.prepare({ to: s.wallet.address, chainId: s.wallet.chainId, amountMicroUsdt: s.amountMicroUsdt });
      const intended: ReferralPayoutTransferIntended = {
        ...prepared,
        weekId: s.weekId,
        uid: s.uid,
        intendedAt: this.deps.clock.now().toISOString(),
      };
      try {
        await this.deps.store.append(stream, [{ type: 'ReferralPayoutTransferIntended', data: { ...intended } }], { expectedVersion });
      } catch (error) {
        if (error instanceof WrongExpectedVersion) return false; // another run is on it
        throw error;
      }
      expectedVersion += 1n;
      intent = intended;
      await this.port.broadcast(intent);
    }
    try {
      await this.deps.store.append(
        stream,
        [
          {
            type: 'ReferralPayoutTransferred',
            data: {
              weekId: s.weekId,
              uid: s.uid,
              txHash: intent.txHash,
              amountMicroUsdt: s.amountMicroUsdt,
              transferredAt: this.deps.clock.now().toISOString(),
            },
          },
        ],
        { expectedVersion, idempotencyKey: `referral-transfer:${s.weekId}:${s.uid}` },
      );
      return true;
    } catch (error) {
      if (error instanceof WrongExpectedVersion) return false;
      throw error;
    }
  }

  /** Settled payouts whose transfer was not recorded (the process stopped in between). */
  private async sendPendingTransfers(): Promise<number> {
    const weeks = await weeksWithUntransferredPayouts(this.deps.pool).catch(() => [] as string[]);
    let sent = 0;
    for (const weekId of weeks) {
      for (const uid of await untransferredPayoutsOfWeek(this.deps.pool, weekId)) {
        const { events } = await this.deps.store.readStream(streamIds.referralSettlement(weekId, uid), { limit: 1 });
        const settled = events[0] ? eventOf(events[0], ['ReferralPayoutSettled']) : null;
        if (settled && (await this.transfer(settled.data))) sent += 1;
      }
    }
    return sent;
  }
}
