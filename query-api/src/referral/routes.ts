// Referral queries (docs/decisions/referral.md): referral details, the invitee table (username, date,
// status Topped Up / Registered, type direct / indirect), reward records and weekly payouts.
import {
  formatUsdt,
  pageMeta,
  referral,
  ReferralDetailsDto,
  referralPercents,
  weekIdOf,
  type InviteeDto,
  type PayoutDto,
  type RewardRecordDto,
} from '@murmur/contracts';
import { defineRoute } from '@murmur/platform';
import type express from 'express';
import { z } from 'zod';
import type { QueryDeps } from '../dependencies.ts';
import { freshness } from '../freshness.ts';
import { lookupUsers } from '../user-directory.ts';
import { inviteePage, payoutPage, referralSummary, rewardRecordPage } from '@murmur/projections/queries/referral-earnings';

const DAY_MS = 86_400_000;

export function referralQueryRoutes(router: express.Router, deps: QueryDeps): void {
  const publicUrl = z.string().url().default('http://localhost:3000').parse(process.env.PUBLIC_URL).replace(/\/$/, '');
  const linkBase = z.string().url().default(`${publicUrl}/login`).parse(process.env.REFERRAL_LINK_BASE);
  const fresh = freshness(deps.pool, ['referral-earnings']);

  defineRoute(
    router,
    'GET /referral/referral-details',
    async ({ me: { uid } }) => {
      const now = new Date();
      const week = weekIdOf(now);
      const r = await referralSummary(deps.pool, uid, week, referral.secondLevelWeeklyTopUpDiamonds);
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
      return details;
    },
    { before: [fresh] },
  );

  defineRoute(
    router,
    'GET /referral/referrals',
    async ({ me: { uid }, query }) => {
      const { rows, total } = await inviteePage(deps.pool, {
        uid,
        type: query.type ?? null,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
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
      return { items, meta: pageMeta(query, total, items.length) };
    },
    { before: [fresh] },
  );

  defineRoute(
    router,
    'GET /referral/reward-records',
    async ({ me: { uid }, query }) => {
      const { rows, total } = await rewardRecordPage(deps.pool, { uid, limit: query.limit, offset: (query.page - 1) * query.limit });
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
      return { items, meta: pageMeta(query, total, items.length) };
    },
    { before: [fresh] },
  );

  defineRoute(
    router,
    'GET /referral/payouts',
    async ({ me: { uid }, query }) => {
      const { rows, total } = await payoutPage(deps.pool, { uid, limit: query.limit, offset: (query.page - 1) * query.limit });
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
      return { items, meta: pageMeta(query, total, items.length) };
    },
    { before: [fresh] },
  );
}
