// Agency cash-outs reach only the agency's own roster, and the rules that span
// streams around rosters and payouts hold under concurrency (docs/decisions.md, "Rules that span
// streams").
import { guildTexts } from '@murmur/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../projections/src/ledger-audit.ts';
import { joinAgency } from '../../../test-support/agency-roster.ts';
import { signUpWithWallet } from '../../../test-support/sign-up.ts';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';
import { creditDiamonds } from './ledger.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => stack?.stop());

const post = (path: string, token: string, body: unknown, headers: Record<string, string> = {}) =>
  stack.api(path, { method: 'POST', token, body, headers });
const get = (path: string, token: string, position?: string) =>
  stack.api(path, { token, headers: position ? { 'x-min-position': position } : {} });
const payment = (agency: string, creatorUid: string, amount: number, key: string) =>
  post('/wallet/creator/payment', agency, { creatorUid, amount, proofUrl: 'https://cdn.example/proof.png' }, { 'idempotency-key': key });

/** A registered creator who received a castle (2,500 charm), with the charm projected. */
async function earner(): Promise<{ uid: string; token: string; position: string }> {
  const creator = await signUpWithWallet(stack.commandUrl);
  const fan = `fan-of-${creator.uid}`;
  await creditDiamonds(stack.command.deps, {
    uid: fan,
    amount: 5000,
    reason: 'demo_grant',
    reference: 'test',
    idempotencyKey: `grant-${fan}`,
  });
  const gift = await post('/gifting/send-gift', await stack.tokenFor(fan), { giftName: 'castle', quantity: 1, recipients: [creator.uid] });
  expect(gift.status).toBe(201);
  await get('/wallet/withdraw/available', creator.token, gift.body.position);
  return { ...creator, position: gift.body.position };
}

/** An agency account with an agency of its own; `position` is that of its last roster change. */
async function agencyWith(ownerUid: string, agencyId: string, hosts: Array<{ uid: string; token: string }>): Promise<string> {
  const token = await stack.tokenFor(ownerUid, ['ag']);
  const created = await post('/guild/agencies', token, { agencyId, name: agencyId, guildSharePct: 30, hostSharePct: 70 });
  expect(created.status).toBe(201);
  lastRosterPosition = created.body.position;
  for (const host of hosts) lastRosterPosition = await joinAgency(stack, token, agencyId, host.uid, host.token);
  return token;
}
let lastRosterPosition = '0';

const types = async (streamId: string) => (await stack.command.deps.store.readStream(streamId)).events.map((e) => e.type);

describe('agency cash-outs', () => {
  it("pay and list only creators on the caller's roster; any other creator is 403", async () => {
    const mine = await earner();
    const theirs = await earner();
    const agency = await agencyWith('roster-owner', 'roster-mine', [mine]);
    const other = await agencyWith('roster-other', 'roster-theirs', [theirs]);
    const list = await get('/wallet/creator/cashout-list', agency, lastRosterPosition);
    expect(list.status).toBe(200);
    expect(list.body.items.map((i: { uid: string }) => i.uid)).toEqual([mine.uid]);
    expect(list.body.meta.totalItems).toBe(1);
    const refused = await payment(agency, theirs.uid, 1000, 'steal-1');
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(guildTexts.hostNotInAgency);
    const unknownCreator = await payment(agency, 'nobody-at-all', 1000, 'steal-2');
    expect(unknownCreator.status).toBe(403);
    // An agency with no agency of its own is refused too.
    expect((await payment(await stack.tokenFor('no-agency', ['ag']), mine.uid, 1000, 'steal-3')).status).toBe(403);
    expect((await get('/wallet/withdraw/available', theirs.token)).body.charm).toBe(2500);
    const paid = await payment(agency, mine.uid, 1000, 'pay-1');
    expect(paid.status).toBe(201);
    expect((await payment(other, theirs.uid, 1000, 'pay-2')).status).toBe(201);
    // An admin (operator) sees every creator with charm.
    const admin = await stack.tokenFor('payout-admin', ['ad']);
    const all = await get('/wallet/creator/cashout-list?limit=100', admin, paid.body.position);
    expect(all.body.items.map((i: { uid: string }) => i.uid)).toEqual(expect.arrayContaining([mine.uid, theirs.uid]));
  });

  it('a creator who left the roster can no longer be paid; a retry of a payout opened before still answers', async () => {
    const creator = await earner();
    const agency = await agencyWith('leaver-owner', 'leaver-agency', [creator]);
    const first = await payment(agency, creator.uid, 500, 'before-leaving');
    expect(first.status).toBe(201);
    const left = await stack.api(`/guild/agencies/leaver-agency/hosts/${creator.uid}`, { method: 'DELETE', token: agency });
    expect(left.status).toBe(200);
    expect((await payment(agency, creator.uid, 500, 'after-leaving')).status).toBe(403);
    const retry = await payment(agency, creator.uid, 500, 'before-leaving');
    expect(retry.status).toBe(200);
    expect(retry.body.transactionId).toBe(first.body.transactionId);
    // The retry answers with the first payout's (earlier) position: read after the removal.
    const list = await get('/wallet/creator/cashout-list', agency, left.body.position);
    expect(list.body.items).toEqual([]);
  });
});

