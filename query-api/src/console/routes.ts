// The operators' console reads, for admins: the reports queue with content and context,
// users (search, roles, sessions, wallet summary, bans), live lobbies with members and reports, and
// the audit trail by subject or operator.
import {
  AuditPage,
  AuditQuery,
  ConsoleLobbyPage,
  ConsoleUserDetail,
  ConsoleUserPage,
  PageQuery,
  pageMeta,
  ReportAction,
  ReportPage,
  ReportQuery,
  ReportTarget,
  RoleCode,
  texts,
  UidParam,
  UserSearchConsoleQuery,
  type AuditEntry,
  type ConsoleLobbyRow,
  type ReportDto,
} from '@murmur/contracts';
import { ApiError, parse, requireAuth, send } from '@murmur/platform';
import type express from 'express';
import { z } from 'zod';
import type { QueryDeps } from '../dependencies.ts';
import { freshness } from '../freshness.ts';
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
  const admin = requireAuth('ad');
  const nameOf = async (uids: Array<string | null>) => {
    const cards = await lookupUsers(
      deps,
      uids.filter((u): u is string => !!u),
    );
    return (uid: string) => ({ uid, username: cards.get(uid).username });
  };

  router.get('/console/reports', admin, freshness(pool, ['reports']), async (req, res) => {
    const q = parse(ReportQuery, req.query);
    const where: string[] = [];
    const params: unknown[] = [];
    if (q.status === 'open') where.push('r.action is null');
    if (q.status === 'decided') where.push('r.action is not null');
    if (q.lobbyId) where.push(`r.lobby_id = $${params.push(q.lobbyId)}`);
    if (q.subjectUid) where.push(`r.subject_uid = $${params.push(q.subjectUid)}`);
    const clause = where.length ? `where ${where.join(' and ')}` : '';
    type Row = {
      report_id: string;
      target: unknown;
      reporter_uid: string;
      subject_uid: string | null;
      lobby_id: string | null;
      content: string | null;
      context: unknown;
      reason: string;
      reported_at: Date;
      action: string | null;
      decision_reason: string | null;
      until: Date | null;
      decided_by: string | null;
      decided_at: Date | null;
      subject_open: number;
    };
    const [{ rows }, { rows: total }] = await Promise.all([
      pool.query<Row>(
        `select r.*, (select count(*)::int from rm.reports o where o.subject_uid = r.subject_uid and o.action is null) as subject_open
           from rm.reports r ${clause} order by r.position ${q.status === 'open' ? 'asc' : 'desc'} limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, q.limit, (q.page - 1) * q.limit],
      ),
      pool.query<{ n: number }>(`select count(*)::int as n from rm.reports r ${clause}`, params),
    ]);
    const who = await nameOf(
      rows.flatMap((r) => [r.reporter_uid, r.subject_uid, r.decided_by, ...Context.parse(r.context).map((c) => c.uid)]),
    );
    const items: ReportDto[] = rows.map((r) => {
      const target = ReportTarget.parse(r.target);
      const action = r.action ? ReportAction.parse(r.action) : null;
      return {
        reportId: r.report_id,
        kind: target.kind,
        target,
        reporter: who(r.reporter_uid),
        subject: r.subject_uid ? who(r.subject_uid) : null,
        lobbyId: r.lobby_id,
        content: r.content,
        context: Context.parse(r.context),
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
    });
    send(res, ReportPage, { items, meta: pageMeta(q, total[0]?.n ?? 0, items.length) });
  });

  router.get('/console/users', admin, freshness(pool, ['users']), async (req, res) => {
    const q = parse(UserSearchConsoleQuery, req.query);
    // A uid, a username (prefix, any case) or an e-mail address (its credential link).
    const match = `(u.uid = $1 or lower(u.username) like lower($2) or u.uid in (select uid from identity_links where kind = 'email' and key = lower($1)))`;
    const clause = q.q ? `where ${match}` : '';
    const params = q.q ? [q.q, `${q.q.replace(/[%_\\]/g, '\\$&')}%`] : [];
    type Row = { uid: string; username: string; profile_pic_url: string | null; roles: string[]; banned: boolean; anonymous: boolean };
    const [{ rows }, { rows: total }] = await Promise.all([
      pool.query<Row>(
        `select u.uid, u.username, u.profile_pic_url, u.roles, (u.banned and (u.banned_until is null or u.banned_until > now())) as banned, u.anonymous
           from rm.users u ${clause} order by u.created_at desc limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, q.limit, (q.page - 1) * q.limit],
      ),
      pool.query<{ n: number }>(`select count(*)::int as n from rm.users u ${clause}`, params),
    ]);
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
    send(res, ConsoleUserPage, { items, meta: pageMeta(q, total[0]?.n ?? 0, items.length) });
  });

  router.get(
    '/console/users/:uid',
    admin,
    freshness(pool, ['users', 'operator-audit', 'wallet-balances', 'wallet-history', 'reports']),
    async (req, res) => {
      const { uid } = parse(UidParam, req.params);
      type Row = {
        uid: string;
        username: string;
        roles: string[];
        banned: boolean;
        anonymous: boolean;
        created_at: Date;
        is_waitlist: boolean;
      };
      const { rows } = await pool.query<Row>(
        `select uid, username, roles, (banned and (banned_until is null or banned_until > now())) as banned, anonymous, created_at, is_waitlist from rm.users where uid = $1`,
        [uid],
      );
      const user = rows[0];
      if (!user) throw new ApiError('NOT_FOUND', texts.userNotFound);
      const [cards, email, sessions, diamonds, charm, money, bans, open] = await Promise.all([
        lookupUsers(deps, [uid]),
        pool.query<{ key: string }>(`select key from identity_links where uid = $1 and kind = 'email' limit 1`, [uid]),
        pool.query<{ session_id: string; status: string; created_at: Date; ended_at: Date | null }>(
          'select session_id, status, created_at, ended_at from auth_sessions where uid = $1 order by created_at desc limit 10',
          [uid],
        ),
        pool.query<{ balance: string }>('select balance::text from rm.diamond_balances where uid = $1', [uid]),
        pool.query<{ balance: string }>('select balance::text from rm.charm_balances where uid = $1', [uid]),
        pool.query<{ kind: string; amount: string; direction: string; created_at: Date; position: string }>(
          'select kind, amount::text, direction, created_at, position::text from rm.wallet_transactions where uid = $1 order by position desc limit 10',
          [uid],
        ),
        pool.query<{ event_type: string; reason: string | null; operator_uid: string; at: Date }>(
          `select event_type, reason, operator_uid, at from rm.operator_actions where subject = $1 and event_type in ('UserBanned', 'UserUnbanned') order by position desc`,
          [`user:${uid}`],
        ),
        pool.query<{ n: number }>('select count(*)::int as n from rm.reports where subject_uid = $1 and action is null', [uid]),
      ]);
      const banUntil = (reason: string | null) => /until (\S+)$/.exec(reason ?? '')?.[1] ?? null;
      send(res, ConsoleUserDetail, {
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
        wallet: { diamonds: Number(diamonds.rows[0]?.balance ?? 0), charm: Number(charm.rows[0]?.balance ?? 0) },
        recentMoney: money.rows.map((m) => ({
          type: m.kind,
          amount: (m.direction === 'out' ? -1 : 1) * Number(m.amount),
          at: m.created_at.toISOString(),
          position: m.position,
        })),
        bans: bans.rows.map((b) => ({
          action: b.event_type === 'UserBanned' ? ('banned' as const) : ('unbanned' as const),
          reason: b.reason?.replace(/ · until \S+$|^until \S+$/, '') || null,
          until: banUntil(b.reason),
          by: b.operator_uid,
          at: b.at.toISOString(),
        })),
        openReports: open.rows[0]?.n ?? 0,
      });
    },
  );

  router.get('/console/lobbies', admin, freshness(pool, ['lobbies', 'reports']), async (req, res) => {
    const q = parse(PageQuery, req.query);
    type Row = { lobby_id: string; title: string; kind: string; status: string; owner_uid: string; open_reports: number };
    const live = `status in ('waiting', 'started')`;
    const [{ rows }, { rows: total }] = await Promise.all([
      pool.query<Row>(
        `select l.lobby_id, l.title, l.kind, l.status, l.owner_uid,
                (select count(*)::int from rm.reports r where r.lobby_id = l.lobby_id and r.action is null) as open_reports
           from rm.lobbies l where ${live} order by open_reports desc, l.created_at desc limit $1 offset $2`,
        [q.limit, (q.page - 1) * q.limit],
      ),
      pool.query<{ n: number }>(`select count(*)::int as n from rm.lobbies where ${live}`),
    ]);
    const { rows: members } = await pool.query<{ lobby_id: string; uid: string; role: string; presence: string }>(
      `select lobby_id, uid, role, presence from rm.lobby_members where lobby_id = any($1::text[]) and left_at is null order by joined_at`,
      [rows.map((r) => r.lobby_id)],
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
    send(res, ConsoleLobbyPage, { items, meta: pageMeta(q, total[0]?.n ?? 0, items.length) });
  });

  router.get('/console/audit', admin, freshness(pool, ['operator-audit']), async (req, res) => {
    const q = parse(AuditQuery, req.query);
    const where: string[] = [];
    const params: unknown[] = [];
    if (q.subject) {
      // `user:{uid}` also lists the actions about that user elsewhere (a silence in a lobby, a report's decision).
      const uid = q.subject.startsWith('user:') ? q.subject.slice(5) : null;
      where.push(
        uid ? `(subject = $${params.push(q.subject)} or subject_uid = $${params.push(uid)})` : `subject = $${params.push(q.subject)}`,
      );
    }
    if (q.operator) where.push(`operator_uid = $${params.push(q.operator)}`);
    const clause = where.length ? `where ${where.join(' and ')}` : '';
    type Row = {
      position: string;
      operator_uid: string;
      action: string;
      subject: string;
      subject_uid: string | null;
      reason: string | null;
      stream_id: string;
      event_type: string;
      at: Date;
    };
    const [{ rows }, { rows: total }] = await Promise.all([
      pool.query<Row>(
        `select position::text, operator_uid, action, subject, subject_uid, reason, stream_id, event_type, at from rm.operator_actions ${clause}
          order by position desc limit $${params.length + 1} offset $${params.length + 2}`,
        [...params, q.limit, (q.page - 1) * q.limit],
      ),
      pool.query<{ n: number }>(`select count(*)::int as n from rm.operator_actions ${clause}`, params),
    ]);
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
    send(res, AuditPage, { items, meta: pageMeta(q, total[0]?.n ?? 0, items.length) });
  });
}
