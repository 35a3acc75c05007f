// Identity's reads: the signed-in user (user/me), the account settings, the daily-claim countdown, and
// the demo's dev mailbox.
import {
  AccountSettingsDto,
  audioDefaults,
  dailyClaimAmount,
  DevMailbox,
  DevSmsInbox,
  limits,
  MeDto,
  NextClaimDto,
  telegramClaim,
  texts,
  type LinkedCredentialDto,
  type RoleCode,
} from '@murmur/contracts';
import { ApiError, currentUser, demoSettings, parse, requireAuth, send } from '@murmur/platform';
import type express from 'express';
import { z } from 'zod';
import type { QueryDeps } from '../dependencies.ts';
import { freshness } from '../freshness.ts';
import { mediaUrl } from '../media/routes.ts';

const MailboxQuery = z.object({ email: z.string().max(254).optional(), limit: z.coerce.number().int().min(1).max(100).default(20) });

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function identityRoutes(router: express.Router, deps: QueryDeps): void {
  router.get('/user/me', requireAuth(), freshness(deps.pool, ['users']), async (req, res) => {
    const { uid } = currentUser(req);
    const { rows } = await deps.pool.query<{
      uid: string;
      username: string;
      profile_pic_url: string | null;
      roles: RoleCode[];
      has_finished_onboarding: boolean;
      show_nsfw: boolean;
      anonymous: boolean;
      referral_code: string;
      is_waitlist: boolean;
    }>(
      'select uid, username, profile_pic_url, roles, has_finished_onboarding, show_nsfw, anonymous, referral_code, is_waitlist from rm.users where uid = $1',
      [uid],
    );
    const row = rows[0];
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
    send(res, MeDto, me);
  });

  // The settings page: mature content (and whether the birthday allows it), audio, linked sign-ins.
  router.get('/user/settings', requireAuth(), freshness(deps.pool, ['users', 'account-settings']), async (req, res) => {
    const { uid } = currentUser(req);
    const [user, audio, credentials] = await Promise.all([
      deps.pool.query<{ show_nsfw: boolean; adult: boolean }>(
        `select show_nsfw, coalesce(birthday <= (now() at time zone 'utc')::date - make_interval(years => $2), false) as adult from rm.users where uid = $1`,
        [uid, limits.minimumAge],
      ),
      deps.pool.query<{ default_volume: number; volumes: Record<string, number>; mutes: string[] }>(
        'select default_volume, volumes, mutes from rm.user_audio where uid = $1',
        [uid],
      ),
      deps.pool.query<LinkedCredentialDto>(
        `select kind, key, provider, linked_at as "linkedAt" from rm.user_credentials where uid = $1 order by linked_at, kind, key`,
        [uid],
      ),
    ]);
    const row = user.rows[0];
    if (!row) throw new ApiError('NOT_FOUND', texts.userNotFound);
    const a = audio.rows[0];
    const body: AccountSettingsDto = {
      showNSFW: row.show_nsfw,
      adult: row.adult,
      defaultVolume: a?.default_volume ?? audioDefaults.defaultVolume,
      volumes: a?.volumes ?? {},
      mutes: a?.mutes ?? [],
      credentials: credentials.rows.map((c) => ({ ...c, linkedAt: new Date(c.linkedAt).toISOString() })),
    };
    send(res, AccountSettingsDto, body);
  });

  router.get('/claim/tg/next-claim', requireAuth(), freshness(deps.pool, ['users', 'collections']), async (req, res) => {
    const { uid } = currentUser(req);
    const [{ rows }, { rows: vip }] = await Promise.all([
      deps.pool.query<{ claim_count: number; last_claim_at: Date }>('select claim_count, last_claim_at from rm.tg_claims where uid = $1', [
        uid,
      ]),
      // VIP as the collections hold it (the VIP badge is owned exactly while VIP lasts).
      deps.pool.query<{ vip: boolean }>(
        `select exists (select 1 from rm.collection_items where uid = $1 and item_id = 'vip-badge' and expires_at > now()) as vip`,
        [uid],
      ),
    ]);
    const row = rows[0];
    const next = row ? new Date(row.last_claim_at.getTime() + telegramClaim.intervalSeconds * 1000) : null;
    const body: NextClaimDto = {
      canClaim: !next || next.getTime() <= Date.now(),
      nextClaimAt: next?.toISOString() ?? null,
      amount: dailyClaimAmount(vip[0]?.vip === true),
      streak: row?.claim_count ?? 0,
    };
    send(res, NextClaimDto, body);
  });

  if (demoSettings().localSms) devSmsInboxRoutes(router, deps);
  // The demo's mailbox: what the dev SMTP server received (only in the demo; refused in production).
  if (!demoSettings().devMailbox) return;
  const mailbox = async (req: express.Request) => {
    const q = parse(MailboxQuery, req.query);
    const { rows } = await deps.pool.query<{ id: string; recipient: string; subject: string; body: string; received_at: Date }>(
      `select id::text, recipient, subject, body, received_at from dev_mailbox where ($1::text is null or recipient = lower($1)) order by dev_mailbox.id desc limit $2`,
      [q.email ?? null, q.limit],
    );
    return rows.map((r) => ({ id: r.id, to: r.recipient, subject: r.subject, text: r.body, receivedAt: r.received_at.toISOString() }));
  };
  router.get('/dev/mailbox', async (req, res) => {
    send(res, DevMailbox, { items: await mailbox(req) });
  });
  router.get('/dev/mailbox.html', async (req, res) => {
    const items = await mailbox(req);
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

const SmsInboxQuery = z.object({ to: z.string().max(32).optional(), limit: z.coerce.number().int().min(1).max(100).default(20) });

/** The demo's SMS inbox, beside the mailbox: the texts the local SMS provider kept instead of sending. */
function devSmsInboxRoutes(router: express.Router, deps: QueryDeps): void {
  const inbox = async (req: express.Request) => {
    const q = parse(SmsInboxQuery, req.query);
    // A number is matched by its digits (an unencoded + arrives as a space).
    const to = q.to ? `+${q.to.replace(/\D/g, '')}` : null;
    const { rows } = await deps.pool.query<{ id: string; recipient: string; body: string; received_at: Date }>(
      `select id::text, recipient, body, received_at from dev_sms_inbox where ($1::text is null or recipient = $1) order by id desc limit $2`,
      [to, q.limit],
    );
    return rows.map((r) => ({ id: r.id, to: r.recipient, text: r.body, receivedAt: r.received_at.toISOString() }));
  };
  router.get('/dev/sms', async (req, res) => {
    send(res, DevSmsInbox, { items: await inbox(req) });
  });
  router.get('/dev/sms.html', async (req, res) => {
    const items = await inbox(req);
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
