// The projectors that fold a batch of gifts into one write per row must leave exactly the rows
// that applying the same log one event at a time leaves: live with a batch of one event, then a
// rebuild (batches of 2,000) over the same log, compared row for row.
import { PostgresEventStore, subscriptionCaughtUp, type NewEvent } from '@murmur/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test-support/database.ts';
import { ensureReadModels } from '../read-models.ts';
import { rebuildProjection } from '../rebuild.ts';
import { ProjectionRunner } from '../runner.ts';
import { giftWallProjector } from './gift-wall.ts';
import { notificationsProjector } from './notifications.ts';
import { progressionProjector } from './progression.ts';

const projectors = [progressionProjector, notificationsProjector, giftWallProjector];

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await ensureReadModels(db.pool);
});
afterAll(async () => db?.drop());

async function snapshot(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const p of projectors)
    for (const table of p.tables) out[table] = (await db.pool.query(`select * from rm.${table} t order by t::text`)).rows;
  return out;
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 23, 50) + minute * 60_000).toISOString();

function gift(i: number, recipients: string[], lobbyId?: string): NewEvent {
  const quantity = 1 + (i % 4);
  return {
    type: 'GiftSent',
    data: {
      senderUid: `fan${i % 3}`,
      giftId: i % 2 ? 'rose' : 'star',
      giftName: i % 2 ? 'Rose' : 'Star',
      quantity,
      unitPrice: 7,
      diamondsTotal: quantity * 7 * recipients.length,
      recipients,
      charmPerRecipient: quantity * 3,
      ...(lobbyId ? { lobbyId } : {}),
      // Across midnight (UTC), so daily EXP and metrics fall on two days.
      sentAt: at(i),
    },
  };
}

describe('gift batches', () => {
  it('leave the same rows, folded per batch, as the log applied one event at a time', async () => {
    const store = new PostgresEventStore(db.pool);
    await store.append('lobby-l1', [
      {
        type: 'LobbyCreated',
        data: {
          lobbyId: 'l1',
          ownerUid: 'host0',
          kind: 'public',
          info: {
            title: 'Gifts',
            tag: '',
            description: '',
            languages: ['ENG'],
            lobbyPhoto: null,
            mainCategoryId: 'chatting',
            backgroundId: 'b',
            isLive: true,
          },
          requiredDiamonds: 0,
          seatCount: 8,
          createdAt: at(0),
        },
      },
    ]);
    for (let f = 0; f < 3; f++)
      await store.append(`wallet-fan${f}`, [
        {
          type: 'DiamondsCredited',
          data: { uid: `fan${f}`, amount: 100_000, reason: 'demo_grant', reference: `r${f}`, creditedAt: at(0) },
        },
      ]);
    const events: NewEvent[] = [];
    for (let i = 0; i < 40; i++) {
      // Many hosts, a host twice in one gift, a sender gifting themself, gifts in and out of a lobby.
      const recipients = i % 7 === 0 ? ['host1', 'host1'] : i % 5 === 0 ? [`fan${i % 3}`, 'host2'] : [`host${i % 3}`];
      events.push(gift(i, recipients, i % 2 ? 'l1' : i % 3 ? 'no-such-lobby' : undefined));
      if (i === 17) events.push({ type: 'NotificationsRead', data: { uid: 'host1', upToSeq: 3, readAt: at(i) } });
      if (i === 23)
        events.push({
          type: 'UserSignedIn',
          data: { uid: 'host1', sessionId: 's', method: 'guest', visitorId: null, deviceInfo: null, signedInAt: at(i) },
        });
    }
    // Appended in runs of several events, so a batch holds gifts beside the other events.
    for (let i = 0; i < events.length; i += 6) await store.append(`mixed-${i}`, events.slice(i, i + 6));

    const runner = new ProjectionRunner(db.pool, db.url, projectors, { batchSize: 1, lanes: 1, pollIntervalMs: 20 });
    await runner.start();
    for (let i = 0; i < 1000 && !(await Promise.all(projectors.map((p) => subscriptionCaughtUp(db.pool, p.name)))).every(Boolean); i++)
      await new Promise((r) => setTimeout(r, 50));
    await runner.stop();
    const oneByOne = await snapshot();

    // What a user sees: host1's gifts received, its notifications numbered 1..n without a gap.
    const host1Received = (oneByOne.progression_metrics as Array<{ uid: string; period_id: string; metric: string; value: string }>).find(
      (m) => m.uid === 'host1' && m.period_id === 'all' && m.metric === 'gifts_received',
    );
    const expected = events
      .filter((e) => e.type === 'GiftSent')
      .reduce((n, e) => {
        const d = e.data as { quantity: number; recipients: string[] };
        return n + d.quantity * d.recipients.filter((r) => r === 'host1').length;
      }, 0);
    expect(Number(host1Received?.value)).toBe(expected);
    const seqs = (oneByOne.notifications as Array<{ uid: string; seq: string }>).filter((n) => n.uid === 'host1').map((n) => Number(n.seq));
    expect(seqs.sort((a, b) => a - b)).toEqual(seqs.map((_, i) => i + 1));
    expect((oneByOne.lobby_progress as Array<{ gift_diamonds: string }>)[0]!.gift_diamonds).not.toBe('0');
    expect(oneByOne.progression_exp_log!.length).toBeGreaterThan(20);

    for (const p of projectors) await rebuildProjection(db.pool, p);
    expect(await snapshot()).toEqual(oneByOne);
  });
});
