// `projections audit` (docs/decisions/money.md): replays the whole log and proves the ledger. Diamonds
// minted (top-ups, rewards, grants) = balances + diamonds spent; charm credited by gifts = charm
// balance + withdrawn; no wallet ever below zero at any point of its history; every confirmed
// payment credited exactly once (a first-top-up-offer payment at the offer's diamonds, or at the
// normal rate when the account's offer was already used); the offer credited at most once per
// account; every reward claim with diamonds minted exactly once to its claimer (reason `reward`, referenced
// by the claim) and no reward minted without its claim; every console grant minted exactly once at its
// approved amount and no grant diamonds without an approval; every credit and debit has a reason the
// audit knows (contracts' money rules); every money event carries an idempotency key; and
// the balance read models agree with the replay, per user. Booking holds (docs/decisions/booking.md): a hold
// leaves the balance when made and ends at most once, released (back to the balance) or spent (the
// host's charm), for exactly the amount held; diamonds held = released + spent + still held.
import {
  diamondsForUsdCents,
  eventOf,
  isDebitReason,
  streamIds,
  type DiamondsCreditedData,
  type LedgerAuditedData,
  type PaymentConfirmedData,
} from '@murmur/contracts';
import {
  checkpointOf,
  compareCheckpoints,
  loadCheckpoint,
  PostgresEventStore,
  readTypesAfterPosition,
  type RecordedEvent,
} from '@murmur/eventstore';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { ledgerProofCommand } from './ledger-proof-cli.ts';

export interface LedgerTotals {
  DMND: { minted: number; spent: number; balances: number };
  CHRM: { credited: number; withdrawn: number; balances: number };
  USD: { confirmedCents: number; payments: number };
  /** Payments charged in another currency than USD (PHP centavos, TON nanotons), per currency. */
  charged?: Record<string, { amount: string; payments: number }>;
}

/** Booking holds over the whole log, in diamonds. */
export interface HoldTotals {
  held: number;
  released: number;
  spent: number;
  /** Still held now (bookings not yet ended). */
  open: number;
}

export interface AuditResult {
  ok: boolean;
  holds: HoldTotals;
  events: number;
  lastPosition: bigint;
  totals: LedgerTotals;
  differences: string[];
}

/** Every event that moves diamonds or charm; a new money event is added here and to the fold. */
export const MONEY_EVENT_TYPES = [
  'DiamondsCredited',
  'DiamondsSpent',
  'SkuPurchased',
  'GiftSent',
  'SubscribedToCreator',
  'DiamondsHeld',
  'HoldReleased',
  'HoldSpent',
  'CharmWithdrawn',
  'WithdrawalFailed',
  'PaymentConfirmed',
  'RewardClaimed',
  'DiamondGrantApproved',
] as const;

/** One change of one account's balance: `wallet-{uid}` in diamonds, `earnings-{uid}` in charm. */
export interface Movement {
  currency: 'DMND' | 'CHRM';
  uid: string;
  /** Into the balance when positive, out of it when negative. */
  amount: number;
}

/** Pure core: folds events (in log order) into the replayed ledger and the differences it finds in the log itself.
 * Every change of a balance goes through `moved`, so an observer (the period audit) sees each one. */
export class LedgerReplay {
  readonly diamonds = new Map<string, number>();
  readonly charm = new Map<string, { credited: number; withdrawn: number }>();
  readonly totals: LedgerTotals = {
    DMND: { minted: 0, spent: 0, balances: 0 },
    CHRM: { credited: 0, withdrawn: 0, balances: 0 },
    USD: { confirmedCents: 0, payments: 0 },
  };
  readonly differences: string[] = [];
  private readonly confirmed = new Map<string, PaymentConfirmedData>();
  private readonly paidCredits = new Map<string, { amount: number; asOffer: boolean }>();
  private readonly offers = new Map<string, number>();
  /** Keyed `{uid}/{claimId}`: a claim id names a mission and its period, the same for every user. */
  private readonly rewardClaims = new Map<string, number>();
  private readonly rewardCredits = new Map<string, number>();
  private readonly approvedGrants = new Map<string, number>();
  private readonly grantCredits = new Map<string, number>();
  /** `{uid}/{holdId}` -> the amount held and how the hold ended. */
  private readonly holdsById = new Map<string, { amount: number; status: 'held' | 'released' | 'spent' }>();
  readonly holds: HoldTotals = { held: 0, released: 0, spent: 0, open: 0 };
  events = 0;
  lastPosition = 0n;

