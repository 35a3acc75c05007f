// Named reads of the referral-earnings projector's tables (rm.referral_*): other workspaces ask
// these, never SQL.
import type { PayoutWallet } from '@murmur/contracts';
import type { Runner } from './runner.ts';

/** One beneficiary's referral rewards in a week (micro-USDT sums, as text) and their own top-ups. */
export interface WeekRewardsRow {
  uid: string;
  direct: string;
  second: string;
  /** How many rewards. */
  n: number;
  /** The beneficiary's own top-ups that week, in diamonds, or null when none. */
  own: string | null;
}

/** The owner of a referral code (normalized), or null. */
export async function referralCodeOwner(runner: Runner, code: string): Promise<string | null> {
  const { rows } = await runner.query<{ uid: string }>('select uid from rm.referral_codes where code = $1', [code]);
  return rows[0]?.uid ?? null;
}

/** The first week with a referral reward, or null before any. */
export async function firstRewardWeek(runner: Runner): Promise<string | null> {
  const { rows } = await runner.query<{ w: string | null }>('select min(week_id) as w from rm.referral_rewards');
  return rows[0]?.w ?? null;
}

/** A week's rewards summed per beneficiary. */
export async function weekRewardsByBeneficiary(runner: Runner, weekId: string): Promise<WeekRewardsRow[]> {
  const { rows } = await runner.query<WeekRewardsRow>(
    `select r.beneficiary_uid as uid,
            coalesce(sum(r.amount_micro) filter (where r.level = 1), 0) as direct,
            coalesce(sum(r.amount_micro) filter (where r.level = 2), 0) as second,
            count(*)::int as n,
            (select t.diamonds from rm.referral_topups t where t.uid = r.beneficiary_uid and t.week_id = $1) as own
       from rm.referral_rewards r where r.week_id = $1 group by r.beneficiary_uid`,
    [weekId],
  );
  return rows;
}

/** Weeks with a settled (paid) payout whose transfer was not recorded. */
export async function weeksWithUntransferredPayouts(runner: Runner): Promise<string[]> {
  const { rows } = await runner.query<{ week_id: string }>(
    `select distinct week_id from rm.referral_payouts where status = 'paid' and tx_hash is null`,
  );
  return rows.map((r) => r.week_id);
}

/** The beneficiaries of a week's settled (paid) payouts whose transfer was not recorded. */
export async function untransferredPayoutsOfWeek(runner: Runner, weekId: string): Promise<string[]> {
  const { rows } = await runner.query<{ uid: string }>(
    `select uid from rm.referral_payouts where week_id = $1 and status = 'paid' and tx_hash is null`,
    [weekId],
  );
  return rows.map((r) => r.uid);
}

/** A user's referral summary; sums in micro-USDT and diamonds are bigint text. */
export interface ReferralSummaryRow {
  code: string | null;
  referrer: string | null;
  registered_at: Date | null;
  wallet: PayoutWallet | null;
  direct: number;
  indirect: number;
  topped_up: number;
  paid: string;
  last_amount: string | null;
  last_status: 'paid' | 'carried_over' | null;
  /** Unpaid rewards that count: every direct one, and second-level ones of weeks the user unlocked. */
  pending: string;
  /** Unpaid second-level rewards of weeks the user has not (yet) unlocked. */
  locked: string;
  own_week: string | null;
}

