// `projections audit --from DAY --to DAY [--json]` (docs/decisions/ledger-proof.md, "A period's ledger"):
// every account's opening and closing balance replayed from the log alone with the ledger audit's own
// fold, the period's movements in and out, opening + movements = closing per account and in total, and
// the agency and referral settlements of the period against what was paid for them.
import type pg from 'pg';
import { forEachEventOf, LedgerReplay, MONEY_EVENT_TYPES, type Movement } from './ledger-audit.ts';
import { eventTime, parsePeriod, SETTLEMENT_EVENT_TYPES, type LedgerPeriod } from './ledger-period.ts';
import { SettlementAudit, usdtText, type AgencySettlementLine, type ReferralSettlementLine } from './settlement-audit.ts';

export interface Flow {
  opening: number;
  in: number;
  out: number;
  closing: number;
}

/** One account: `wallet-{uid}` (diamonds) or `earnings-{uid}` (charm). */
export interface AccountFlow extends Flow {
  account: string;
  currency: Movement['currency'];
  uid: string;
}

export interface PeriodAuditResult {
  ok: boolean;
  period: { from: string; to: string; start: string; end: string };
  /** Money events replayed (the whole log, up to the audit's snapshot). */
  events: number;
  lastPosition: bigint;
  accounts: AccountFlow[];
  totals: Record<Movement['currency'], Flow>;
  agencySettlements: AgencySettlementLine[];
  referralSettlements: ReferralSettlementLine[];
  differences: string[];
}

const accountOf = (currency: Movement['currency'], uid: string) => `${currency === 'DMND' ? 'wallet' : 'earnings'}-${uid}`;
const balanceOf = (replay: LedgerReplay, currency: Movement['currency'], uid: string) => {
  if (currency === 'DMND') return replay.diamonds.get(uid) ?? 0;
  const c = replay.charm.get(uid);
  return c ? c.credited - c.withdrawn : 0;
};

/** Replays the whole log once, in one repeatable-read snapshot: the events before the period make the
 * opening replay, those before its end the closing replay, and every balance change of an event inside
 * it is a movement of its account. The whole-log checks of the ledger audit come with it. */
export async function auditPeriod(pool: pg.Pool, period: LedgerPeriod, options: { batchSize?: number } = {}): Promise<PeriodAuditResult> {
  let inPeriod = false;
  const movements = new Map<string, { currency: Movement['currency']; uid: string; in: number; out: number }>();
  const whole = new LedgerReplay((m) => {
    if (!inPeriod) return;
    const key = accountOf(m.currency, m.uid);
    const flow = movements.get(key) ?? movements.set(key, { currency: m.currency, uid: m.uid, in: 0, out: 0 }).get(key)!;
    if (m.amount > 0) flow.in += m.amount;
    else flow.out -= m.amount;
  });
  const opening = new LedgerReplay();
  const closing = new LedgerReplay();
  const settlements = new SettlementAudit();
  const money = new Set<string>(MONEY_EVENT_TYPES);
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    await forEachEventOf(client, [...MONEY_EVENT_TYPES, ...SETTLEMENT_EVENT_TYPES], options.batchSize ?? 5000, (e) => {
      const at = eventTime(e);
      if (!money.has(e.type)) return settlements.apply(e, at);
      inPeriod = at >= period.start && at < period.end;
      whole.apply(e);
      if (at < period.start) opening.apply(e);
      if (at < period.end) closing.apply(e);
    });
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  whole.finish();
  // The opening and closing replays see a part of the log: only their balances are read, the checks are the whole log's.
  const differences = [...whole.differences];

  const keys = new Map<string, { currency: Movement['currency']; uid: string }>();
  for (const replay of [opening, closing]) {
    for (const uid of replay.diamonds.keys()) keys.set(accountOf('DMND', uid), { currency: 'DMND', uid });
    for (const uid of replay.charm.keys()) keys.set(accountOf('CHRM', uid), { currency: 'CHRM', uid });
  }
  for (const [key, m] of movements) keys.set(key, m);
  const totals: PeriodAuditResult['totals'] = {
    DMND: { opening: 0, in: 0, out: 0, closing: 0 },
    CHRM: { opening: 0, in: 0, out: 0, closing: 0 },
  };
  const accounts: AccountFlow[] = [];
  for (const [account, { currency, uid }] of [...keys].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const moved = movements.get(account);
    const flow = {
      opening: balanceOf(opening, currency, uid),
      in: moved?.in ?? 0,
      out: moved?.out ?? 0,
      closing: balanceOf(closing, currency, uid),
    };
    if (flow.opening === 0 && flow.in === 0 && flow.out === 0 && flow.closing === 0) continue;
    if (flow.opening + flow.in - flow.out !== flow.closing)
      differences.push(
        `${account}: opening ${flow.opening} + in ${flow.in} - out ${flow.out} is not the closing ${flow.closing} ${currency}`,
      );
    accounts.push({ account, currency, uid, ...flow });
    const t = totals[currency];
    t.opening += flow.opening;
    t.in += flow.in;
    t.out += flow.out;
    t.closing += flow.closing;
  }
  for (const [currency, t] of Object.entries(totals))
    if (t.opening + t.in - t.out !== t.closing)
      differences.push(`${currency} in total: opening ${t.opening} + in ${t.in} - out ${t.out} is not the closing ${t.closing}`);

  const settled = settlements.report(period);
  differences.push(...settled.differences);
  return {
    ok: differences.length === 0,
    period: { from: period.fromDay, to: period.toDay, start: period.start.toISOString(), end: period.end.toISOString() },
    events: whole.events,
    lastPosition: whole.lastPosition,
    accounts,
    totals,
    agencySettlements: settled.agency,
    referralSettlements: settled.referral,
    differences,
  };
}

