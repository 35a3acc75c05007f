// The authorization matrix: every route of the API catalogue, called as a visitor, as an
// unrelated signed-in user and as a user holding another agency's role, against a private lobby, its
// room, a DM thread, a payment, an agency and the owner's account. Wherever the owner alone may see or
// act, the call must be refused (401 for a visitor on a signed-in route, 403/404 otherwise) and a
// refused write must append nothing. No call may answer 5xx. The matrix is generated from
// contracts/src/api-catalogue.ts, so a new route is in it the day it is added. Routes kept for a role
// (the operators' console, `ad`) are then called by a holder of that role, who must get past the
// role check (never 401/403, never 5xx; every console read answers 200).
import { apiCatalogue, type ApiRoute } from '@murmur/contracts';
import { headPosition } from '@murmur/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT, createOwnerFixture, GUEST, HOST, OWNER, pathAt, type OwnerFixture } from '../../test-support/owner-fixture.ts';
import { appendedSince } from '../../test-support/nothing-written.ts';
import { actors, startTestStack, type TestStack } from '../../test-support/stack.ts';

let stack: TestStack;
const { as } = actors(() => stack);

const STRANGER = 'mx-stranger';
const OTHER_AGENT = 'mx-other-agent';
const tokens = new Map<string, string>();
let fixture: OwnerFixture;

