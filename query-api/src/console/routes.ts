// The operators' console reads, for admins: the reports queue with content and context,
// users (search, roles, sessions, wallet summary, bans), live lobbies with members and reports, and
// the audit trail by subject or operator.
import {
  LobbyChatMessageType,
  pageMeta,
  ReportAction,
  ReportTarget,
  RoleCode,
  texts,
  UidParam,
  type AuditEntry,
  type ConsoleLobbyRow,
  type ReportDto,
} from '@murmur/contracts';
import { ApiError, defineRoute, parse } from '@murmur/platform';
import { liveLobbyPage, presentMembersOf } from '@murmur/projections/queries/lobbies';
import { banHistoryOf, operatorActionPage } from '@murmur/projections/queries/operator-audit';
import { openReportCountAbout, reportPage } from '@murmur/projections/queries/reports';
import { consoleUser, consoleUserPage } from '@murmur/projections/queries/users';
import { diamondBalance, charmAccount } from '@murmur/projections/queries/wallet-balances';
import { recentWalletLines } from '@murmur/projections/queries/wallet-history';
import type express from 'express';
import { z } from 'zod';
import type { QueryDeps } from '../dependencies.ts';
import { freshness } from '../freshness.ts';
import { mediaUrl } from '../media/public.ts';
import { lookupUsers } from '../user-directory.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const Context = z.array(z.object({ uid: z.string(), text: z.string(), at: z.string() }));
const roles = (list: string[]) =>
  list.flatMap((r) => {
    const p = RoleCode.safeParse(r);
    return p.success ? [p.data] : [];
  });