const USAGE = 'Usage: audit --from YYYY-MM-DD --to YYYY-MM-DD [--json]  (UTC days, both included)';

const optionValue = (args: string[], name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

/** The lines a person reads; `--json` prints the result itself instead. */
export function describePeriodAudit(r: PeriodAuditResult): string[] {
  const lines = [
    `ledger of ${r.period.from} to ${r.period.to} (UTC days, both included: from ${r.period.start} included to ${r.period.end} excluded)`,
    `replayed from the log alone: ${r.events} money event(s) up to position ${r.lastPosition}; an event belongs to the instant its data records`,
    '',
    `${'account'.padEnd(40)} ${'cur'.padEnd(4)} ${'opening'.padStart(12)} ${'in'.padStart(12)} ${'out'.padStart(12)} ${'closing'.padStart(12)}`,
  ];
  const row = (name: string, currency: string, f: Flow) =>
    `${name.padEnd(40)} ${currency.padEnd(4)} ${String(f.opening).padStart(12)} ${String(f.in).padStart(12)} ${String(f.out).padStart(12)} ${String(f.closing).padStart(12)}`;
  for (const a of r.accounts) lines.push(row(a.account, a.currency, a));
  for (const [currency, t] of Object.entries(r.totals)) lines.push(row('total', currency, t));
  lines.push('', `agency settlements settled in the period: ${r.agencySettlements.length}`);
  for (const s of r.agencySettlements)
    lines.push(
      `  ${s.settlementId} (agency ${s.agencyId}, ${s.periodStart} to ${s.periodEnd}, settled ${s.settledAt}): settled ${s.settledCharm.toFixed(2)} charm, paid ${s.paidCharm.toFixed(2)}${s.pendingCharm ? `, ${s.pendingCharm.toFixed(2)} submitted and not confirmed` : ''}`,
    );
  lines.push(`referral settlements settled in the period: ${r.referralSettlements.length}`);
  for (const s of r.referralSettlements)
    lines.push(
      `  week ${s.weekId} for ${s.uid} (${s.outcome === 'settled' ? 'paid' : 'carried over'}, ${s.settledAt}): settled ${usdtText(s.settledMicroUsdt)}, transferred ${usdtText(s.transferredMicroUsdt)}`,
    );
  for (const d of r.differences) lines.push(`DIFFERENCE: ${d}`);
  lines.push(r.ok ? 'period OK' : `period has ${r.differences.length} difference(s)`);
  return lines;
}

/** The CLI command: 0 when the period proves out, 1 with differences, 2 for a period it cannot read. */
export async function periodAuditCommand(pool: pg.Pool, args: string[], out: (line: string) => void = console.log): Promise<number> {
  const period = parsePeriod(optionValue(args, '--from'), optionValue(args, '--to'));
  if ('error' in period) {
    out(`ERROR: ${period.error}`);
    out(USAGE);
    return 2;
  }
  const result = await auditPeriod(pool, period);
  if (args.includes('--json')) out(JSON.stringify(result, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2));
  else for (const line of describePeriodAudit(result)) out(line);
  return result.ok ? 0 : 1;
}
