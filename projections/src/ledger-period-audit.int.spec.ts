// A period's ledger from the log: money moved before, inside and after a period of two UTC days by
// real commands on a clock moved across the days; the report's opening, movements and closing equal
// what the two users' wallets showed at the period's edges, and the period's agency and referral
// settlements are checked against what was paid, an altered one named.
import { streamIds } from '@murmur/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpWithWallet } from '../../test-support/sign-up.ts';
import { startTestStack, type TestStack } from '../../test-support/stack.ts';
import { periodAuditCommand, type PeriodAuditResult } from './ledger-period-audit.ts';

let stack: TestStack;
/** The command side's clock; the tokens stay on the real one. */
let clockAt = Date.now();
const now = () => new Date(clockAt);

const DAY_MS = 86_400_000;
/** Two days from now (UTC midnight): the day before the period. */
const d0 = Math.floor(Date.now() / DAY_MS) * DAY_MS + 2 * DAY_MS;
const day = (n: number) => new Date(d0 + n * DAY_MS).toISOString().slice(0, 10);
const from = day(1);
const to = day(2);

let amy: { uid: string; token: string };
let bob: { uid: string; token: string };
const seen: Record<'opening' | 'closing', { amyDiamonds: number; bobCharm: number }> = {
  opening: { amyDiamonds: -1, bobCharm: -1 },
  closing: { amyDiamonds: -1, bobCharm: -1 },
};

const post = async (token: string, path: string, body: unknown, key?: string) => {
  const res = await stack.api(path, { method: 'POST', token, body, headers: key ? { 'idempotency-key': key } : {} });
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body as { position: string };
};
const gift = (giftName: string, quantity: number) =>
  post(amy.token, '/gifting/send-gift', { giftName, quantity, recipients: [bob.uid] }, `gift-${giftName}-${clockAt}`);