  constructor(private readonly onMovement?: (movement: Movement) => void) {}

  private moved(currency: Movement['currency'], uid: string, amount: number): void {
    if (amount !== 0) this.onMovement?.({ currency, uid, amount });
  }

  private addDiamonds(uid: string, amount: number): void {
    this.diamonds.set(uid, (this.diamonds.get(uid) ?? 0) + amount);
    this.moved('DMND', uid, amount);
  }

  private spend(uid: string, amount: number, position: bigint): void {
    const next = (this.diamonds.get(uid) ?? 0) - amount;
    if (next < 0) this.differences.push(`wallet-${uid} goes negative (${next}) at position ${position}`);
    this.diamonds.set(uid, next);
    this.moved('DMND', uid, -amount);
    this.totals.DMND.spent += amount;
  }

  private charmOf(uid: string) {
    return this.charm.get(uid) ?? this.charm.set(uid, { credited: 0, withdrawn: 0 }).get(uid)!;
  }

  private creditCharm(uid: string, charm: number): void {
    this.charmOf(uid).credited += charm;
    this.moved('CHRM', uid, charm);
  }

  /** Charm out of the earnings (a withdrawal) or, negative, back in (a failed one). */
  private withdrawCharm(uid: string, charm: number): { credited: number; withdrawn: number } {
    const c = this.charmOf(uid);
    c.withdrawn += charm;
    this.moved('CHRM', uid, -charm);
    return c;
  }

  /** Each credit reason by name (contracts' `creditReasons`): a paid credit against its payment, a
   * reward against its claim, a grant against its approval; a reason it does not know is a difference. */
  private accountCredit(d: DiamondsCreditedData, position: bigint): void {
    const reason = d.reason;
    switch (reason) {
      case 'topup':
      case 'first_topup_offer': {
        const before = this.paidCredits.get(d.reference);
        this.paidCredits.set(d.reference, {
          amount: (before?.amount ?? 0) + d.amount,
          asOffer: (before?.asOffer ?? false) || reason === 'first_topup_offer',
        });
        if (reason === 'first_topup_offer') {
          const n = (this.offers.get(d.uid) ?? 0) + 1;
          this.offers.set(d.uid, n);
          if (n > 1) this.differences.push(`wallet-${d.uid} is credited the first top-up offer again (${n} times) at position ${position}`);
        }
        return;
      }
      case 'reward': {
        const claim = `${d.uid}/${d.reference}`;
        this.rewardCredits.set(claim, (this.rewardCredits.get(claim) ?? 0) + d.amount);
        return;
      }
      case 'operator_grant':
        this.grantCredits.set(d.reference, (this.grantCredits.get(d.reference) ?? 0) + d.amount);
        return;
      // Minted with nothing else in the log to match them against.
      case 'vip_bonus':
      case 'demo_grant':
      case 'referral_reward':
      case 'daily_claim':
      case 'quest_reward':
      case 'refund':
        return;
      default: {
        const unknown: never = reason;
        this.differences.push(
          `wallet-${d.uid} is credited ${d.amount} diamonds for a reason the audit does not know (${String(unknown)}) at position ${position}`,
        );
      }
    }
  }

