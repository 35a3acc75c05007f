// The period audit's settlements (docs/decisions/ledger-proof.md, "A period's ledger"): each agency
// settlement and each referral payout settled in the period against what was paid for it, from the log.
import {
  eventOf,
  type AgencyPeriodSettled,
  type CharmPaymentSubmitted,
  type ReferralPayoutCarriedOver,
  type ReferralPayoutSettled,
  type ReferralWeekSettledData,
} from '@murmur/contracts';
import type { RecordedEvent } from '@murmur/eventstore';
import { SETTLEMENT_EVENT_TYPES, type LedgerPeriod } from './ledger-period.ts';

export interface AgencySettlementLine {
  agencyId: string;
  settlementId: string;
  periodStart: string;
  periodEnd: string;
  settledAt: string;
  /** What the agency owes its hosts for the settled period (charm, to the hundredth). */
  settledCharm: number;
  /** Charm payments linked to it and confirmed, anywhere in the log. */
  paidCharm: number;
  /** Linked payments submitted and not (yet) confirmed. */
  pendingCharm: number;
  hosts: Array<{ hostUid: string; settledCharm: number; paidCharm: number }>;
}

export interface ReferralSettlementLine {
  weekId: string;
  uid: string;
  settledAt: string;
  outcome: 'settled' | 'carried_over';
  /** What the settlement pays (a carried-over one pays nothing now: its amount goes into next week). */
  settledMicroUsdt: number;
  transferredMicroUsdt: number;
}

export interface SettlementReport {
  agency: AgencySettlementLine[];
  referral: ReferralSettlementLine[];
  differences: string[];
}

/** Charm of settlements and payments is kept to the hundredth (0.01 USD). */
const cents = (charm: number) => Math.round(charm * 100);
const charmText = (charm: number) => (cents(charm) / 100).toFixed(2);
export const usdtText = (micro: number) => `${(micro / 1_000_000).toFixed(2)} USDT`;

/** Pure: folds the settlement events (in log order, each with its instant), then reports a period. */
export class SettlementAudit {
  private readonly agencySettlements = new Map<string, AgencyPeriodSettled>();
  private readonly charmPayments = new Map<string, CharmPaymentSubmitted>();
  private readonly confirmedPayments = new Set<string>();
  private readonly referralSettlements = new Map<
    string,
    { outcome: 'settled' | 'carried_over'; data: ReferralPayoutSettled | ReferralPayoutCarriedOver }
  >();
  private readonly transferred = new Map<string, number>();
  private readonly weekMarkers = new Map<string, ReferralWeekSettledData>();
  /** Each settlement's instant, by key. */
  private readonly at = new Map<string, Date>();

  apply(recorded: RecordedEvent, at: Date): void {
    const e = eventOf(recorded, SETTLEMENT_EVENT_TYPES);
    if (!e) return;
    switch (e.type) {
      case 'AgencyPeriodSettled': {
        const key = `agency/${e.data.agencyId}/${e.data.settlementId}`;
        this.agencySettlements.set(key, e.data);
        this.at.set(key, at);
        break;
      }
      case 'CharmPaymentSubmitted':
        this.charmPayments.set(`${e.data.agencyId}/${e.data.paymentId}`, e.data);
        break;
      case 'CharmPaymentConfirmed':
        this.confirmedPayments.add(`${e.data.agencyId}/${e.data.paymentId}`);
        break;
      case 'ReferralPayoutSettled':
      case 'ReferralPayoutCarriedOver': {
        const key = `referral/${e.data.weekId}/${e.data.uid}`;
        this.referralSettlements.set(key, { outcome: e.type === 'ReferralPayoutSettled' ? 'settled' : 'carried_over', data: e.data });
        this.at.set(key, at);
        break;
      }
      case 'ReferralPayoutTransferred': {
        const key = `referral/${e.data.weekId}/${e.data.uid}`;
        this.transferred.set(key, (this.transferred.get(key) ?? 0) + e.data.amountMicroUsdt);
        break;
      }
      case 'ReferralWeekSettled':
        this.weekMarkers.set(e.data.weekId, e.data);
        break;
      default: {
        const _exhaustive: never = e;
        return _exhaustive;
      }
    }
  }

  private inPeriod(key: string, period: LedgerPeriod): boolean {
    const at = this.at.get(key)!;
    return at >= period.start && at < period.end;
  }

