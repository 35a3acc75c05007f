// Host applications as read: the applicant's latest one (status and reason) on /tier, and the
// admins' review queue by status, oldest first, each with the applicant's card.
import { HostApplicationListQuery, HostApplicationPage, MyHostApplication, pageMeta, type HostApplicationDto } from '@murmur/contracts';
import { currentUser, parse, requireAuth, send } from '@murmur/platform';
import type express from 'express';
import type { QueryDeps } from '../dependencies.ts';
import { freshness } from '../freshness.ts';
import { lookupUsers, type UserCards } from '../user-directory.ts';

type Row = {
  application_id: string;
  uid: string;
  status: HostApplicationDto['status'];
  about: string;
  topics: string;
  hours_per_week: number;
  submitted_at: Date;
  decided_at: Date | null;
  reason: string | null;
};

const columns = 'application_id, uid, status, about, topics, hours_per_week, submitted_at, decided_at, reason';

const toDto = (r: Row, users: UserCards): HostApplicationDto => ({
  applicationId: r.application_id,
  applicant: users.get(r.uid),
  status: r.status,
  about: r.about,
  topics: r.topics,
  hoursPerWeek: r.hours_per_week,
  submittedAt: r.submitted_at.toISOString(),
  decidedAt: r.decided_at?.toISOString() ?? null,
  reason: r.reason,
});

export function hostApplicationRoutes(router: express.Router, deps: QueryDeps): void {
  const { pool } = deps;

  router.get('/host/application', requireAuth(), freshness(pool, ['host-applications', 'users']), async (req, res) => {
    const me = currentUser(req);
    const [{ rows }, { rows: user }] = await Promise.all([
      pool.query<Row>(
        `select ${columns} from rm.host_applications where uid = $1 order by submitted_at desc, application_id desc limit 1`,
        [me.uid],
      ),
      pool.query<{ host: boolean }>(`select 'h' = any(roles) as host from rm.users where uid = $1`, [me.uid]),
    ]);
    const users = await lookupUsers(deps, [me.uid]);
    send(res, MyHostApplication, {
      isHost: user[0]?.host === true || me.roles.includes('h'),
      application: rows[0] ? toDto(rows[0], users) : null,
    });
  });

  router.get('/admin/host-applications', requireAuth('ad'), freshness(pool, ['host-applications']), async (req, res) => {
    const q = parse(HostApplicationListQuery, req.query);
    const [{ rows }, { rows: total }] = await Promise.all([
      pool.query<Row>(
        `select ${columns} from rm.host_applications where status = $1 order by submitted_at ${q.status === 'pending' ? 'asc' : 'desc'}, application_id limit $2 offset $3`,
        [q.status, q.limit, (q.page - 1) * q.limit],
      ),
      pool.query<{ n: number }>('select count(*)::int as n from rm.host_applications where status = $1', [q.status]),
    ]);
    const users = await lookupUsers(
      deps,
      rows.map((r) => r.uid),
    );
    const items = rows.map((r) => toDto(r, users));
    send(res, HostApplicationPage, { items, meta: pageMeta({ page: q.page, limit: q.limit }, total[0]?.n ?? 0, items.length) });
  });
}
