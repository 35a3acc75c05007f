// The EXP loop: one person's two accounts send each other gifts every day for a simulated month
// (the command API's clock moved a day at a time), chat up to the daily EXP cap, join each other with
// the friend token, and claim every mission, quest step and fragment combine the moment it opens.
// Whatever they do, the diamonds credited back to them (mission and quest rewards, level rewards,
// anything minted) must never exceed the diamonds their gifts cost. Over real HTTP and the real
// database; the ledger audit proves the ledger at the end.
import { fragments, missions, quests, streamIds } from '@murmur/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../projections/src/ledger-audit.ts';
import { MovableClock } from '../../../test-support/identity.ts';
import { waitForProjection } from '../../../test-support/projection-replay.ts';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';
import { creditDiamonds } from '../wallet/ledger.ts';

const DAY_S = 86_400;
const DAYS = 30;
const FUNDING = 10_000;
const accounts = ['loop-a', 'loop-b'] as const;

let stack: TestStack;
const clock = new MovableClock();

beforeAll(async () => {
  stack = await startTestStack({ commandOverrides: { clock } });
  // The month starts on a Monday at 00:30 UTC, so it spans five weekly periods and thirty days.
  const now = new Date();
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + ((8 - now.getUTCDay()) % 7 || 7), 0, 30));
  clock.offsetMs = monday.getTime() - Date.now();
});
afterAll(async () => stack?.stop());

async function post(token: string, path: string, body: unknown = {}) {
  return stack.api(path, { method: 'POST', token, body });
}

async function register(uid: string) {
  await stack.command.deps.store.append(
    streamIds.user(uid),
    [
      {
        type: 'UserRegistered',
        data: {
          uid,
          method: 'guest',
          anonymous: false,
          username: `${uid}-name`,
          profilePicUrl: null,
          roles: ['co'],
          referralCode: `${uid}-code`,
          referredByCode: null,
          email: null,
          walletAddress: null,
          walletEnvironment: null,
          providerSubject: null,
          provider: null,
          telegramId: null,
          visitorId: null,
          deviceInfo: null,
          registeredAt: clock.now().toISOString(),
        },
      },
    ],
    { expectedVersion: 'no_stream' },
  );
}

/** Diamonds spent on gifts and credited otherwise than the funding, over both accounts. */
async function ledgerOfBoth(): Promise<{ spentOnGifts: number; creditedBack: number }> {
  let spentOnGifts = 0;
  let creditedBack = 0;
  for (const uid of accounts) {
    for (const e of (await stack.command.deps.store.readStream(streamIds.wallet(uid))).events) {
      if (e.type === 'GiftSent') spentOnGifts += Number(e.data.diamondsTotal);
      else if (e.type === 'DiamondsCredited' && e.data.reason !== 'demo_grant') creditedBack += Number(e.data.amount);
    }
  }
  return { spentOnGifts, creditedBack };
}

describe('the EXP loop between two accounts of one person', () => {
  it('never credits back more diamonds than the gifts cost, over a month of daily caps', async () => {
    const tokens: Record<string, string> = {};
    for (const uid of accounts) {
      await register(uid);
      tokens[uid] = await stack.tokenFor(uid);
      await creditDiamonds(stack.command.deps, {
        uid,
        amount: FUNDING,
        reason: 'demo_grant',
        reference: 'loop-funding',
        idempotencyKey: `loop-funding-${uid}`,
      });
    }
    // The second account joins the first with its friend token (200 EXP each at level 5).
    const token = await post(tokens['loop-a']!, '/progression/frens/token');
    expect(token.status).toBe(200);
    await waitForProjection(stack.db.pool, 'progression');
    expect((await post(tokens['loop-b']!, '/progression/frens/join', { token: token.body.token })).status).toBe(200);

    const questSteps = quests.flatMap((q) => q.steps.map((s) => s.id));
    const won = { missions: 0, quests: 0, combines: 0 };
    const questsDone = new Set<string>();
    let messages = 0;
    for (let day = 0; day < DAYS; day++) {
      for (const [i, uid] of accounts.entries()) {
        const other = accounts[1 - i]!;
        // One rose a day for the daily mission; on Mondays ten more, for the other account's
        // weekly "receive 10 gifts" (the cheapest way to it: 10 diamonds a gift).
        const daily = await post(tokens[uid]!, '/gifting/send-gift', { giftName: 'rose', quantity: 1, recipients: [other] });
        expect([day, uid, daily.status]).toEqual([day, uid, 201]);
        if (day % 7 === 0)
          expect((await post(tokens[uid]!, '/gifting/send-gift', { giftName: 'rose', quantity: 10, recipients: [other] })).status).toBe(
            201,
          );
        // Chat costs nothing: the daily cap's worth (20 EXP) and the chat mission.
        await stack.command.deps.store.append(
          streamIds.chat('loop-lobby', uid),
          Array.from({ length: 20 }, () => ({
            type: 'ChatMessagePosted' as const,
            data: {
              lobbyId: 'loop-lobby',
              roomId: null,
              messageId: `loop-m${++messages}`,
              uid,
              messageType: 'text' as const,
              title: null,
              body: 'hi',
              postedAt: clock.now().toISOString(),
            },
          })),
        );
      }
      await waitForProjection(stack.db.pool, 'progression');
      // Level-ups are announced from the projection; then claim everything that opened.
      await new Promise((r) => setTimeout(r, 300));
      await waitForProjection(stack.db.pool, 'progression');
      for (const uid of accounts) {
        for (const m of missions) {
          const r = await post(tokens[uid]!, `/progression/missions/${m.id}/claim`);
          if (r.status === 200 && !r.body.duplicate) won.missions++;
        }
        // A quest step is claimed once for life: only the steps not yet claimed are tried again.
        for (const step of questSteps.filter((s) => !questsDone.has(`${uid}/${s}`))) {
          const r = await post(tokens[uid]!, `/progression/quests/${step}/claim`);
          if (r.status === 200 && !r.body.duplicate) won.quests++;
          if (r.status === 200) questsDone.add(`${uid}/${step}`);
        }
        for (const f of fragments) {
          if ((await post(tokens[uid]!, '/progression/fragments/combine', { kind: f.kind })).status === 200) won.combines++;
        }
      }
      // Checked every day, not only at the end: at no point did the loop pay.
      const ledger = await ledgerOfBoth();
      expect(ledger.creditedBack, JSON.stringify({ day, ...ledger, won })).toBeLessThanOrEqual(ledger.spentOnGifts);
      clock.advance(DAY_S);
    }

    const ledger = await ledgerOfBoth();
    // The loop did run: daily and weekly missions and quest steps were claimed, some paying diamonds.
    expect(won.missions).toBeGreaterThanOrEqual(DAYS * 2 * 2);
    expect(won.quests).toBeGreaterThan(0);
    expect(ledger.creditedBack).toBeGreaterThan(0);
    expect(ledger.creditedBack).toBeLessThanOrEqual(ledger.spentOnGifts);
    const claimed = await Promise.all(
      accounts.map(
        async (uid) =>
          (await stack.command.deps.store.readStream(streamIds.progression(uid))).events.filter((e) => e.type === 'RewardClaimed').length,
      ),
    );
    expect(claimed.every((c) => c > DAYS)).toBe(true);

    await waitForProjection(stack.db.pool, 'wallet-balances');
    const audit = await auditLedger(stack.db.pool);
    expect(audit.differences).toEqual([]);
  }, 600_000);
});
