// Named reads of the referral-earnings projector's tables (rm.referral_*): other workspaces ask
// these, never SQL.
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
