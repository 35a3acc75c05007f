// Balances: diamonds per wallet and charm per recipient (credited by GiftSent, which only grows;
// withdrawn by the earnings stream). A batch is folded into one row change per user first, so a
// host receiving thousands of gifts costs one row update per batch.
import { defineProjector, ident, type ProjectedEvent } from '../projector.ts';

const handles = [
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
] as const;

export interface BalanceDeltas {
  diamonds: Map<string, { credited: number; spent: number }>;
  charm: Map<string, { credited: number; withdrawn: number }>;
}

/** Pure: the batch's change per user. */
export function balanceDeltas(events: Array<ProjectedEvent<(typeof handles)[number]>>): BalanceDeltas {
  const diamonds = new Map<string, { credited: number; spent: number }>();
  const charm = new Map<string, { credited: number; withdrawn: number }>();
  const d = (uid: string) => diamonds.get(uid) ?? diamonds.set(uid, { credited: 0, spent: 0 }).get(uid)!;
  const c = (uid: string) => charm.get(uid) ?? charm.set(uid, { credited: 0, withdrawn: 0 }).get(uid)!;
  for (const e of events) {
    switch (e.type) {
      case 'DiamondsCredited': {
        const data = e.data;
        d(data.uid).credited += data.amount;
        break;
      }
      case 'DiamondsSpent': {
        const data = e.data;
        d(data.uid).spent += data.amount;
        break;
      }
      case 'SkuPurchased': {
        const data = e.data;
        d(data.uid).spent += data.diamondsTotal;
        break;
      }
      case 'GiftSent': {
        const data = e.data;
        d(data.senderUid).spent += data.diamondsTotal;
        for (const r of data.recipients) c(r).credited += data.charmPerRecipient;
        break;
      }
      case 'SubscribedToCreator': {
        // Like a gift: decided on the subscriber's wallet, the creator's charm credited here.
        const data = e.data;
        d(data.subscriberUid).spent += data.diamonds;
        c(data.creatorUid).credited += data.charm;
        break;
      }
      // A booking's hold is out of the balance (counted as spent) until released; spent, it is the host's charm.
      case 'DiamondsHeld': {
        const data = e.data;
        d(data.uid).spent += data.amount;
        break;
      }
      case 'HoldReleased': {
        const data = e.data;
        d(data.uid).spent -= data.amount;
        break;
      }
      case 'HoldSpent': {
        const data = e.data;
        c(data.recipientUid).credited += data.charm;
        break;
      }
      case 'CharmWithdrawn': {
        const data = e.data;
        c(data.uid).withdrawn += data.charm;
        break;
      }
      case 'WithdrawalFailed': {
        const data = e.data;
        c(data.uid).withdrawn -= data.charm;
        break;
      }
      default: {
        const _exhaustive: never = e;
        return _exhaustive;
      }
    }
  }
  return { diamonds, charm };
}

export const walletBalances = defineProjector({
  name: 'wallet-balances',
  tables: ['diamond_balances', 'charm_balances'],
  handles,
  async createTables(client, schema) {
    const s = ident(schema);
    await client.query(`create table if not exists ${s}.diamond_balances (
      uid text primary key,
      balance bigint not null default 0,
      credited bigint not null default 0,
      spent bigint not null default 0,
      updated_at timestamptz not null default now()
    )`);
    await client.query(`create table if not exists ${s}.charm_balances (
      uid text primary key,
      balance bigint not null default 0,
      credited bigint not null default 0,
      withdrawn bigint not null default 0,
      updated_at timestamptz not null default now()
    )`);
  },
  async apply(events, { client, schema }) {
    const s = ident(schema);
    const { diamonds, charm } = balanceDeltas(events);
    if (diamonds.size > 0) {
      const rows = [...diamonds];
      await client.query(
        `insert into ${s}.diamond_balances as b (uid, balance, credited, spent)
         select uid, c - sp, c, sp from unnest($1::text[], $2::bigint[], $3::bigint[]) as t(uid, c, sp)
         on conflict (uid) do update set balance = b.balance + excluded.balance, credited = b.credited + excluded.credited,
           spent = b.spent + excluded.spent, updated_at = now()`,
        [rows.map(([u]) => u), rows.map(([, r]) => r.credited), rows.map(([, r]) => r.spent)],
      );
    }
    if (charm.size > 0) {
      const rows = [...charm];
      await client.query(
        `insert into ${s}.charm_balances as b (uid, balance, credited, withdrawn)
         select uid, c - w, c, w from unnest($1::text[], $2::bigint[], $3::bigint[]) as t(uid, c, w)
         on conflict (uid) do update set balance = b.balance + excluded.balance, credited = b.credited + excluded.credited,
           withdrawn = b.withdrawn + excluded.withdrawn, updated_at = now()`,
        [rows.map(([u]) => u), rows.map(([, r]) => r.credited), rows.map(([, r]) => r.withdrawn)],
      );
    }
  },
});
