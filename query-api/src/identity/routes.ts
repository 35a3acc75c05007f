// Identity's reads: the signed-in user (user/me), the account settings, the daily-claim countdown, and
// the demo's dev mailbox.
import {
  AccountSettingsDto,
  audioDefaults,
  dailyClaimAmount,
  DevMailboxQuery,
  DevSmsQuery,
  limits,
  MeDto,
  NextClaimDto,
  telegramClaim,
  texts,
} from '@murmur/contracts';
import { ApiError, defineRoute, demoSettings, parse } from '@murmur/platform';
import { audioSettings, linkedCredentials } from '@murmur/projections/queries/account-settings';
import { holdsVipBadge } from '@murmur/projections/queries/collections';
import { matureContentSetting, ownAccount, telegramClaims } from '@murmur/projections/queries/users';
import type express from 'express';
import type { z } from 'zod';
import type { QueryDeps } from '../dependencies.ts';
import { freshness } from '../freshness.ts';
import { mediaUrl } from '../media/public.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function identityRoutes(router: express.Router, deps: QueryDeps): void {
  defineRoute(
    router,
    'GET /user/me',
    async ({ me: { uid } }) => {
      const row = await ownAccount(deps.pool, uid);
      if (!row) throw new ApiError('NOT_FOUND', texts.userNotFound);
      const me: MeDto = {
        uid: row.uid,
        username: row.username,
        profilePicUrl: await mediaUrl(deps, row.profile_pic_url),
        roles: row.roles,
        hasFinishedOnboarding: row.has_finished_onboarding,
        showNSFW: row.show_nsfw,
        anonymous: row.anonymous,
        referralCode: row.referral_code,
        isWaitlist: row.is_waitlist,
      };
      return me;
    },
    { before: [freshness(deps.pool, ['users'])] },
  );

  // The settings page: mature content (and whether the birthday allows it), audio, linked sign-ins.
  defineRoute(
    router,
    'GET /user/settings',
    async ({ me: { uid } }) => {
      const [row, a, credentials] = await Promise.all([
        matureContentSetting(deps.pool, uid, limits.minimumAge),
        audioSettings(deps.pool, uid),
        linkedCredentials(deps.pool, uid),
      ]);
      if (!row) throw new ApiError('NOT_FOUND', texts.userNotFound);
      const body: AccountSettingsDto = {
        showNSFW: row.show_nsfw,
        adult: row.adult,
        defaultVolume: a?.default_volume ?? audioDefaults.defaultVolume,
        volumes: a?.volumes ?? {},
        mutes: a?.mutes ?? [],
        credentials: credentials.map((c) => ({ ...c, linkedAt: new Date(c.linkedAt).toISOString() })),
      };
      return body;
    },
    { before: [freshness(deps.pool, ['users', 'account-settings'])] },
  );

  defineRoute(
    router,
    'GET /claim/tg/next-claim',
    async ({ me: { uid } }) => {
      // VIP as the collections hold it (the VIP badge is owned exactly while VIP lasts).
      const [row, vip] = await Promise.all([telegramClaims(deps.pool, uid), holdsVipBadge(deps.pool, uid)]);
      const next = row ? new Date(row.last_claim_at.getTime() + telegramClaim.intervalSeconds * 1000) : null;
      const body: NextClaimDto = {
        canClaim: !next || next.getTime() <= Date.now(),
        nextClaimAt: next?.toISOString() ?? null,
        amount: dailyClaimAmount(vip),
        streak: row?.claim_count ?? 0,
      };
      return body;
    },
    { before: [freshness(deps.pool, ['users', 'collections'])] },
  );

  if (demoSettings().localSms) devSmsInboxRoutes(router, deps);
  // The demo's mailbox: what the dev SMTP server received (only in the demo; refused in production).
  if (!demoSettings().devMailbox) return;
  const mailbox = async (q: z.infer<typeof DevMailboxQuery>) => {
    const { rows } = await deps.pool.query<{ id: string; recipient: string; subject: string; body: string; received_at: Date }>(
      `select id::text, recipient, subject, body, received_at from dev_mailbox where ($1::text is null or recipient = lower($1)) order by dev_mailbox.id desc limit $2`,
      [q.email ?? null, q.limit],
    );
    return rows.map((r) => ({ id: r.id, to: r.recipient, subject: r.subject, text: r.body, receivedAt: r.received_at.toISOString() }));
  };
  defineRoute(router, 'GET /dev/mailbox', async ({ query }) => ({ items: await mailbox(query) }));
  defineRoute(router, 'GET /dev/mailbox.html', async (req, res) => {
    const items = await mailbox(parse(DevMailboxQuery, req.query));
    const rows = items
      .map(
        (m) =>
          `<article><h3>${escapeHtml(m.subject)}</h3><p class="meta">to ${escapeHtml(m.to)} at ${escapeHtml(m.receivedAt)}</p><pre>${escapeHtml(m.text)}</pre></article>`,
      )
      .join('');
    res.type('html').send(`<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="5"><title>Dev mailbox</title>
<style>body{font:15px system-ui;background:#111;color:#eee;max-width:720px;margin:2rem auto}article{border:1px solid #333;border-radius:8px;padding:0 1rem;margin:1rem 0}.meta{color:#999}pre{white-space:pre-wrap}</style>
<h1>Dev mailbox</h1><p class="meta">Mail sent by the demo (sign-in codes). Refreshes every 5 s.</p>${rows || '<p>No mail yet.</p>'}`);
  });
}

/** The demo's SMS inbox, beside the mailbox: the texts the local SMS provider kept instead of sending. */
function devSmsInboxRoutes(router: express.Router, deps: QueryDeps): void {
  const inbox = async (q: z.infer<typeof DevSmsQuery>) => {
    // A number is matched by its digits (an unencoded + arrives as a space).
    const to = q.to ? `+${q.to.replace(/\D/g, '')}` : null;
    const { rows } = await deps.pool.query<{ id: string; recipient: string; body: string; received_at: Date }>(
      `select id::text, recipient, body, received_at from dev_sms_inbox where ($1::text is null or recipient = $1) order by dev_sms_inbox.id desc limit $2`,
      [to, q.limit],
    );
    return rows.map((r) => ({ id: r.id, to: r.recipient, text: r.body, receivedAt: r.received_at.toISOString() }));
  };
  defineRoute(router, 'GET /dev/sms', async ({ query }) => ({ items: await inbox(query) }));
  defineRoute(router, 'GET /dev/sms.html', async (req, res) => {
    const items = await inbox(parse(DevSmsQuery, req.query));
    const rows = items
      .map(
        (m) =>
          `<article><p class="meta">to ${escapeHtml(m.to)} at ${escapeHtml(m.receivedAt)}</p><p class="text">${escapeHtml(m.text)}</p></article>`,
      )
      .join('');
    res.type('html')
      .send(`<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta http-equiv="refresh" content="5"><title>Dev SMS inbox</title>
<style>body{font:15px system-ui;background:#111;color:#eee;max-width:720px;margin:2rem auto;padding:0 1rem}article{border:1px solid #333;border-radius:12px;padding:.25rem 1rem;margin:1rem 0;background:#1b1b1f}.meta{color:#999;font-size:13px}.text{font-size:17px}</style>
<h1>Dev SMS inbox</h1><p class="meta">Texts the demo would have sent to mobile numbers (sign-in codes). Refreshes every 5 s. <a style="color:#9cf" href="/api/v1/dev/mailbox.html">Dev mailbox</a></p>${rows || '<p>No texts yet.</p>'}`);
  });
}