const withdraw = (amount: number) =>
  post(bob.token, '/wallet/withdraw', { amount, address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72' }, `wd-${clockAt}`);

/** What the two wallets show once the query side has applied `position` (a read answered stale, past
 * its bounded wait on a loaded machine, is read again). */
async function wallets(position: string) {
  const read = async (path: string, token: string) => {
    for (;;) {
      const res = await stack.api(path, { token, headers: { 'x-min-position': position } });
      if (res.headers.get('x-stale') !== 'true') return res.body;
    }
  };
  const balance = await read('/wallet/balance', amy.token);
  const available = await read('/wallet/withdraw/available', bob.token);
  return { amyDiamonds: balance.diamonds as number, bobCharm: available.charm as number };
}

async function audit(args: string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await periodAuditCommand(stack.db.pool, args, (l) => lines.push(l));
  return { code, lines };
}

const append = (stream: string, type: string, data: Record<string, unknown>, key: string) =>
  stack.command.deps.store.append(stream, [{ type, data, metadata: { idempotencyKey: key } }] as never, { expectedVersion: 'any' });

beforeAll(async () => {
  stack = await startTestStack({ commandOverrides: { clock: { now } } });
  bob = await signUpWithWallet(stack.commandUrl);
  amy = { uid: `amy-${bob.uid.slice(0, 8)}`, token: '' };
  amy.token = await stack.tokenFor(amy.uid);

  // Before the period: amy tops up 60 USD (6000 diamonds) and sends bob a castle (5000 diamonds, 2500 charm);
  // an agency settled an earlier period.
  clockAt = d0 + 10 * 3_600_000;
  await post(amy.token, '/payment/topup/pay', { channelCode: 'sandbox', value: 60 }, 'amy-topup-before');
  let last = await gift('castle', 1);
  await append(
    streamIds.agency('nova'),
    'AgencyPeriodSettled',
    settlement('s-before', 10, [{ hostUid: bob.uid, hostCharm: 10 }], new Date(clockAt)),
    'settle-before',
  );
  clockAt = d0 + DAY_MS - 1;
  seen.opening = await wallets(last.position);

  // Inside: amy tops up 10 USD (1000 diamonds) and sends ten roses (100 diamonds, 50 charm); bob
  // withdraws 600 charm in the period's last millisecond; an agency settlement paid in full and a
  // referral payout transferred.
  clockAt = d0 + DAY_MS;
  await post(amy.token, '/payment/topup/pay', { channelCode: 'sandbox', value: 10 }, 'amy-topup');
  clockAt = d0 + DAY_MS + 3_600_000;
  await gift('rose', 10);
  await append(
    streamIds.agency('nova'),
    'AgencyPeriodSettled',
    settlement('s-inside', 51.15, [{ hostUid: bob.uid, hostCharm: 51.15 }], new Date(clockAt)),
    'settle-inside',
  );
  const payment = { agencyId: 'nova', paymentId: 'pay-1', hostUid: bob.uid };
  await append(
    streamIds.agency('nova'),
    'CharmPaymentSubmitted',
    { ...payment, amountCharm: 51.15, proofUrl: 'https://cdn.local/p.png', settlementId: 's-inside', submittedAt: now().toISOString() },
    'pay-1-submitted',
  );
  await append(streamIds.agency('nova'), 'CharmPaymentConfirmed', { ...payment, confirmedAt: now().toISOString() }, 'pay-1-confirmed');
  const week = day(1);
  const figures = { weekId: week, uid: amy.uid, directMicroUsdt: 5_000_000, secondLevelMicroUsdt: 1_000_000, forfeitedMicroUsdt: 0 };
  await append(
    streamIds.referralSettlement(week, amy.uid),
    'ReferralPayoutSettled',
    {
      ...figures,
      carriedInMicroUsdt: 0,
      amountMicroUsdt: 6_000_000,
      rewardCount: 2,
      unlocked: true,
      settledAt: now().toISOString(),
      wallet: { address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72', chainId: 1 },
    },
    'referral-settled',
  );
  await append(
    streamIds.referralSettlement(week, amy.uid),
    'ReferralPayoutTransferred',
    { weekId: week, uid: amy.uid, txHash: '0xabc', amountMicroUsdt: 6_000_000, transferredAt: now().toISOString() },
    'referral-transferred',
  );
  clockAt = d0 + 3 * DAY_MS - 1;
  last = await withdraw(600);
  seen.closing = await wallets(last.position);

  // After, from the first millisecond of the next day: more roses, another withdrawal.
  clockAt = d0 + 3 * DAY_MS;
  await gift('rose', 10);
  await withdraw(500);
});
afterAll(async () => stack?.stop());

function settlement(settlementId: string, hostCharm: number, hosts: Array<{ hostUid: string; hostCharm: number }>, at: Date) {
  return {
    agencyId: 'nova',
    settlementId,
    periodStart: new Date(at.getTime() - 7 * DAY_MS).toISOString(),
    periodEnd: at.toISOString(),
    receiptCount: 1,
    diamondTotal: 0,
    charmTotal: hostCharm * 2,
    guildCharm: hostCharm,
    hostCharm,
    hosts: hosts.map((h) => ({ ...h, receipts: 1, charm: h.hostCharm * 2, guildCharm: h.hostCharm, diamonds: 0 })),
    settledAt: at.toISOString(),
  };
}

describe('audit --from --to', () => {
  it("states each wallet's opening and closing as its owner saw them, and the period's movements", async () => {
    expect(seen.opening).toEqual({ amyDiamonds: 1000, bobCharm: 2500 });
    expect(seen.closing).toEqual({ amyDiamonds: 1900, bobCharm: 1950 });
    const { code, lines } = await audit(['--from', from, '--to', to, '--json']);
    const report = JSON.parse(lines.join('\n')) as PeriodAuditResult;
    expect(report.differences).toEqual([]);
    expect(code).toBe(0);
    expect(report.period).toEqual({ from, to, start: `${from}T00:00:00.000Z`, end: `${day(3)}T00:00:00.000Z` });
    const account = (name: string) => report.accounts.find((a) => a.account === name);
    expect(account(`wallet-${amy.uid}`)).toMatchObject({
      currency: 'DMND',
      opening: seen.opening.amyDiamonds,
      in: 1000,
      out: 100,
      closing: seen.closing.amyDiamonds,
    });
    expect(account(`earnings-${bob.uid}`)).toMatchObject({
      currency: 'CHRM',
      opening: seen.opening.bobCharm,
      in: 50,
      out: 600,
      closing: seen.closing.bobCharm,
    });
    expect(report.totals.DMND).toEqual({ opening: 1000, in: 1000, out: 100, closing: 1900 });
    expect(report.agencySettlements.map((s) => [s.settlementId, s.settledCharm, s.paidCharm])).toEqual([['s-inside', 51.15, 51.15]]);
    expect(report.referralSettlements).toEqual([
      expect.objectContaining({ uid: amy.uid, outcome: 'settled', settledMicroUsdt: 6_000_000, transferredMicroUsdt: 6_000_000 }),
    ]);
  });

  it('reads the same for a person, the day the period ends included', async () => {
    const { code, lines } = await audit(['--from', from, '--to', to]);
    expect(code).toBe(0);
    expect(lines[0]).toBe(
      `ledger of ${from} to ${to} (UTC days, both included: from ${from}T00:00:00.000Z included to ${day(3)}T00:00:00.000Z excluded)`,
    );
    expect(lines.find((l) => l.startsWith(`earnings-${bob.uid}`))?.split(/\s+/)).toEqual([
      `earnings-${bob.uid}`,
      'CHRM',
      '2500',
      '50',
      '600',
      '1950',
    ]);
    expect(lines.find((l) => l.includes('s-inside'))).toMatch(/^ {2}s-inside \(agency nova, .*\): settled 51\.15 charm, paid 51\.15$/);
    expect(lines).toContain(
      `  week ${day(1)} for ${amy.uid} (paid, ${new Date(d0 + DAY_MS + 3_600_000).toISOString()}): settled 6.00 USDT, transferred 6.00 USDT`,
    );
    expect(lines.at(-1)).toBe('period OK');
    // The next day alone: the last withdrawal and roses are its movements, from the closing above.
    const after = await audit(['--from', day(3), '--to', day(3), '--json']);
    const next = JSON.parse(after.lines.join('\n')) as PeriodAuditResult;
    expect(next.accounts.find((a) => a.account === `earnings-${bob.uid}`)).toMatchObject({
      opening: 1950,
      in: 50,
      out: 500,
      closing: 1500,
    });
    expect(next.agencySettlements).toEqual([]);
  });

  it('names an altered settlement whose payment no longer equals it', async () => {
    await tamper(
      `update events set data = jsonb_set(data, '{hostCharm}', '60') where type = 'AgencyPeriodSettled' and data->>'settlementId' = 's-inside'`,
    );
    await tamper(
      `update events set data = jsonb_set(data, '{amountMicroUsdt}', '4000000') where type = 'ReferralPayoutTransferred' and data->>'uid' = $1`,
      [amy.uid],
    );
    const { code, lines } = await audit(['--from', from, '--to', to]);
    expect(code).toBe(1);
    const name = lines.find((l) => l.includes('s-inside'))!;
    expect(name).toContain('settled 60.00 charm, paid 51.15');
    const differences = lines.filter((l) => l.startsWith('DIFFERENCE: '));
    expect(differences).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^DIFFERENCE: agency settlement s-inside of agency nova \(.*\): settled 60\.00 charm to its hosts, paid 51\.15$/,
        ),
        expect.stringMatching(
          /^DIFFERENCE: agency settlement s-inside of agency nova \(.*\): its host lines add up to 51\.15 charm, not the 60\.00 it settles$/,
        ),
        `DIFFERENCE: referral settlement of week ${day(1)} for ${amy.uid}: settled 6.00 USDT, transferred 4.00 USDT`,
      ]),
    );
    expect(lines.at(-1)).toBe(`period has ${differences.length} difference(s)`);
  });

  it('refuses a period it cannot read with a clear error', async () => {
    const cases: Array<[string[], string]> = [
      [['--from', '2026-02-30', '--to', '2026-03-01'], 'ERROR: --from "2026-02-30" is not a day: write it as YYYY-MM-DD (UTC).'],
      [['--from', '2026-03-01'], 'ERROR: --to needs a UTC day, written YYYY-MM-DD.'],
      [['--from', '2026-03-05', '--to', '2026-03-01'], 'ERROR: --from 2026-03-05 is after --to 2026-03-01.'],
      [['--from', '1/3/2026', '--to', '2026-03-01'], 'ERROR: --from "1/3/2026" is not a day: write it as YYYY-MM-DD (UTC).'],
    ];
    for (const [args, error] of cases) {
      const { code, lines } = await audit(args);
      expect(code, args.join(' ')).toBe(2);
      expect(lines[0]).toBe(error);
    }
  });
});

/** Rewrites the log as someone with the database's keys could: the append-only trigger is skipped for this session only. */
async function tamper(sql: string, values: unknown[] = []): Promise<void> {
  const client = await stack.db.pool.connect();
  try {
    await client.query(`set session_replication_role = replica`);
    await client.query(sql, values);
    await client.query(`set session_replication_role = origin`);
  } finally {
    client.release();
  }
}
