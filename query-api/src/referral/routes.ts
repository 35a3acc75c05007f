// Referral queries (docs/decisions/referral.md): referral details, the invitee table (username, date,
// status Topped Up / Registered, type direct / indirect), reward records and weekly payouts.
import {
  formatUsdt,
  InviteePage,
  PageQuery,
  pageMeta,
  PayoutPage,
  referral,
  ReferralDetailsDto,
  referralPercents,
  RewardRecordPage,
  weekIdOf,
  type InviteeDto,
  type PayoutDto,
  type RewardRecordDto,
  InviteeQuery,
} from '@murmur/contracts';
import { currentUser, parse, requireAuth, send } from '@murmur/platform';
import type express from 'express';
import { z } from 'zod';
import type { QueryDeps } from '../dependencies.ts';
import { freshness } from '../freshness.ts';
import { lookupUsers } from '../user-directory.ts';

const DAY_MS = 86_400_000;

export function referralQueryRoutes(router: express.Router, deps: QueryDeps): void {
  const publicUrl = z.string().url().default('http://localhost:3000').parse(process.env.PUBLIC_URL).replace(/\/$/, '');
  const linkBase = z.string().url().default(`${publicUrl}/login`).parse(process.env.REFERRAL_LINK_BASE);
  const fresh = freshness(deps.pool, ['referral-earnings']);

  router.get('/referral/referral-details', requireAuth(), fresh, async (req, res) => {
    const { uid } = currentUser(req);
    const now = new Date();
    const week = weekIdOf(now);
    const { rows } = await deps.pool.query(
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
      [uid, week, referral.secondLevelWeeklyTopUpDiamonds],
    );
    const r = rows[0];
    const users = await lookupUsers(deps, r.referrer ? [r.referrer] : []);
    const registeredAt: Date | null = r.registered_at ?? null;
    const deadline = registeredAt ? new Date(registeredAt.getTime() + referral.referrerWindowDays * DAY_MS) : null;
    const ownWeek = Number(r.own_week ?? 0);
    const details: ReferralDetailsDto = {
      code: r.code,
      link: r.code ? `${linkBase}?referralCode=${encodeURIComponent(r.code)}` : null,
      referrer: r.referrer ? { uid: r.referrer, username: users.get(r.referrer)!.username } : null,
      canAddReferrer: !r.referrer && deadline !== null && deadline.getTime() >= now.getTime(),
      referrerDeadline: deadline?.toISOString() ?? null,
      wallet: r.wallet,
      invitees: { direct: r.direct, indirect: r.indirect, toppedUp: r.topped_up },
      earnings: {
        pendingUsdt: formatUsdt(Number(r.pending)),
        lockedUsdt: formatUsdt(Number(r.locked)),
        paidUsdt: formatUsdt(Number(r.paid)),
        carriedOverUsdt: formatUsdt(r.last_status === 'carried_over' ? Number(r.last_amount) : 0),
      },
      thisWeek: {
        weekId: week,
        ownTopUpDiamonds: ownWeek,
        unlockDiamonds: referral.secondLevelWeeklyTopUpDiamonds,
        secondLevelUnlocked: ownWeek >= referral.secondLevelWeeklyTopUpDiamonds,
      },
      rules: {
        directPercent: referralPercents.direct,
        secondLevelPercent: referralPercents.secondLevel,
        unlockDiamonds: referral.secondLevelWeeklyTopUpDiamonds,
        minimumPayoutUsdt: referral.minimumPayoutUsdt,
        referrerWindowDays: referral.referrerWindowDays,
      },
    };
    send(res, ReferralDetailsDto, details);
  });

  router.get('/referral/referrals', requireAuth(), fresh, async (req, res) => {
    const { uid } = currentUser(req);
    const query = parse(InviteeQuery, req.query);
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
      deps.pool.query(`${base} order by i.bound_at desc, i.uid limit $3 offset $4`, [
        uid,
        query.type ?? null,
        query.limit,
        (query.page - 1) * query.limit,
      ]),
      deps.pool.query<{ n: number }>(`select count(*)::int as n from (${base}) x`, [uid, query.type ?? null]),
    ]);
    const users = await lookupUsers(
      deps,
      rows.map((r) => r.uid),
    );
    const items: InviteeDto[] = rows.map((r) => ({
      uid: r.uid,
      username: users.get(r.uid)?.username !== r.uid ? users.get(r.uid)!.username : (r.username ?? r.uid),
      date: new Date(r.bound_at).toISOString(),
      status: r.topped_up ? 'Topped Up' : 'Registered',
      type: r.type,
    }));
    send(res, InviteePage, { items, meta: pageMeta(query, count[0]?.n ?? 0, items.length) });
  });

  router.get('/referral/reward-records', requireAuth(), fresh, async (req, res) => {
    const { uid } = currentUser(req);
    const query = parse(PageQuery, req.query);
    const [{ rows }, { rows: count }] = await Promise.all([
      deps.pool.query(
        `select r.source_position::text as source_position, r.invitee_uid, r.level, r.topup_diamonds, r.percent, r.amount_micro,
                r.week_id, r.earned_at, coalesce(t.diamonds, 0) as own_week, p.status as payout_status, p.unlocked, u.username
           from rm.referral_rewards r
           left join rm.referral_topups t on t.uid = r.beneficiary_uid and t.week_id = r.week_id
           left join rm.referral_payouts p on p.uid = r.beneficiary_uid and p.week_id = r.week_id
           left join rm.referral_users u on u.uid = r.invitee_uid
          where r.beneficiary_uid = $1
          order by r.source_position desc limit $2 offset $3`,
        [uid, query.limit, (query.page - 1) * query.limit],
      ),
      deps.pool.query<{ n: number }>('select count(*)::int as n from rm.referral_rewards where beneficiary_uid = $1', [uid]),
    ]);
    const users = await lookupUsers(
      deps,
      rows.map((r) => r.invitee_uid),
    );
    const items: RewardRecordDto[] = rows.map((r) => {
      const unlocked = r.payout_status ? r.unlocked === true : Number(r.own_week) >= referral.secondLevelWeeklyTopUpDiamonds;
      let status: RewardRecordDto['status'];
      if (r.level === 2 && !unlocked) status = r.payout_status ? 'forfeited' : 'locked';
      else status = r.payout_status === 'paid' ? 'paid' : r.payout_status === 'carried_over' ? 'carried_over' : 'pending';
      const known = users.get(r.invitee_uid)!;
      return {
        id: `${r.source_position}:${uid}`,
        sourcePosition: r.source_position,
        inviteeUid: r.invitee_uid,
        inviteeUsername: known.username !== r.invitee_uid ? known.username : (r.username ?? r.invitee_uid),
        level: r.level,
        topUpDiamonds: Number(r.topup_diamonds),
        percent: r.percent,
        amountUsdt: formatUsdt(Number(r.amount_micro)),
        weekId: r.week_id,
        earnedAt: new Date(r.earned_at).toISOString(),
        status,
      };
    });
    send(res, RewardRecordPage, { items, meta: pageMeta(query, count[0]?.n ?? 0, items.length) });
  });

  router.get('/referral/payouts', requireAuth(), fresh, async (req, res) => {
    const { uid } = currentUser(req);
    const query = parse(PageQuery, req.query);
    const [{ rows }, { rows: count }] = await Promise.all([
      deps.pool.query(`select * from rm.referral_payouts where uid = $1 order by week_id desc limit $2 offset $3`, [
        uid,
        query.limit,
        (query.page - 1) * query.limit,
      ]),
      deps.pool.query<{ n: number }>('select count(*)::int as n from rm.referral_payouts where uid = $1', [uid]),
    ]);
    const items: PayoutDto[] = rows.map((r) => ({
      weekId: r.week_id,
      status: r.status,
      reason: r.reason,
      amountUsdt: formatUsdt(Number(r.amount_micro)),
      directUsdt: formatUsdt(Number(r.direct_micro)),
      secondLevelUsdt: formatUsdt(Number(r.second_level_micro)),
      forfeitedUsdt: formatUsdt(Number(r.forfeited_micro)),
      carriedInUsdt: formatUsdt(Number(r.carried_in_micro)),
      unlocked: r.unlocked,
      wallet: r.wallet_address,
      txHash: r.tx_hash,
      settledAt: new Date(r.settled_at).toISOString(),
    }));
    send(res, PayoutPage, { items, meta: pageMeta(query, count[0]?.n ?? 0, items.length) });
  });
}