  report(period: LedgerPeriod): SettlementReport {
    const differences: string[] = [];
    const agency: AgencySettlementLine[] = [];
    for (const [key, s] of this.agencySettlements) {
      if (!this.inPeriod(key, period)) continue;
      const name = `agency settlement ${s.settlementId} of agency ${s.agencyId} (${s.periodStart} to ${s.periodEnd})`;
      const linked = [...this.charmPayments.entries()].filter(([, p]) => p.agencyId === s.agencyId && p.settlementId === s.settlementId);
      const paidTo = new Map<string, number>();
      let paid = 0;
      let pending = 0;
      for (const [paymentKey, p] of linked) {
        if (!this.confirmedPayments.has(paymentKey)) {
          pending += cents(p.amountCharm);
          continue;
        }
        paid += cents(p.amountCharm);
        paidTo.set(p.hostUid, (paidTo.get(p.hostUid) ?? 0) + cents(p.amountCharm));
      }
      const hostSum = s.hosts.reduce((a, h) => a + cents(h.hostCharm), 0);
      if (hostSum !== cents(s.hostCharm))
        differences.push(
          `${name}: its host lines add up to ${charmText(hostSum / 100)} charm, not the ${charmText(s.hostCharm)} it settles`,
        );
      if (cents(s.guildCharm) + cents(s.hostCharm) !== cents(s.charmTotal))
        differences.push(
          `${name}: the guild's ${charmText(s.guildCharm)} and the hosts' ${charmText(s.hostCharm)} charm are not its total ${charmText(s.charmTotal)}`,
        );
      if (paid !== cents(s.hostCharm))
        differences.push(`${name}: settled ${charmText(s.hostCharm)} charm to its hosts, paid ${charmText(paid / 100)}`);
      const hosts = s.hosts.map((h) => ({
        hostUid: h.hostUid,
        settledCharm: cents(h.hostCharm) / 100,
        paidCharm: (paidTo.get(h.hostUid) ?? 0) / 100,
      }));
      for (const uid of paidTo.keys())
        if (!s.hosts.some((h) => h.hostUid === uid)) {
          differences.push(`${name}: paid ${charmText(paidTo.get(uid)! / 100)} charm to ${uid}, who has no line in it`);
          hosts.push({ hostUid: uid, settledCharm: 0, paidCharm: paidTo.get(uid)! / 100 });
        }
      agency.push({
        agencyId: s.agencyId,
        settlementId: s.settlementId,
        periodStart: s.periodStart,
        periodEnd: s.periodEnd,
        settledAt: s.settledAt,
        settledCharm: cents(s.hostCharm) / 100,
        paidCharm: paid / 100,
        pendingCharm: pending / 100,
        hosts,
      });
    }

    const referral: ReferralSettlementLine[] = [];
    const weeks = new Map<string, number>();
    for (const [key, { outcome, data: s }] of this.referralSettlements) {
      if (!this.inPeriod(key, period)) continue;
      const name = `referral settlement of week ${s.weekId} for ${s.uid}`;
      const figures = s.directMicroUsdt + s.secondLevelMicroUsdt + s.carriedInMicroUsdt;
      if (figures !== s.amountMicroUsdt)
        differences.push(
          `${name}: its amount is ${usdtText(s.amountMicroUsdt)} but direct + second level + carried in make ${usdtText(figures)}`,
        );
      const settled = outcome === 'settled' ? s.amountMicroUsdt : 0;
      const transferred = this.transferred.get(key) ?? 0;
      if (transferred !== settled) differences.push(`${name}: settled ${usdtText(settled)}, transferred ${usdtText(transferred)}`);
      weeks.set(s.weekId, (weeks.get(s.weekId) ?? 0) + settled);
      referral.push({
        weekId: s.weekId,
        uid: s.uid,
        settledAt: s.settledAt,
        outcome,
        settledMicroUsdt: settled,
        transferredMicroUsdt: transferred,
      });
    }
    // A week's marker says what the week paid; a week settled in the period is checked against it.
    for (const [weekId, paidBySettlements] of weeks) {
      const marker = this.weekMarkers.get(weekId);
      if (!marker) continue;
      const all = [...this.referralSettlements.values()]
        .filter((r) => r.data.weekId === weekId && r.outcome === 'settled')
        .reduce((a, r) => a + r.data.amountMicroUsdt, 0);
      if (marker.paidMicroUsdt !== all)
        differences.push(
          `referral week ${weekId}: its marker says ${usdtText(marker.paidMicroUsdt)} paid, its settlements ${usdtText(all)} (${usdtText(paidBySettlements)} in the period)`,
        );
    }
    agency.sort((a, b) => a.settledAt.localeCompare(b.settledAt) || a.settlementId.localeCompare(b.settlementId));
    referral.sort((a, b) => a.weekId.localeCompare(b.weekId) || a.uid.localeCompare(b.uid));
    return { agency, referral, differences };
  }
}