  apply(recorded: RecordedEvent): void {
    this.events++;
    if (recorded.globalPosition > this.lastPosition) this.lastPosition = recorded.globalPosition;
    if (!recorded.metadata.idempotencyKey)
      this.differences.push(`${recorded.type} at position ${recorded.globalPosition} (${recorded.streamId}) carries no idempotency key`);
    const e = eventOf(recorded, MONEY_EVENT_TYPES);
    if (!e) return;
    const position = recorded.globalPosition;
    switch (e.type) {
      case 'DiamondsCredited': {
        const d = e.data;
        this.addDiamonds(d.uid, d.amount);
        this.totals.DMND.minted += d.amount;
        this.accountCredit(d, position);
        break;
      }
      case 'DiamondsSpent': {
        const d = e.data;
        const reason: string = d.reason;
        if (!isDebitReason(reason))
          this.differences.push(
            `wallet-${d.uid} spends ${d.amount} diamonds for a reason the audit does not know (${reason}) at position ${position}`,
          );
        this.spend(d.uid, d.amount, position);
        break;
      }
      case 'SkuPurchased': {
        const d = e.data;
        this.spend(d.uid, d.diamondsTotal, position);
        break;
      }
      case 'GiftSent': {
        const d = e.data;
        this.spend(d.senderUid, d.diamondsTotal, position);
        for (const r of d.recipients) this.creditCharm(r, d.charmPerRecipient);
        this.totals.CHRM.credited += d.charmPerRecipient * d.recipients.length;
        break;
      }
      case 'SubscribedToCreator': {
        // Like a gift: the subscriber's diamonds are spent, the creator's charm credited.
        const d = e.data;
        this.spend(d.subscriberUid, d.diamonds, position);
        this.creditCharm(d.creatorUid, d.charm);
        this.totals.CHRM.credited += d.charm;
        break;
      }
      case 'DiamondsHeld': {
        // Out of the balance while held (counted as spent until released).
        const d = e.data;
        const id = `${d.uid}/${d.holdId}`;
        if (this.holdsById.has(id)) this.differences.push(`hold ${id} is made twice at position ${position}`);
        this.spend(d.uid, d.amount, position);
        this.holdsById.set(id, { amount: d.amount, status: 'held' });
        this.holds.held += d.amount;
        break;
      }
      case 'HoldReleased':
      case 'HoldSpent': {
        const d = e.data;
        const id = `${d.uid}/${d.holdId}`;
        const hold = this.holdsById.get(id);
        const verb = e.type === 'HoldReleased' ? 'released' : 'spent';
        if (!hold) this.differences.push(`hold ${id} is ${verb} at position ${position} but was never made`);
        else if (hold.status !== 'held') this.differences.push(`hold ${id} is ${verb} at position ${position} after it was ${hold.status}`);
        else if (hold.amount !== d.amount)
          this.differences.push(`hold ${id} of ${hold.amount} diamonds is ${verb} for ${d.amount} at position ${position}`);
        if (hold) hold.status = verb;
        if (e.type === 'HoldReleased') {
          this.addDiamonds(d.uid, d.amount);
          this.totals.DMND.spent -= d.amount;
          this.holds.released += d.amount;
        } else {
          this.creditCharm(e.data.recipientUid, e.data.charm);
          this.totals.CHRM.credited += e.data.charm;
          this.holds.spent += d.amount;
        }
        break;
      }
      case 'CharmWithdrawn': {
        const d = e.data;
        const c = this.withdrawCharm(d.uid, d.charm);
        this.totals.CHRM.withdrawn += d.charm;
        if (c.credited - c.withdrawn < 0)
          this.differences.push(`earnings-${d.uid} withdraws more charm than credited at position ${position}`);
        break;
      }
      case 'WithdrawalFailed': {
        const d = e.data;
        this.withdrawCharm(d.uid, -d.charm);
        this.totals.CHRM.withdrawn -= d.charm;
        break;
      }
      case 'RewardClaimed': {
        const d = e.data;
        if (d.reward.diamonds > 0) {
          const claim = `${d.uid}/${d.claimId}`;
          if (this.rewardClaims.has(claim)) this.differences.push(`reward ${claim} claimed twice`);
          this.rewardClaims.set(claim, d.reward.diamonds);
        }
        break;
      }
      case 'DiamondGrantApproved': {
        // A console grant: minted once, at the amount approved, in the approval's transaction.
        const d = e.data;
        if (this.approvedGrants.has(d.grantId)) this.differences.push(`grant ${d.grantId} approved twice`);
        this.approvedGrants.set(d.grantId, d.amount);
        break;
      }
      case 'PaymentConfirmed': {
        const d = e.data;
        if (this.confirmed.has(d.paymentId)) this.differences.push(`payment ${d.paymentId} confirmed twice`);
        this.confirmed.set(d.paymentId, d);
        this.totals.USD.confirmedCents += d.amountUsdCents;
        this.totals.USD.payments += 1;
        if (d.charged && d.charged.currency !== 'USD') {
          // The amount charged is the USD price at the rate fixed on the payment (PHP: to the centavo).
          if (d.charged.currency === 'PHP' && BigInt(d.charged.amount) !== BigInt(Math.round(d.amountUsdCents * d.charged.rate))) {
            this.differences.push(
              `payment ${d.paymentId} charged ${d.charged.amount} PHP centavos, not ${d.amountUsdCents} US cents at ${d.charged.rate}`,
            );
          }
          const charged = (this.totals.charged ??= {});
          const t = (charged[d.charged.currency] ??= { amount: '0', payments: 0 });
          t.amount = String(BigInt(t.amount) + BigInt(d.charged.amount));
          t.payments += 1;
        }
        break;
      }
      default: {
        const _exhaustive: never = e;
        return _exhaustive;
      }
    }
  }