/** The summary of `uid`'s referrals in week `weekId`, a second-level week unlocking at `unlockDiamonds` own top-ups. */
export async function referralSummary(runner: Runner, uid: string, weekId: string, unlockDiamonds: number): Promise<ReferralSummaryRow> {
  const { rows } = await runner.query<ReferralSummaryRow>(
    `select
         coalesce((select code from rm.referral_links where uid = $1), (select own_code from rm.referral_users where uid = $1)) as code,
         (select referrer_uid from rm.referral_edges where uid = $1) as referrer,
         (select registered_at from rm.referral_users where uid = $1) as registered_at,
         (select json_build_object('address', address, 'chainId', chain_id) from rm.referral_wallets where uid = $1) as wallet,
         (select count(*)::int from rm.referral_edges where referrer_uid = $1) as direct,
         (select count(*)::int from rm.referral_edges e2 join rm.referral_edges e1 on e2.referrer_uid = e1.uid where e1.referrer_uid = $1) as indirect,
         (select count(distinct t.uid)::int from rm.referral_topups t
            where t.uid in (select uid from rm.referral_edges where referrer_uid = $1
                            union select e2.uid from rm.referral_edges e2 join rm.referral_edges e1 on e2.referrer_uid = e1.uid where e1.referrer_uid = $1)) as topped_up,
         (select coalesce(sum(amount_micro), 0) from rm.referral_payouts where uid = $1 and status = 'paid') as paid,
         (select amount_micro from rm.referral_payouts where uid = $1 order by week_id desc limit 1) as last_amount,
         (select status from rm.referral_payouts where uid = $1 order by week_id desc limit 1) as last_status,
         (select coalesce(sum(r.amount_micro) filter (where r.level = 1 or coalesce(t.diamonds, 0) >= $3), 0)
            from rm.referral_rewards r
            left join rm.referral_topups t on t.uid = r.beneficiary_uid and t.week_id = r.week_id
            left join rm.referral_payouts p on p.uid = r.beneficiary_uid and p.week_id = r.week_id
           where r.beneficiary_uid = $1 and p.uid is null) as pending,
         (select coalesce(sum(r.amount_micro) filter (where r.level = 2 and coalesce(t.diamonds, 0) < $3), 0)
            from rm.referral_rewards r
            left join rm.referral_topups t on t.uid = r.beneficiary_uid and t.week_id = r.week_id
            left join rm.referral_payouts p on p.uid = r.beneficiary_uid and p.week_id = r.week_id
           where r.beneficiary_uid = $1 and p.uid is null) as locked,
         (select diamonds from rm.referral_topups where uid = $1 and week_id = $2) as own_week`,
    [uid, weekId, unlockDiamonds],
  );
  return rows[0]!;
}

export interface InviteeRow {
  uid: string;
  bound_at: Date;
  type: 'direct' | 'indirect';
  username: string | null;
  topped_up: boolean;
}

