// The guild end to end: an agency's roster (creators join only by accepting its invitation) and
// share ratios, gift receipts for its hosts only, a period settlement equal to the sum of its receipts under the ratios of the time, charm payments,
// 403 for everyone without the agency role, the operators' console (every agency's roster and
// settlements, verification once), and a rebuild during gifts equal to a full replay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guildTexts, texts } from '@murmur/contracts';
import { joinAgency } from '../../../test-support/agency-roster.ts';
import { rebuildProjection } from '../../../projections/src/rebuild.ts';
import { guildProjector } from '../../../projections/src/projectors/guild.ts';
import { replayProjection, tableRows, waitForProjection } from '../../../test-support/projection-replay.ts';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';

let stack: TestStack;
let gifts = 0;

async function gift(sender: string, recipients: string[], quantity: number, unitPrice: number, charmPerRecipient: number) {
  const r = await stack.command.deps.store.append(
    `wallet-${sender}`,
    [
      {
        type: 'GiftSent',
        data: {
          senderUid: sender,
          giftId: `g${unitPrice}`,
          giftName: `Gift ${unitPrice}`,
          quantity,
          unitPrice,
          diamondsTotal: quantity * unitPrice * recipients.length,
          recipients,
          charmPerRecipient,
          lobbyId: 'lobby-1',
          sentAt: new Date().toISOString(),
        },
      },
    ],
    { idempotencyKey: `test-gift-${++gifts}` },
  );
  return r.lastPosition;
}

beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => stack?.stop());

