// Host applications as read: the applicant's latest one (status and reason) on /tier, and the
// admins' review queue by status, oldest first, each with the applicant's card.
import { pageMeta, type HostApplicationDto } from '@murmur/contracts';
import { defineRoute } from '@murmur/platform';
import { hostApplicationPage, latestHostApplication, type HostApplicationRow } from '@murmur/projections/queries/host-applications';
import { hasHostRole } from '@murmur/projections/queries/users';
import type express from 'express';
import type { QueryDeps } from '../dependencies.ts';
import { freshness } from '../freshness.ts';
import { lookupUsers, type UserCards } from '../user-directory.ts';

const toDto = (r: HostApplicationRow, users: UserCards): HostApplicationDto => ({
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

  defineRoute(
    router,
    'GET /host/application',
    async ({ me }) => {
      const [latest, host] = await Promise.all([latestHostApplication(pool, me.uid), hasHostRole(pool, me.uid)]);
      const users = await lookupUsers(deps, [me.uid]);
      return {
        isHost: host || me.roles.includes('h'),
        application: latest ? toDto(latest, users) : null,
      };
    },
    { before: [freshness(pool, ['host-applications', 'users'])] },
  );

  defineRoute(
    router,
    'GET /admin/host-applications',
    async ({ query: q }) => {
      const { rows, total } = await hostApplicationPage(pool, { status: q.status, limit: q.limit, offset: (q.page - 1) * q.limit });
      const users = await lookupUsers(
        deps,
        rows.map((r) => r.uid),
      );
      const items = rows.map((r) => toDto(r, users));
      return { items, meta: pageMeta({ page: q.page, limit: q.limit }, total, items.length) };
    },
    { before: [freshness(pool, ['host-applications'])] },
  );
}