/** A page of the users `uid` invited, directly or through a direct invitee, newest first. */
export async function inviteePage(
  runner: Runner,
  p: { uid: string; type: 'direct' | 'indirect' | null; limit: number; offset: number },
): Promise<{ rows: InviteeRow[]; total: number }> {
  const base = `
      with invitees as (
        select e.uid, e.bound_at, 'direct'::text as type from rm.referral_edges e where e.referrer_uid = $1
        union all
        select e2.uid, e2.bound_at, 'indirect' from rm.referral_edges e2 join rm.referral_edges e1 on e2.referrer_uid = e1.uid where e1.referrer_uid = $1
      )
      select i.uid, i.bound_at, i.type, u.username,
             exists (select 1 from rm.referral_topups t where t.uid = i.uid) as topped_up
        from invitees i left join rm.referral_users u on u.uid = i.uid
       where ($2::text is null or i.type = $2)`;
  const [{ rows }, { rows: count }] = await Promise.all([
    runner.query<InviteeRow>(`${base} order by i.bound_at desc, i.uid limit $3 offset $4`, [p.uid, p.type, p.limit, p.offset]),
    runner.query<{ n: number }>(`select count(*)::int as n from (${base}) x`, [p.uid, p.type]),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** A reward with its week's own top-ups and payout (if settled); bigint columns as text. */
export interface RewardRecordRow {
  source_position: string;
  invitee_uid: string;
  level: 1 | 2;
  topup_diamonds: string;
  percent: number;
  amount_micro: string;
  week_id: string;
  earned_at: Date;
  own_week: string;
  payout_status: 'paid' | 'carried_over' | null;
  unlocked: boolean | null;
  username: string | null;
}

/** A page of the rewards `uid` earned, newest first. */
export async function rewardRecordPage(
  runner: Runner,
  p: { uid: string; limit: number; offset: number },
): Promise<{ rows: RewardRecordRow[]; total: number }> {
  const [{ rows }, { rows: count }] = await Promise.all([
    runner.query<RewardRecordRow>(
      `select r.source_position::text as source_position, r.invitee_uid, r.level, r.topup_diamonds, r.percent, r.amount_micro,
                r.week_id, r.earned_at, coalesce(t.diamonds, 0) as own_week, p.status as payout_status, p.unlocked, u.username
           from rm.referral_rewards r
           left join rm.referral_topups t on t.uid = r.beneficiary_uid and t.week_id = r.week_id
           left join rm.referral_payouts p on p.uid = r.beneficiary_uid and p.week_id = r.week_id
           left join rm.referral_users u on u.uid = r.invitee_uid
          where r.beneficiary_uid = $1
          order by r.source_position desc limit $2 offset $3`,
      [p.uid, p.limit, p.offset],
    ),
    runner.query<{ n: number }>('select count(*)::int as n from rm.referral_rewards where beneficiary_uid = $1', [p.uid]),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** A weekly payout row; micro-USDT amounts as text. */
export interface PayoutRow {
  week_id: string;
  uid: string;
  status: 'paid' | 'carried_over';
  reason: string | null;
  amount_micro: string;
  direct_micro: string;
  second_level_micro: string;
  forfeited_micro: string;
  carried_in_micro: string;
  reward_count: number;
  unlocked: boolean;
  wallet_address: string | null;
  wallet_chain_id: number | null;
  tx_hash: string | null;
  settled_at: Date;
  position: string;
}

/** A page of `uid`'s weekly payouts, newest week first. */
export async function payoutPage(
  runner: Runner,
  p: { uid: string; limit: number; offset: number },
): Promise<{ rows: PayoutRow[]; total: number }> {
  const [{ rows }, { rows: count }] = await Promise.all([
    runner.query<PayoutRow>(`select * from rm.referral_payouts where uid = $1 order by week_id desc limit $2 offset $3`, [
      p.uid,
      p.limit,
      p.offset,
    ]),
    runner.query<{ n: number }>('select count(*)::int as n from rm.referral_payouts where uid = $1', [p.uid]),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** The latest 26 weeks that have payouts, newest first. */
export async function payoutWeeks(runner: Runner): Promise<string[]> {
  const { rows } = await runner.query<{ week_id: string }>(
    'select distinct week_id from rm.referral_payouts order by week_id desc limit 26',
  );
  return rows.map((r) => r.week_id);
}

/** A page of one week's payouts, largest first, with the week's totals: how many, the micro-USDT paid
 * (as text, null when none) and how many were carried over. */
export async function weekPayoutPage(
  runner: Runner,
  p: { weekId: string | null; limit: number; offset: number },
): Promise<{ rows: PayoutRow[]; total: number; paidMicro: string | null; carried: number }> {
  const [{ rows }, totals] = await Promise.all([
    runner.query<PayoutRow>('select * from rm.referral_payouts where week_id = $1 order by amount_micro desc, uid limit $2 offset $3', [
      p.weekId,
      p.limit,
      p.offset,
    ]),
    runner.query<{ n: number; paid: string | null; carried: number }>(
      `select count(*)::int as n, sum(amount_micro) filter (where status = 'settled')::text as paid, count(*) filter (where status <> 'settled')::int as carried
           from rm.referral_payouts where week_id = $1`,
      [p.weekId],
    ),
  ]);
  const t = totals.rows[0];
  return { rows, total: t?.n ?? 0, paidMicro: t?.paid ?? null, carried: t?.carried ?? 0 };
}