beforeAll(async () => {
  stack = await startTestStack();
  // Roles travel in the token: the agency owners hold `ag`, everybody else is a consumer.
  for (const uid of [AGENT, OTHER_AGENT]) tokens.set(uid, await stack.tokenFor(uid, ['co', 'ag']));
  fixture = await createOwnerFixture(stack, tokens.get(AGENT)!);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

/** Bodies that pass validation, so a refusal comes from the access rule and not from the schema. */
const sampleBodies: Record<string, unknown> = {
  '/lobbies/{id}/chat': { payload: { body: 'let me in' } },
  '/lobbies/{id}/rooms/{roomId}/chat': { payload: { body: 'let me in' } },
  '/lobbies/{id}/info': { title: 'Taken over' },
  '/lobbies/{id}/settings/background': { backgroundId: 'bg-default' },
  '/lobbies/{id}/mic/grant': { uid: STRANGER },
  '/lobbies/{id}/mic/unseat': { uid: GUEST },
  '/lobbies/{id}/mic/mute': { uid: GUEST },
  '/lobbies/{id}/mic/unmute': { uid: GUEST },
  '/lobbies/{id}/queue/remove': { uid: GUEST },
  '/lobbies/{id}/cohosts/remove': { uid: GUEST },
  '/lobbies/{id}/kick': { uid: GUEST },
  '/lobbies/{id}/host/switch': { uid: STRANGER },
  '/lobbies/{id}/block': { uidToBlock: GUEST, reason: 'matrix' },
  '/lobbies/{id}/unblock': { uidToUnblock: GUEST },
  '/lobbies/manage/{id}/admin/add': { uidToAdmin: STRANGER },
  '/lobbies/manage/{id}/admin/remove': { uidToRemove: OWNER },
  '/lobbies/{id}/pin': { message: 'pinned by a stranger' },
  '/lobbies/{id}/rooms': { title: 'Intruder room', mins: 15 },
  '/messages/refresh': { threadId: '' },
  '/guild/agencies/{agencyId}/invitations': { hostUid: STRANGER },
  '/guild/agencies/{agencyId}/shares': { guildSharePct: 50, hostSharePct: 50 },
  '/guild/agencies/{agencyId}/settlements': { periodStart: '2026-01-01T00:00:00Z', periodEnd: '2026-01-08T00:00:00Z' },
  '/guild/agencies/{agencyId}/payments': { hostUid: HOST, charm: 10, proofUrl: 'https://example.com/proof.png' },
  '/wallet/creator/payment': { creatorUid: HOST, amount: 10 },
  '/console/reports/{id}/decide': { action: 'dismiss' },
  '/console/lobbies/{id}/terminate': { reason: 'matrix' },
  '/console/lobbies/{id}/remove': { uid: GUEST, reason: 'matrix' },
  '/console/users/{uid}/sign-out': { reason: 'matrix' },
};

/** Reads that expose the owner's private lobby, room, thread, payment or agency. */
const OWNER_ONLY = /\{(id|roomId|threadId|paymentId|agencyId|inviteId|key)\}/;
/** Routes a stranger may use on the owner's public things (following them, liking a public post...). */
const SHARED_WITH_STRANGERS = new Set([
  '/user/profile/view/{uid}',
  '/user/follow/{uid}',
  '/user/unfollow/{uid}',
  '/user/remove/{uid}',
  '/user/block/{uid}',
  '/user/unblock/{uid}',
  '/messages/block/{uid}',
  '/user/report/{uid}',
  '/user/followers/{uid}',
  '/user/following/{uid}',
  '/user/subscribers/{uid}',
  '/user/subscriptions/{uid}',
  '/user/wall/{uid}',
  '/user/gallery/{uid}',
  '/user/wall/post/{id}/like',
  '/user/wall/post/{id}/unlike',
  '/user/wall/post/{id}/unlock',
  '/skus/read/{id}',
  '/messages/send/{uid}',
  // Signed storage addresses: refused without a valid signature whoever calls.
  '/media/object/{key}',
]);

type Actor = 'visitor' | 'stranger' | 'other agency';

/** Must this actor be refused this route? */
function mustRefuse(route: ApiRoute, actor: Actor): boolean {
  const ownerOnly = OWNER_ONLY.test(route.path) && !SHARED_WITH_STRANGERS.has(route.path);
  if (actor === 'visitor') return route.auth || ownerOnly;
  if (route.roles && !route.roles.includes('co') && !(actor === 'other agency' && route.roles.includes('ag'))) return true;
  return ownerOnly || /\/admin\//.test(route.path);
}

async function call(route: ApiRoute, actor: Actor) {
  const token = actor === 'visitor' ? undefined : actor === 'stranger' ? await as(STRANGER) : tokens.get(OTHER_AGENT);
  const path = pathAt(route, fixture);
  const body = route.method === 'GET' ? undefined : (sampleBodies[route.path] ?? {});
  return stack.api(path, { method: route.method, token, body, headers: { 'idempotency-key': `mx-${actor}-${route.method}-${path}` } });
}

const roomChat = apiCatalogue.find((r) => r.method === 'GET' && r.path === '/lobbies/{id}/chat');
// The room's chat is the lobby chat route with `roomId`: the same matrix row, with the room's rule.
const matrix = [
  ...apiCatalogue.filter((r) => !r.rawBody),
  ...(roomChat ? [{ ...roomChat, path: '/lobbies/{id}/chat?roomId={roomId}' }] : []),
];

describe.each(['visitor', 'stranger', 'other agency'] as Actor[])('as %s', (actor) => {
  it('is refused wherever the owner alone may see or act, writes nothing when refused, and never meets a 5xx', async () => {
    const problems: string[] = [];
    for (const route of matrix) {
      const before = await headPosition(stack.db.pool);
      const res = await call(route, actor);
      const label = `${route.method} ${route.path} -> ${res.status}`;
      if (res.status >= 500) problems.push(`${label}: server error ${JSON.stringify(res.body)}`);
      if (!mustRefuse(route, actor)) continue;
      const refused = actor === 'visitor' && route.auth ? res.status === 401 : [401, 403, 404].includes(res.status);
      if (!refused) problems.push(`${label}: expected a refusal, got ${JSON.stringify(res.body).slice(0, 160)}`);
      const written = route.method === 'GET' ? [] : await appendedSince(stack.db.pool, before, 'anyRequest');
      if (written.length > 0) problems.push(`${label}: a refused write appended ${written.join(', ')}`);
    }
    expect(problems).toEqual([]);
  }, 120_000);
});

it('covers the private lobby, room, DM thread, payment and agency routes of the catalogue', () => {
  const covered = matrix.filter((r) => mustRefuse(r, 'stranger')).map((r) => r.path);
  for (const path of [
    '/lobbies/{id}',
    '/lobbies/{id}/chat',
    '/lobbies/{id}/rooms',
    '/rooms/{id}',
    '/lobbies/{id}/invites',
    '/messages/threads/{threadId}',
    '/payment/status/{paymentId}',
    '/guild/agencies/{agencyId}',
  ]) {
    expect(covered).toContain(path);
  }
});

describe('as auditor', () => {
  it("gets past the role check of every route kept for auditors, reads every auditor list, and is refused the admins' routes", async () => {
    const auditor = await stack.tokenFor('mx-auditor', ['co', 'au']);
    const auditorRoutes = matrix.filter((r) => r.roles?.includes('au'));
    expect(auditorRoutes.map((r) => r.path)).toContain('/console/ledger-proof/accounts/{uid}');
    const problems: string[] = [];
    for (const route of matrix.filter((r) => r.roles && !r.roles.includes('co'))) {
      const path = pathAt(route, fixture).replace('{digestId}', 'digest-none');
      const before = await headPosition(stack.db.pool);
      const res = await stack.api(path, {
        method: route.method,
        token: auditor,
        body: route.method === 'GET' ? undefined : (sampleBodies[route.path] ?? {}),
      });
      const label = `${route.method} ${route.path} -> ${res.status}`;
      if (res.status >= 500) problems.push(`${label}: server error`);
      if (route.roles!.includes('au')) {
        if (res.status === 401 || res.status === 403) problems.push(`${label}: an auditor's route refused the auditor`);
        if (route.method === 'GET' && !route.path.includes('{') && !route.rawAnswer && res.status !== 200)
          problems.push(`${label}: an auditor's list must answer`);
      } else {
        if (res.status !== 403) problems.push(`${label}: expected the forbidden error for an auditor`);
        const written = route.method === 'GET' ? [] : await appendedSince(stack.db.pool, before, 'anyRequest');
        if (written.length > 0) problems.push(`${label}: an auditor's refused call appended ${written.join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});

// Last, since an admin's calls write (they end the fixture's sessions, decide, terminate).
describe('as admin', () => {
  it('gets past the role check of every route kept for admins, and reads every console list', async () => {
    const admin = await stack.tokenFor('mx-admin', ['co', 'ad']);
    const adminRoutes = matrix.filter((r) => r.roles?.includes('ad'));
    expect(adminRoutes.filter((r) => r.path.startsWith('/console/')).length).toBeGreaterThanOrEqual(9);
    const problems: string[] = [];
    for (const route of adminRoutes) {
      const path = pathAt(route, fixture);
      const body = route.method === 'GET' ? undefined : (sampleBodies[route.path] ?? {});
      const res = await stack.api(path, {
        method: route.method,
        token: admin,
        body,
        headers: { 'idempotency-key': `mx-admin-${route.method}-${path}` },
      });
      const label = `${route.method} ${route.path} -> ${res.status}`;
      if (res.status === 401 || res.status === 403 || res.status >= 500)
        problems.push(`${label}: ${JSON.stringify(res.body).slice(0, 160)}`);
      if (route.method === 'GET' && route.path.startsWith('/console/') && !route.path.includes('{') && res.status !== 200)
        problems.push(`${label}: a console list must answer`);
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