  /** Differences that need the whole log: payments credited other than exactly once. */
  finish(): void {
    for (const [paymentId, p] of this.confirmed) {
      const credit = this.paidCredits.get(paymentId);
      const credited = credit?.amount ?? 0;
      // An offer payment credited after the account's offer was used buys at the normal rate.
      const expected = p.purpose === 'first_topup_offer' && credit && !credit.asOffer ? diamondsForUsdCents(p.amountUsdCents) : p.diamonds;
      if (credited !== expected) this.differences.push(`payment ${paymentId} confirmed for ${expected} diamonds but credited ${credited}`);
      if (credit?.asOffer && p.purpose !== 'first_topup_offer')
        this.differences.push(`payment ${paymentId} is credited as the first top-up offer but was not bought as one`);
    }
    for (const [reference, { amount }] of this.paidCredits) {
      if (!this.confirmed.has(reference))
        this.differences.push(`${amount} paid diamonds credited for ${reference}, which is not a confirmed payment`);
    }
    for (const [claim, diamonds] of this.rewardClaims) {
      const credited = this.rewardCredits.get(claim) ?? 0;
      if (credited !== diamonds) this.differences.push(`reward ${claim} claimed for ${diamonds} diamonds but credited ${credited}`);
    }
    for (const [claim, amount] of this.rewardCredits) {
      if (!this.rewardClaims.has(claim))
        this.differences.push(`${amount} reward diamonds credited for ${claim}, which is not a claimed reward of that user`);
    }
    for (const [grantId, amount] of this.approvedGrants) {
      const credited = this.grantCredits.get(grantId) ?? 0;
      if (credited !== amount) this.differences.push(`grant ${grantId} approved for ${amount} diamonds but credited ${credited}`);
    }
    for (const [reference, amount] of this.grantCredits) {
      if (!this.approvedGrants.has(reference))
        this.differences.push(`${amount} granted diamonds credited for ${reference}, which is not an approved grant`);
    }
    this.holds.open = [...this.holdsById.values()].filter((h) => h.status === 'held').reduce((a, h) => a + h.amount, 0);
    if (this.holds.held !== this.holds.released + this.holds.spent + this.holds.open)
      this.differences.push('holds: held is not released + spent + still held');
    this.totals.DMND.balances = [...this.diamonds.values()].reduce((a, b) => a + b, 0);
    this.totals.CHRM.balances = [...this.charm.values()].reduce((a, c) => a + c.credited - c.withdrawn, 0);
    if (this.totals.DMND.minted !== this.totals.DMND.balances + this.totals.DMND.spent)
      this.differences.push('DMND: minted is not balances + spent');
    if (this.totals.CHRM.credited !== this.totals.CHRM.balances + this.totals.CHRM.withdrawn)
      this.differences.push('CHRM: credited is not balance + withdrawn');
  }
}

/** Reads every event of `types` in log order, a batch at a time, inside the caller's snapshot. */
export async function forEachEventOf(
  client: pg.PoolClient,
  types: readonly string[],
  batchSize: number,
  visit: (event: RecordedEvent) => void,
): Promise<void> {
  let after = 0n;
  for (;;) {
    const events = await readTypesAfterPosition(client, after, [...types], batchSize);
    for (const e of events) visit(e);
    if (events.length < batchSize) return;
    after = events.at(-1)!.globalPosition;
  }
}

/** Replays the log and compares the balance read models, all inside ONE repeatable-read snapshot:
 * there the read models hold exactly the events up to their checkpoint (a batch and its checkpoint
 * commit together), so the comparison is exact even while writes go on. */
