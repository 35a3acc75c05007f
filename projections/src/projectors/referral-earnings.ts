// Referral earnings and invitees (docs/decisions/referral.md). From registrations,
// bindings and top-ups it keeps the referral tree as it stood at each top-up, every user's own
// weekly top-ups (weeks in UTC from Monday) and one reward row per (top-up event, beneficiary):
// 10% to the direct referrer, 5% to the second level, of the cash the top-up brought in (the
// credit's `amountUsdCents`, or its confirmed payment's for older credits), never of the diamonds'
// face value. Whether a second-level row pays is decided
// at settlement from the beneficiary's own top-ups of that week. Settlement outcomes are folded in.
import { isPaidCredit, normalizeReferralCode, referralPercents, rewardMicroUsdt, usdCentsForDiamonds, weekIdOf } from '@murmur/contracts';
import type pg from 'pg';
import { defineProjector, ident, type ProjectedEvent } from '../projector.ts';

/** Credits that are money coming in: a top-up and the first-top-up offer package. */

const handles = [
  'UserRegistered',
  'ReferralLinkCreated',
  'ReferrerBound',
  'PayoutWalletBound',
  'PaymentConfirmed',
  'DiamondsCredited',
  'ReferralPayoutSettled',
  'ReferralPayoutCarriedOver',
  'ReferralPayoutTransferred',
] as const;
type ReferralEarningsEvent = ProjectedEvent<(typeof handles)[number]>;

export const referralEarnings = defineProjector({
  name: 'referral-earnings',
  tables: [
    'referral_users',
    'referral_codes',
    'referral_links',
    'referral_edges',
    'referral_wallets',
    'referral_topups',
    'referral_rewards',
    'referral_payouts',
    'referral_payments',
  ],
  handles,
  async createTables(client, schema) {
    const s = ident(schema);
    await client.query(`
      create table if not exists ${s}.referral_users (
        uid text primary key, username text not null, own_code text, registered_at timestamptz not null);
      create table if not exists ${s}.referral_codes (code text primary key, uid text not null);
      create table if not exists ${s}.referral_links (uid text primary key, code text not null, updated_at timestamptz not null);
      create table if not exists ${s}.referral_edges (
        uid text primary key, referrer_uid text not null, code text, source text not null,
        bound_at timestamptz not null, position bigint not null);
      create index if not exists referral_edges_referrer on ${s}.referral_edges (referrer_uid);
      create table if not exists ${s}.referral_wallets (uid text primary key, address text not null, chain_id int not null);
      create table if not exists ${s}.referral_topups (
        uid text not null, week_id text not null, diamonds bigint not null, top_ups int not null,
        primary key (uid, week_id));
      create table if not exists ${s}.referral_rewards (
        source_position bigint not null, beneficiary_uid text not null, invitee_uid text not null,
        level smallint not null, topup_diamonds bigint not null, percent int not null,
        amount_micro bigint not null, week_id text not null, earned_at timestamptz not null,
        primary key (source_position, beneficiary_uid));
      create index if not exists referral_rewards_beneficiary on ${s}.referral_rewards (beneficiary_uid, week_id);
      create index if not exists referral_rewards_week on ${s}.referral_rewards (week_id);
      create table if not exists ${s}.referral_payouts (
        week_id text not null, uid text not null, status text not null, reason text,
        amount_micro bigint not null, direct_micro bigint not null, second_level_micro bigint not null,
        forfeited_micro bigint not null, carried_in_micro bigint not null, reward_count int not null,
        unlocked boolean not null, wallet_address text, wallet_chain_id int, tx_hash text,
        settled_at timestamptz not null, position bigint not null,
        primary key (week_id, uid));
      create index if not exists referral_payouts_uid on ${s}.referral_payouts (uid, week_id);
      create table if not exists ${s}.referral_payments (payment_id text primary key, amount_usd_cents bigint not null);
    `);
  },
  async apply(events, { client, schema }) {
    const s = ident(schema);
    // Order matters (a binding before a top-up changes who earns), so events go one by one.
    for (const e of events) await applyOne(client, s, e);
  },
});

async function edgeOf(client: pg.PoolClient, s: string, uid: string): Promise<string | null> {
  const { rows } = await client.query<{ referrer_uid: string }>(`select referrer_uid from ${s}.referral_edges where uid = $1`, [uid]);
  return rows[0]?.referrer_uid ?? null;
}

async function paidCents(client: pg.PoolClient, s: string, paymentId: string | null): Promise<number> {
  if (!paymentId) return 0;
  const { rows } = await client.query<{ cents: string }>(
    `select amount_usd_cents::text as cents from ${s}.referral_payments where payment_id = $1`,
    [paymentId],
  );
  return Number(rows[0]?.cents ?? 0);
}

async function bind(
  client: pg.PoolClient,
  s: string,
  e: ReferralEarningsEvent,
  uid: string,
  referrerUid: string,
  code: string | null,
  source: string,
  at: string,
) {
  if (uid === referrerUid) return;
  await client.query(
    `insert into ${s}.referral_edges (uid, referrer_uid, code, source, bound_at, position) values ($1, $2, $3, $4, $5, $6)
     on conflict (uid) do nothing`,
    [uid, referrerUid, code, source, at, e.globalPosition.toString()],
  );
}