describe('rules that span streams, under concurrency', () => {
  it('roster: two agencies invite one creator, who accepts both at once; exactly one holds them', async () => {
    const creator = await earner();
    const a = await agencyWith('race-owner-a', 'race-a', []);
    const b = await agencyWith('race-owner-b', 'race-b', []);
    const invites = await Promise.all([
      post('/guild/agencies/race-a/invitations', a, { hostUid: creator.uid }),
      post('/guild/agencies/race-b/invitations', b, { hostUid: creator.uid }),
    ]);
    expect(invites.map((r) => r.status)).toEqual([200, 200]);
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => post('/guild/invitations/race-a/accept', creator.token, {})),
      ...Array.from({ length: 5 }, () => post('/guild/invitations/race-b/accept', creator.token, {})),
    ]);
    const winners = new Set(results.flatMap((r, i) => (r.status === 200 ? [i < 5 ? 'race-a' : 'race-b'] : [])));
    expect(winners.size).toBe(1);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(5);
    expect(refused.every((r) => r.status === 422 && r.body.error.message === guildTexts.inAnotherAgency)).toBe(true);
    expect((await types(`agency-host-${creator.uid}`)).filter((t) => t === 'AgencyInvitationAccepted')).toHaveLength(1);
    const [winner] = [...winners];
    const loserId = winner === 'race-a' ? 'race-b' : 'race-a';
    // The roster followed in the same transaction: the winner's only, never the loser's.
    expect((await types(`agency-${winner}`)).filter((t) => t === 'AgencyHostAdded')).toHaveLength(1);
    expect(await types(`agency-${loserId}`)).not.toContain('AgencyHostAdded');
    const loser = winner === 'race-a' ? b : a;
    expect((await payment(loser, creator.uid, 500, 'loser-pays')).status).toBe(403);
  });

  it('payout against leaving the roster: a payout is either authorized before the release or refused', async () => {
    for (let round = 0; round < 4; round++) {
      const creator = await earner();
      const agency = await agencyWith(`leave-race-owner-${round}`, `leave-race-${round}`, [creator]);
      const [paid, removed] = await Promise.all([
        payment(agency, creator.uid, 500, `leave-race-${round}`),
        stack.api(`/guild/agencies/leave-race-${round}/hosts/${creator.uid}`, { method: 'DELETE', token: agency }),
      ]);
      expect(removed.status).toBe(200);
      const log = await types(`agency-host-${creator.uid}`);
      if (paid.status === 201) {
        expect(log).toContain('HostPayoutAuthorized');
        expect(log.indexOf('HostPayoutAuthorized')).toBeLessThan(log.indexOf('HostAgencyReleased'));
      } else {
        expect(paid.status).toBe(403);
        expect(log).not.toContain('HostPayoutAuthorized');
        expect(await types(`earnings-${creator.uid}`)).toEqual([]);
      }
    }
  });

  it('payouts: ten parallel payouts for one creator never pay out more than the charm they have', async () => {
    const creator = await earner();
    const agency = await agencyWith('parallel-owner', 'parallel-agency', [creator]);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => payment(agency, creator.uid, 1500, `parallel-${i}`)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 201).every((r) => r.status === 422)).toBe(true);
    expect((await types(`earnings-${creator.uid}`)).filter((t) => t === 'CharmWithdrawn')).toHaveLength(1);
    const audit = await auditLedger(stack.db.pool);
    expect(audit.differences).toEqual([]);
  });
});