export async function auditLedger(pool: pg.Pool, options: { batchSize?: number } = {}): Promise<AuditResult> {
  const batchSize = options.batchSize ?? 5000;
  const full = new LedgerReplay();
  const projected = new LedgerReplay();
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const cp = await loadCheckpoint(client, 'wallet-balances');
    await forEachEventOf(client, MONEY_EVENT_TYPES, batchSize, (e) => {
      full.apply(e);
      if (compareCheckpoints(checkpointOf(e), cp) <= 0) projected.apply(e);
    });
    full.finish();
    const differences = [...full.differences];

    const { rows: dRows } = await client.query<{ uid: string; balance: string }>('select uid, balance::text from rm.diamond_balances');
    const seen = new Set<string>();
    for (const r of dRows) {
      seen.add(r.uid);
      const expected = projected.diamonds.get(r.uid) ?? 0;
      if (Number(r.balance) !== expected) differences.push(`rm.diamond_balances ${r.uid}: ${r.balance}, replay ${expected}`);
      if (Number(r.balance) < 0) differences.push(`rm.diamond_balances ${r.uid} is negative`);
    }
    for (const [uid, balance] of projected.diamonds)
      if (!seen.has(uid) && balance !== 0) differences.push(`rm.diamond_balances has no row for ${uid} (replay ${balance})`);
    const { rows: cRows } = await client.query<{ uid: string; balance: string; credited: string; withdrawn: string }>(
      'select uid, balance::text, credited::text, withdrawn::text from rm.charm_balances',
    );
    const seenCharm = new Set<string>();
    for (const r of cRows) {
      seenCharm.add(r.uid);
      const c = projected.charm.get(r.uid) ?? { credited: 0, withdrawn: 0 };
      if (Number(r.credited) !== c.credited || Number(r.withdrawn) !== c.withdrawn || Number(r.balance) !== c.credited - c.withdrawn) {
        differences.push(`rm.charm_balances ${r.uid}: ${r.credited}/${r.withdrawn}, replay ${c.credited}/${c.withdrawn}`);
      }
      if (Number(r.balance) < 0) differences.push(`rm.charm_balances ${r.uid} is negative`);
    }
    for (const [uid, c] of projected.charm)
      if (!seenCharm.has(uid) && c.credited !== 0) differences.push(`rm.charm_balances has no row for ${uid}`);
    await client.query('commit');
    return {
      ok: differences.length === 0,
      holds: full.holds,
      events: full.events,
      lastPosition: full.lastPosition,
      totals: full.totals,
      differences,
    };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Records an audit run on the `ledger-audit` stream, so the operators' console shows the latest
 * verdict (the CLI's runs and the console's requests alike). */
export async function recordLedgerAudit(
  store: PostgresEventStore,
  result: AuditResult,
  run: { auditId: string; requestedBy: string | null; at: Date },
): Promise<void> {
  const data: LedgerAuditedData = {
    auditId: run.auditId,
    ok: result.ok,
    events: result.events,
    lastPosition: result.lastPosition.toString(),
    totals: result.totals,
    differenceCount: result.differences.length,
    differences: result.differences.slice(0, 50).map((d) => d.slice(0, 500)),
    requestedBy: run.requestedBy,
    auditedAt: run.at.toISOString(),
  };
  await store.append(streamIds.ledgerAudit(), [{ type: 'LedgerAudited', data, metadata: { idempotencyKey: `audited:${run.auditId}` } }], {
    expectedVersion: 'any',
  });
}

/** The CLI command: prints per-currency totals and every difference; non-zero exit on any. */
export async function auditCommand(pool: pg.Pool, args: string[] = []): Promise<number> {
  if (args.length > 0) return ledgerProofCommand(pool, args);
  const result = await auditLedger(pool);
  await recordLedgerAudit(new PostgresEventStore(pool), result, {
    auditId: `audit-cli-${randomUUID()}`,
    requestedBy: null,
    at: new Date(),
  });
  console.log(`ledger audit over ${result.events} money events up to position ${result.lastPosition}`);
  console.table({
    DMND: { in: result.totals.DMND.minted, out: result.totals.DMND.spent, balance: result.totals.DMND.balances },
    CHRM: { in: result.totals.CHRM.credited, out: result.totals.CHRM.withdrawn, balance: result.totals.CHRM.balances },
    USD: { in: result.totals.USD.confirmedCents / 100, out: 0, balance: result.totals.USD.confirmedCents / 100 },
  });
  for (const [currency, t] of Object.entries(result.totals.charged ?? {}))
    console.log(`charged in ${currency}: ${t.amount} (smallest unit) over ${t.payments} payment(s)`);
  console.log(
    `booking holds (diamonds): held ${result.holds.held}, released ${result.holds.released}, spent ${result.holds.spent}, still held ${result.holds.open}`,
  );
  for (const d of result.differences) console.error(`DIFFERENCE: ${d}`);
  console.log(result.ok ? 'ledger OK' : `ledger has ${result.differences.length} difference(s)`);
  return result.ok ? 0 : 1;
}