async function applyOne(client: pg.PoolClient, s: string, e: ReferralEarningsEvent): Promise<void> {
  const recordedAt = e.createdAt.toISOString();
  switch (e.type) {
    case 'UserRegistered': {
      const d = e.data;
      const { uid, registeredAt: at } = d;
      const own = d.referralCode || null;
      await client.query(
        `insert into ${s}.referral_users (uid, username, own_code, registered_at) values ($1, $2, $3, $4) on conflict (uid) do nothing`,
        [uid, d.username || uid, own ? normalizeReferralCode(own) : null, at],
      );
      if (own)
        await client.query(`insert into ${s}.referral_codes (code, uid) values ($1, $2) on conflict (code) do nothing`, [
          normalizeReferralCode(own),
          uid,
        ]);
      const used = d.referredByCode;
      if (used) {
        const { rows } = await client.query<{ uid: string }>(`select uid from ${s}.referral_codes where code = $1`, [
          normalizeReferralCode(used),
        ]);
        const referrer = rows[0]?.uid;
        if (referrer) await bind(client, s, e, uid, referrer, normalizeReferralCode(used), 'registration', at);
      }
      return;
    }
    case 'ReferralLinkCreated': {
      const { uid, code, createdAt } = e.data;
      await client.query(`insert into ${s}.referral_codes (code, uid) values ($1, $2) on conflict (code) do nothing`, [code, uid]);
      await client.query(
        `insert into ${s}.referral_links (uid, code, updated_at) values ($1, $2, $3)
         on conflict (uid) do update set code = excluded.code, updated_at = excluded.updated_at`,
        [uid, code, createdAt],
      );
      return;
    }
    case 'ReferrerBound': {
      const d = e.data;
      await bind(client, s, e, d.uid, d.referrerUid, d.code || null, 'connect', d.boundAt);
      return;
    }
    case 'PayoutWalletBound': {
      const d = e.data;
      await client.query(
        `insert into ${s}.referral_wallets (uid, address, chain_id) values ($1, $2, $3)
         on conflict (uid) do update set address = excluded.address, chain_id = excluded.chain_id`,
        [d.uid, d.address, d.chainId],
      );
      return;
    }
    case 'PaymentConfirmed': {
      // Only for credits written before they carried the cash received (see DiamondsCredited).
      const d = e.data;
      await client.query(`insert into ${s}.referral_payments (payment_id, amount_usd_cents) values ($1, $2) on conflict do nothing`, [
        d.paymentId,
        d.amountUsdCents,
      ]);
      return;
    }
    case 'DiamondsCredited': {
      const d = e.data;
      if (!isPaidCredit(d.reason)) return;
      const { uid, amount: diamonds, creditedAt: at } = d;
      const cents = d.amountUsdCents || (await paidCents(client, s, d.reference || null)) || usdCentsForDiamonds(diamonds);
      const week = weekIdOf(new Date(at));
      await client.query(
        `insert into ${s}.referral_topups as t (uid, week_id, diamonds, top_ups) values ($1, $2, $3, 1)
         on conflict (uid, week_id) do update set diamonds = t.diamonds + excluded.diamonds, top_ups = t.top_ups + 1`,
        [uid, week, diamonds],
      );
      const direct = await edgeOf(client, s, uid);
      if (!direct) return;
      const second = await edgeOf(client, s, direct);
      const rows: Array<[string, number, number]> = [[direct, 1, referralPercents.direct]];
      if (second && second !== uid) rows.push([second, 2, referralPercents.secondLevel]);
      for (const [beneficiary, level, percent] of rows) {
        await client.query(
          `insert into ${s}.referral_rewards
             (source_position, beneficiary_uid, invitee_uid, level, topup_diamonds, percent, amount_micro, week_id, earned_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict do nothing`,
          [e.globalPosition.toString(), beneficiary, uid, level, diamonds, percent, rewardMicroUsdt(cents, percent), week, at],
        );
      }
      return;
    }
    case 'ReferralPayoutSettled':
    case 'ReferralPayoutCarriedOver': {
      const d = e.data;
      const wallet = e.type === 'ReferralPayoutSettled' ? e.data.wallet : null;
      const reason = e.type === 'ReferralPayoutCarriedOver' ? e.data.reason : null;
      await client.query(
        `insert into ${s}.referral_payouts (week_id, uid, status, reason, amount_micro, direct_micro, second_level_micro,
            forfeited_micro, carried_in_micro, reward_count, unlocked, wallet_address, wallet_chain_id, tx_hash, settled_at, position)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, null, $14, $15) on conflict (week_id, uid) do nothing`,
        [
          d.weekId,
          d.uid,
          e.type === 'ReferralPayoutSettled' ? 'paid' : 'carried_over',
          reason,
          d.amountMicroUsdt,
          d.directMicroUsdt,
          d.secondLevelMicroUsdt,
          d.forfeitedMicroUsdt,
          d.carriedInMicroUsdt,
          d.rewardCount,
          d.unlocked,
          wallet?.address ?? null,
          wallet?.chainId ?? null,
          d.settledAt || recordedAt,
          e.globalPosition.toString(),
        ],
      );
      return;
    }
    case 'ReferralPayoutTransferred': {
      const d = e.data;
      await client.query(`update ${s}.referral_payouts set tx_hash = $3 where week_id = $1 and uid = $2`, [d.weekId, d.uid, d.txHash]);
      return;
    }
    default: {
      const _exhaustive: never = e;
      return _exhaustive;
    }
  }
}