export function consoleRoutes(router: express.Router, deps: QueryDeps): void {
  const { pool } = deps;
  const nameOf = async (uids: Array<string | null>) => {
    const cards = await lookupUsers(
      deps,
      uids.filter((u): u is string => !!u),
    );
    return (uid: string) => ({ uid, username: cards.get(uid).username });
  };

  defineRoute(
    router,
    'GET /console/reports',
    async ({ query: q }) => {
      const { rows, total } = await reportPage(pool, {
        status: q.status,
        lobbyId: q.lobbyId,
        subjectUid: q.subjectUid,
        limit: q.limit,
        offset: (q.page - 1) * q.limit,
      });
      const who = await nameOf(
        rows.flatMap((r) => [r.reporter_uid, r.subject_uid, r.decided_by, ...Context.parse(r.context).map((c) => c.uid)]),
      );
      const items: ReportDto[] = await Promise.all(
        rows.map(async (r) => {
          const target = ReportTarget.parse(r.target);
          const action = r.action ? ReportAction.parse(r.action) : null;
          const contentType = r.content_type ? LobbyChatMessageType.parse(r.content_type) : null;
          return {
            reportId: r.report_id,
            kind: target.kind,
            target,
            reporter: who(r.reporter_uid),
            subject: r.subject_uid ? who(r.subject_uid) : null,
            lobbyId: r.lobby_id,
            content: r.content,
            contentType,
            // A chat picture's key is its content; a direct message's picture came beside its words.
            mediaUrl: await mediaUrl(deps, contentType === 'image' ? r.content : r.media_key),
            context: Context.parse(r.context).map((c) => ({ ...c, username: who(c.uid).username })),
            reason: r.reason,
            reportedAt: r.reported_at.toISOString(),
            subjectOpenReports: r.subject_open,
            decision:
              action && r.decided_by && r.decided_at
                ? {
                    action,
                    reason: r.decision_reason ?? '',
                    until: iso(r.until),
                    decidedBy: who(r.decided_by),
                    decidedAt: r.decided_at.toISOString(),
                  }
                : null,
          };
        }),
      );
      return { items, meta: pageMeta(q, total, items.length) };
    },
    { before: [freshness(pool, ['reports'])] },
  );

  defineRoute(
    router,
    'GET /console/users',
    async ({ query: q }) => {
      // A uid, a username (prefix, any case) or an e-mail address (its credential link, identity's own table).
      const emailUids = q.q
        ? (await pool.query<{ uid: string }>(`select uid from identity_links where kind = 'email' and key = lower($1)`, [q.q])).rows.map(
            (r) => r.uid,
          )
        : [];
      const { rows, total } = await consoleUserPage(pool, { q: q.q, emailUids, limit: q.limit, offset: (q.page - 1) * q.limit });
      const cards = await lookupUsers(
        deps,
        rows.map((r) => r.uid),
      );
      const items = rows.map((r) => ({
        uid: r.uid,
        username: r.username,
        profilePicUrl: cards.get(r.uid).profilePicUrl,
        roles: roles(r.roles),
        banned: r.banned,
        anonymous: r.anonymous,
      }));
      return { items, meta: pageMeta(q, total, items.length) };
    },
    { before: [freshness(pool, ['users'])] },
  );

  defineRoute(
    router,
    'GET /console/users/{uid}',
    async ({ params }) => {
      const { uid } = parse(UidParam, params);
      const user = await consoleUser(pool, uid);
      if (!user) throw new ApiError('NOT_FOUND', texts.userNotFound);
      // The e-mail link and the sessions are identity's own tables, not read models.
      const [cards, email, sessions, diamonds, charm, money, bans, open] = await Promise.all([
        lookupUsers(deps, [uid]),
        pool.query<{ key: string }>(`select key from identity_links where uid = $1 and kind = 'email' limit 1`, [uid]),
        pool.query<{ session_id: string; status: string; created_at: Date; ended_at: Date | null }>(
          'select session_id, status, created_at, ended_at from auth_sessions where uid = $1 order by created_at desc limit 10',
          [uid],
        ),
        diamondBalance(pool, uid),
        charmAccount(pool, uid),
        recentWalletLines(pool, uid),
        banHistoryOf(pool, uid),
        openReportCountAbout(pool, uid),
      ]);
      const banUntil = (reason: string | null) => /until (\S+)$/.exec(reason ?? '')?.[1] ?? null;
      return {
        uid: user.uid,
        username: user.username,
        profilePicUrl: cards.get(uid).profilePicUrl,
        roles: roles(user.roles),
        banned: user.banned,
        anonymous: user.anonymous,
        email: email.rows[0]?.key ?? null,
        registeredAt: user.created_at.toISOString(),
        sessions: sessions.rows.map((s) => ({
          sessionId: s.session_id,
          status: s.status,
          createdAt: s.created_at.toISOString(),
          endedAt: iso(s.ended_at),
        })),
        isWaitlist: user.is_waitlist,
        wallet: { diamonds, charm: charm.balance },
        recentMoney: money.map((m) => ({
          type: m.kind,
          amount: (m.direction === 'out' ? -1 : 1) * Number(m.amount),
          at: m.created_at.toISOString(),
          position: m.position,
        })),
        bans: bans.map((b) => ({
          action: b.event_type === 'UserBanned' ? ('banned' as const) : ('unbanned' as const),
          reason: b.reason?.replace(/ · until \S+$|^until \S+$/, '') || null,
          until: banUntil(b.reason),
          by: b.operator_uid,
          at: b.at.toISOString(),
        })),
        openReports: open,
      };
    },
    { before: [freshness(pool, ['users', 'operator-audit', 'wallet-balances', 'wallet-history', 'reports'])] },
  );

  defineRoute(
    router,
    'GET /console/lobbies',
    async ({ query: q }) => {
      const { rows, total } = await liveLobbyPage(pool, { limit: q.limit, offset: (q.page - 1) * q.limit });
      const members = await presentMembersOf(
        pool,
        rows.map((r) => r.lobby_id),
      );
      const who = await nameOf([...rows.map((r) => r.owner_uid), ...members.map((m) => m.uid)]);
      const items: ConsoleLobbyRow[] = rows.map((r) => ({
        lobbyId: r.lobby_id,
        title: r.title,
        kind: r.kind,
        status: r.status,
        owner: who(r.owner_uid),
        members: members.filter((m) => m.lobby_id === r.lobby_id).map((m) => ({ ...who(m.uid), role: m.role, presence: m.presence })),
        openReports: r.open_reports,
      }));
      return { items, meta: pageMeta(q, total, items.length) };
    },
    { before: [freshness(pool, ['lobbies', 'reports'])] },
  );

  defineRoute(
    router,
    'GET /console/audit',
    async ({ query: q }) => {
      const { rows, total } = await operatorActionPage(pool, {
        subject: q.subject,
        operator: q.operator,
        limit: q.limit,
        offset: (q.page - 1) * q.limit,
      });
      const who = await nameOf(rows.flatMap((r) => [r.operator_uid, r.subject_uid]));
      const items: AuditEntry[] = rows.map((r) => ({
        position: r.position,
        operator: who(r.operator_uid),
        action: r.action,
        subject: r.subject,
        subjectLabel: r.subject_uid ? who(r.subject_uid).username : null,
        reason: r.reason,
        streamId: r.stream_id,
        eventType: r.event_type,
        at: r.at.toISOString(),
      }));
      return { items, meta: pageMeta(q, total, items.length) };
    },
    { before: [freshness(pool, ['operator-audit'])] },
  );
}