describe('guild', () => {
  let boss: string;
  let rival: string;
  let fan: string;
  const periodStart = new Date(Date.now() - 60_000).toISOString();

  it('refuses every guild call to a user without the agency role', async () => {
    boss = await stack.tokenFor('boss', ['ag']);
    rival = await stack.tokenFor('rival', ['ag']);
    fan = await stack.tokenFor('fan', ['co', 'h', 'cr']);
    const calls: Array<[string, string]> = [
      ['POST', '/guild/agencies'],
      ['POST', '/guild/agencies/nova/invitations'],
      ['DELETE', '/guild/agencies/nova/hosts/h1'],
      ['PUT', '/guild/agencies/nova/shares'],
      ['POST', '/guild/agencies/nova/settlements'],
      ['POST', '/guild/agencies/nova/payments'],
      ['PUT', '/guild/agencies/nova/payments/00000000-0000-4000-8000-000000000000/confirm'],
      ['GET', '/guild/agencies'],
      ['GET', '/guild/agencies/nova'],
      ['GET', '/guild/agencies/nova/receipts'],
      ['GET', '/guild/agencies/nova/preview?periodStart=2026-11-01T00:00:00Z&periodEnd=2026-11-02T00:00:00Z'],
      ['GET', '/guild/agencies/nova/settlements'],
      ['GET', '/guild/agencies/nova/payments'],
      ['GET', '/guild/agencies/nova/invitations'],
    ];
    for (const [method, path] of calls) {
      const res = await stack.api(path, { method, token: fan, body: method === 'GET' ? undefined : {} });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error.message).toBe(texts.noPermissionPage);
      expect((await stack.api(path, { method, body: method === 'GET' ? undefined : {} })).status, `${method} ${path}`).toBe(401);
    }
  });

  it('builds an agency with share ratios 1-100 and a roster of its own hosts', async () => {
    const bad = await stack.api('/guild/agencies', {
      method: 'POST',
      token: boss,
      body: { agencyId: 'nova', name: 'Nova', guildSharePct: 0, hostSharePct: 100 },
    });
    expect(bad.status).toBe(400);
    const sum = await stack.api('/guild/agencies', {
      method: 'POST',
      token: boss,
      body: { agencyId: 'nova', name: 'Nova', guildSharePct: 40, hostSharePct: 50 },
    });
    expect(sum.body.error.message).toBe(guildTexts.sharesSum);
    expect(
      (
        await stack.api('/guild/agencies', {
          method: 'POST',
          token: boss,
          body: { agencyId: 'nova', name: 'Nova', guildSharePct: 30, hostSharePct: 70 },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await stack.api('/guild/agencies', {
          method: 'POST',
          token: rival,
          body: { agencyId: 'nova', name: 'Again', guildSharePct: 30, hostSharePct: 70 },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await stack.api('/guild/agencies', {
          method: 'POST',
          token: rival,
          body: { agencyId: 'orbit', name: 'Orbit', guildSharePct: 50, hostSharePct: 50 },
        })
      ).status,
    ).toBe(201);
    let position = '0';
    for (const host of ['h1', 'h2']) position = await joinAgency(stack, boss, 'nova', host);
    const again = await stack.api('/guild/invitations/nova/accept', { method: 'POST', token: await stack.tokenFor('h1'), body: {} });
    expect([again.status, again.body.position]).toEqual([200, '0']);
    const alreadyHere = await stack.api('/guild/agencies/nova/invitations', { method: 'POST', token: boss, body: { hostUid: 'h1' } });
    expect([alreadyHere.status, alreadyHere.body.error.message]).toEqual([422, guildTexts.alreadyOnRoster]);
    // Another agency may invite h1, but h1 cannot accept while in nova.
    expect((await stack.api('/guild/agencies/orbit/invitations', { method: 'POST', token: rival, body: { hostUid: 'h1' } })).status).toBe(
      200,
    );
    const stolen = await stack.api('/guild/invitations/orbit/accept', { method: 'POST', token: await stack.tokenFor('h1'), body: {} });
    expect(stolen.status).toBe(422);
    expect(stolen.body.error.message).toBe(guildTexts.inAnotherAgency);
    expect(
      (await stack.api('/guild/invitations/orbit/decline', { method: 'POST', token: await stack.tokenFor('h1'), body: {} })).status,
    ).toBe(200);
    await joinAgency(stack, rival, 'orbit', 'h3');
    expect((await stack.api('/guild/agencies/nova/invitations', { method: 'POST', token: rival, body: { hostUid: 'h9' } })).status).toBe(
      403,
    );
    await waitForProjection(stack.db.pool, 'guild');
    const agency = await stack.api('/guild/agencies/nova', { token: boss, headers: { 'x-min-position': position } });
    expect(agency.body.roster.map((h: any) => h.uid)).toEqual(['h1', 'h2']);
    expect((await stack.api('/guild/agencies/nova', { token: rival })).status).toBe(403);
  });

  it('cannot put a user on its roster, or pay them, without their acceptance', async () => {
    const owner = await stack.tokenFor('consent-owner', ['ag']);
    const creator = await stack.tokenFor('consent-creator');
    expect(
      (
        await stack.api('/guild/agencies', {
          method: 'POST',
          token: owner,
          body: { agencyId: 'lumen', name: 'Lumen', guildSharePct: 30, hostSharePct: 70 },
        })
      ).status,
    ).toBe(201);
    const membershipLog = async () => (await stack.command.deps.store.readStream('agency-host-consent-creator')).events.map((e) => e.type);
    const roster = async (position: string) =>
      (await stack.api('/guild/agencies/lumen', { token: owner, headers: { 'x-min-position': position } })).body.roster.map(
        (h: any) => h.uid,
      );
    const pay = (key: string) =>
      stack.api('/guild/agencies/lumen/payments', {
        method: 'POST',
        token: owner,
        headers: { 'idempotency-key': key },
        body: { hostUid: 'consent-creator', amountCharm: 10, proofUrl: 'proof.png' },
      });

    // No door puts someone on a roster directly.
    expect(
      (await stack.api('/guild/agencies/lumen/hosts', { method: 'POST', token: owner, body: { hostUid: 'consent-creator' } })).status,
    ).toBe(404);
    expect(await membershipLog()).toEqual([]);

    // Invited: not on the roster, not payable; the creator sees the invitation and a notification.
    const invited = await stack.api('/guild/agencies/lumen/invitations', {
      method: 'POST',
      token: owner,
      body: { hostUid: 'consent-creator' },
    });
    expect(invited.status).toBe(200);
    const twice = await stack.api('/guild/agencies/lumen/invitations', {
      method: 'POST',
      token: owner,
      body: { hostUid: 'consent-creator' },
    });
    expect(twice.body.position).toBe('0');
    expect(await roster(invited.body.position)).toEqual([]);
    expect((await stack.api('/guild/agencies/lumen/invitations', { token: owner })).body.items.map((i: any) => i.host.uid)).toEqual([
      'consent-creator',
    ]);
    const mine = await stack.api('/guild/invitations', { token: creator, headers: { 'x-min-position': invited.body.position } });
    expect(mine.body).toMatchObject({
      membership: null,
      items: [{ agencyId: 'lumen', name: 'Lumen', invitedBy: { uid: 'consent-owner' } }],
    });
    const notes = await stack.api('/notifications', { token: creator, headers: { 'x-min-position': invited.body.position } });
    expect(notes.body.items[0]).toMatchObject({
      kind: 'agency_invitation',
      link: '/guild',
      facts: { agencyId: 'lumen', agencyName: 'Lumen' },
      actor: { uid: 'consent-owner' },
    });
    const unpaid = await pay('consent-1');
    expect([unpaid.status, unpaid.body.error.message]).toEqual([422, guildTexts.hostNotInAgency]);
    // Nobody accepts for the creator: the owner's own "accept" finds no invitation of theirs.
    expect((await stack.api('/guild/invitations/lumen/accept', { method: 'POST', token: owner, body: {} })).status).toBe(404);

    // Declined: gone, and it cannot be accepted afterwards.
    const declined = await stack.api('/guild/invitations/lumen/decline', { method: 'POST', token: creator, body: {} });
    expect(declined.status).toBe(200);
    expect((await stack.api('/guild/invitations/lumen/accept', { method: 'POST', token: creator, body: {} })).status).toBe(404);
    expect(
      (await stack.api('/guild/agencies/lumen/invitations', { token: owner, headers: { 'x-min-position': declined.body.position } })).body
        .items,
    ).toEqual([]);

    // Invited again and accepted: on the roster, payable.
    expect(
      (await stack.api('/guild/agencies/lumen/invitations', { method: 'POST', token: owner, body: { hostUid: 'consent-creator' } })).status,
    ).toBe(200);
    const accepted = await stack.api('/guild/invitations/lumen/accept', { method: 'POST', token: creator, body: {} });
    expect(accepted.status).toBe(200);
    expect(await roster(accepted.body.position)).toEqual(['consent-creator']);
    expect(
      (await stack.api('/guild/invitations', { token: creator, headers: { 'x-min-position': accepted.body.position } })).body,
    ).toMatchObject({ membership: { agencyId: 'lumen', name: 'Lumen' }, items: [] });
    expect((await pay('consent-2')).status).toBe(201);

    // The creator leaves: off the roster, not payable any more; leaving again has nothing to leave.
    const left = await stack.api('/guild/membership/leave', { method: 'POST', token: creator, body: {} });
    expect(left.status).toBe(200);
    expect(await roster(left.body.position)).toEqual([]);
    expect((await pay('consent-3')).status).toBe(422);
    const again = await stack.api('/guild/membership/leave', { method: 'POST', token: creator, body: {} });
    expect([again.status, again.body.error.message]).toEqual([422, guildTexts.notInAnyAgency]);
    expect(await membershipLog()).toEqual([
      'AgencyInvitationSent',
      'AgencyInvitationDeclined',
      'AgencyInvitationSent',
      'AgencyInvitationAccepted',
      'AgencyLeft',
    ]);
  });

  it('records receipts for its hosts at gift time and settles a period as their sum', async () => {
    await gift('fan', ['h1', 'h3', 'outsider'], 2, 50, 50); // h1 30/70; h3 is orbit's; outsider in no agency
    await gift('fan', ['h2'], 1, 15, 7); // 2.1 guild / 4.9 host
    const ratios = await stack.api('/guild/agencies/nova/shares', {
      method: 'PUT',
      token: boss,
      body: { guildSharePct: 25, hostSharePct: 75 },
    });
    expect(ratios.status).toBe(200);
    await gift('fan', ['h1'], 3, 10, 15); // at 25/75: 3.75 / 11.25
    await stack.api('/guild/agencies/nova/hosts/h2', { method: 'DELETE', token: boss });
    const last = await gift('fan', ['h2'], 1, 100, 50); // h2 left: no receipt
    await waitForProjection(stack.db.pool, 'guild');
    const receipts = await stack.api('/guild/agencies/nova/receipts?limit=50', {
      token: boss,
      headers: { 'x-min-position': String(last) },
    });
    expect(
      receipts.body.items.map((r: any) => [
        r.host.uid,
        r.sender.uid,
        r.gift.quantity,
        r.gift.diamondValue,
        r.gift.charmValue,
        r.guildSharePct,
        r.hostSharePct,
        r.guildCharm,
        r.hostCharm,
      ]),
    ).toEqual([
      ['h1', 'fan', 3, 30, 15, 25, 75, 3.75, 11.25],
      ['h2', 'fan', 1, 15, 7, 30, 70, 2.1, 4.9],
      ['h1', 'fan', 2, 100, 50, 30, 70, 15, 35],
    ]);

    const periodEnd = new Date().toISOString();
    const preview = await stack.api(`/guild/agencies/nova/preview?periodStart=${periodStart}&periodEnd=${periodEnd}`, { token: boss });
    expect(preview.body).toMatchObject({ receiptCount: 3, charmTotal: 72, guildCharm: 20.85, amountToSettle: 51.15 });
    const settled = await stack.api('/guild/agencies/nova/settlements', { method: 'POST', token: boss, body: { periodStart, periodEnd } });
    expect(settled.status).toBe(201);
    expect(settled.body).toMatchObject({ amountToSettle: 51.15, guildCharm: 20.85, charmTotal: 72, receiptCount: 3 });
    expect(settled.body.hosts.map((h: any) => [h.hostUid, h.hostCharm])).toEqual([
      ['h1', 46.25],
      ['h2', 4.9],
    ]);
    const overlap = await stack.api('/guild/agencies/nova/settlements', { method: 'POST', token: boss, body: { periodStart, periodEnd } });
    expect(overlap.status).toBe(422);
    expect(overlap.body.error.message).toBe(guildTexts.periodOverlaps);
    const future = await stack.api('/guild/agencies/nova/settlements', {
      method: 'POST',
      token: boss,
      body: { periodStart: periodEnd, periodEnd: '2099-01-01T00:00:00Z' },
    });
    expect(future.body.error.message).toBe(guildTexts.periodInvalid);

    const orbit = await stack.api('/guild/agencies/orbit/receipts', { token: rival });
    expect(orbit.body.items.map((r: any) => [r.host.uid, r.guildCharm, r.hostCharm])).toEqual([['h3', 25, 25]]);

    const payment = {
      method: 'POST',
      token: boss,
      headers: { 'idempotency-key': 'pay-h1-1' },
      body: { hostUid: 'h1', amountCharm: 46.25, proofUrl: 'https://cdn.local/proof-1.png', settlementId: settled.body.settlementId },
    };
    const pay = await stack.api('/guild/agencies/nova/payments', payment);
    expect(pay.status).toBe(201);
    const retried = await stack.api('/guild/agencies/nova/payments', payment);
    expect(retried.body.paymentId).toBe(pay.body.paymentId);
    const notOnRoster = await stack.api('/guild/agencies/nova/payments', {
      method: 'POST',
      token: boss,
      body: { hostUid: 'h3', amountCharm: 1, proofUrl: 'x.png' },
    });
    expect(notOnRoster.status).toBe(422);
    const noProof = await stack.api('/guild/agencies/nova/payments', {
      method: 'POST',
      token: boss,
      body: { hostUid: 'h1', amountCharm: 1 },
    });
    expect(noProof.status).toBe(400);
    const confirmed = await stack.api(`/guild/agencies/nova/payments/${pay.body.paymentId}/confirm`, { method: 'PUT', token: boss });
    expect(confirmed.status).toBe(200);
    await waitForProjection(stack.db.pool, 'guild');
    const settlements = await stack.api('/guild/agencies/nova/settlements', {
      token: boss,
      headers: { 'x-min-position': confirmed.body.position },
    });
    expect(settlements.body.items[0]).toMatchObject({ amountToSettle: 51.15, paidCharm: 46.25, status: 'partially_paid' });
    const payments = await stack.api('/guild/agencies/nova/payments', { token: boss });
    expect(payments.body.items[0]).toMatchObject({
      host: { uid: 'h1' },
      amountCharm: 46.25,
      status: 'confirmed',
      proofUrl: 'https://cdn.local/proof-1.png',
    });
  });

  it("lets an admin see every agency's roster and settlements and verify it once, in the audit trail", async () => {
    const admin = await stack.tokenFor('guild-admin', ['co', 'ad']);
    // Only admins: not the agency itself, not a visitor.
    for (const [method, path] of [
      ['GET', '/console/agencies'],
      ['GET', '/console/agencies/nova'],
      ['GET', '/console/agencies/nova/settlements'],
      ['POST', '/console/agencies/nova/verify'],
    ] as const) {
      expect((await stack.api(path, { method, token: boss, body: method === 'POST' ? { note: 'x' } : undefined })).status, path).toBe(403);
      expect((await stack.api(path, { method, body: method === 'POST' ? { note: 'x' } : undefined })).status, path).toBe(401);
    }
    await waitForProjection(stack.db.pool, 'guild');
    const list = await stack.api('/console/agencies', { token: admin });
    expect(list.body.items.map((a: any) => [a.agencyId, a.owner.uid, a.hostCount, a.verifiedAt])).toEqual(
      expect.arrayContaining([
        ['nova', 'boss', 1, null],
        ['orbit', 'rival', 1, null],
      ]),
    );
    const nova = await stack.api('/console/agencies/nova', { token: admin });
    expect(nova.body).toMatchObject({
      agencyId: 'nova',
      ownerUid: 'boss',
      verifiedAt: null,
      roster: [expect.objectContaining({ uid: 'h1' })],
    });
    const settlements = await stack.api('/console/agencies/nova/settlements', { token: admin });
    expect(settlements.body.items).toEqual([
      expect.objectContaining({ amountToSettle: 51.15, paidCharm: 46.25, status: 'partially_paid' }),
    ]);
    expect((await stack.api('/console/agencies/nowhere', { token: admin })).status).toBe(404);

    // A note is required; an unknown agency is not found; both write nothing.
    const events = async () => (await stack.command.deps.store.readStream('agency-nova')).events.length;
    const before = await events();
    const noNote = await stack.api('/console/agencies/nova/verify', { method: 'POST', token: admin, body: { note: ' ' } });
    expect([noNote.status, noNote.body.error.message]).toEqual([400, 'Note is required.']);
    expect((await stack.api('/console/agencies/nowhere/verify', { method: 'POST', token: admin, body: { note: 'Checked' } })).status).toBe(
      404,
    );
    expect(await events()).toBe(before);

    const verified = await stack.api('/console/agencies/nova/verify', {
      method: 'POST',
      token: admin,
      body: { note: 'Business licence checked' },
    });
    expect(verified.status).toBe(200);
    const twice = await stack.api('/console/agencies/nova/verify', { method: 'POST', token: admin, body: { note: 'Again' } });
    expect(twice.body.position).toBe('0');
    expect((await stack.command.deps.store.readStream('agency-nova')).events.filter((e) => e.type === 'AgencyVerified')).toHaveLength(1);
    const after = await stack.api('/console/agencies/nova', { token: admin, headers: { 'x-min-position': verified.body.position } });
    expect(after.body).toMatchObject({ verifiedBy: 'guild-admin' });
    expect(after.body.verifiedAt).not.toBeNull();
    await waitForProjection(stack.db.pool, 'operator-audit');
    const trail = await stack.api('/console/audit?subject=agency%3Anova', {
      token: admin,
      headers: { 'x-min-position': verified.body.position },
    });
    expect(trail.body.items).toEqual([
      expect.objectContaining({
        action: 'agency.verify',
        reason: 'Business licence checked',
        operator: expect.objectContaining({ uid: 'guild-admin' }),
      }),
    ]);
    // Verified agencies come after the ones still to verify.
    const listed = await stack.api('/console/agencies', { token: admin, headers: { 'x-min-position': verified.body.position } });
    expect(listed.body.items.map((a: any) => a.agencyId).indexOf('orbit')).toBeLessThan(
      listed.body.items.map((a: any) => a.agencyId).indexOf('nova'),
    );
  });

  it('rebuilds while gifts arrive into the same rows as a full replay', async () => {
    let stop = false;
    let n = 0;
    const writer = (async () => {
      while (!stop) await gift(`fan${n % 5}`, [['h1', 'h3', 'nobody'][n++ % 3]!], 1, 10, 5);
    })();
    await new Promise((r) => setTimeout(r, 200));
    await rebuildProjection(stack.db.pool, guildProjector, { batchSize: 500 });
    await new Promise((r) => setTimeout(r, 200));
    stop = true;
    await writer;
    expect(n).toBeGreaterThan(10);
    await waitForProjection(stack.db.pool, 'guild');
    await replayProjection(stack.db.pool, guildProjector, 'replay_guild');
    for (const table of guildProjector.tables) {
      expect(await tableRows(stack.db.pool, 'rm', table), table).toEqual(await tableRows(stack.db.pool, 'replay_guild', table));
    }
  });
});
