// One user's private things on a test stack: a private lobby with a room, a DM thread, a payment, a
// wall post and an agency with a host. The authorization matrix and the API fuzzer aim every route of
// the catalogue at them.
import { threadIdOf, type ApiRoute } from '@murmur/contracts';
import { expect } from 'vitest';
import { joinAgency } from './agency-roster.ts';
import { actors, type TestStack } from './stack.ts';

export const OWNER = 'mx-owner';
export const GUEST = 'mx-guest';
export const FRIEND = 'mx-friend';
export const AGENT = 'mx-agent';
export const HOST = 'mx-host';

export interface OwnerFixture {
  lobbyId: string;
  roomId: string;
  inviteId: string;
  roomKey: string;
  threadId: string;
  paymentId: string;
  postId: string;
  agencyId: string;
}

export async function createOwnerFixture(stack: TestStack, agentToken: string): Promise<OwnerFixture> {
  const { post, get, as } = actors(() => stack);
  const fixture: OwnerFixture = {
    lobbyId: '',
    roomId: '',
    inviteId: 'not-an-invite',
    roomKey: 'not-a-key',
    threadId: '',
    paymentId: '',
    postId: '',
    agencyId: 'mx-agency',
  };

  const lobby = await post(OWNER, '/lobbies', { kind: 'private', title: 'Matrix private lobby' });
  expect(lobby.status).toBe(201);
  fixture.lobbyId = lobby.body.lobbyId;
  const room = await post(OWNER, `/lobbies/${fixture.lobbyId}/rooms`, { title: 'Matrix room', mins: 15 });
  expect(room.status).toBe(201);
  fixture.roomId = room.body.roomId;

  // A DM thread between the owner and a friend (mutual follow first).
  expect((await post(OWNER, `/user/follow/${FRIEND}`)).status).toBe(200);
  expect((await post(FRIEND, `/user/follow/${OWNER}`)).status).toBe(200);
  const dm = await post(OWNER, `/messages/send/${FRIEND}`, { text: 'just between us' });
  expect([200, 201]).toContain(dm.status);
  fixture.threadId = threadIdOf(OWNER, FRIEND);

  const paid = await stack.api('/payment/topup/pay', {
    method: 'POST',
    token: await as(OWNER),
    headers: { 'idempotency-key': 'mx-topup' },
    body: { channelCode: 'sandbox', value: 10 },
  });
  expect(paid.status).toBe(200);
  fixture.paymentId = paid.body.transactionId;

  const wall = await post(OWNER, '/user/wall/post', { content: 'my post' });
  expect([200, 201]).toContain(wall.status);
  fixture.postId = wall.body.id ?? wall.body.postId;

  const agency = await stack.api('/guild/agencies', {
    method: 'POST',
    token: agentToken,
    body: { agencyId: fixture.agencyId, name: 'Matrix agency', guildSharePct: 20, hostSharePct: 80 },
  });
  expect([200, 201]).toContain(agency.status);
  await joinAgency(stack, agentToken, fixture.agencyId, HOST);
  for (const [name, value] of Object.entries(fixture)) expect(value, name).toBeTruthy();
  // Everything above is projected before anyone reads.
  await get(OWNER, `/lobbies/${fixture.lobbyId}`, agency.body.position ?? paid.body.position);
  return fixture;
}

/** The route's path with its parameters pointed at the owner's things. */
export function pathAt(route: Pick<ApiRoute, 'path'>, fixture: OwnerFixture): string {
  const lobbyLike = /^\/(lobbies|rooms)\b/.test(route.path);
  return route.path
    .replace('{agencyId}', fixture.agencyId)
    .replace('{hostUid}', HOST)
    .replace('{roomId}', fixture.roomId)
    .replace('{threadId}', fixture.threadId)
    .replace('{paymentId}', fixture.paymentId)
    .replace('{inviteId}', fixture.inviteId)
    .replace('{key}', fixture.roomKey)
    .replace('{uid}', lobbyLike ? GUEST : OWNER)
    .replace(
      '{id}',
      route.path.startsWith('/rooms/')
        ? fixture.roomId
        : lobbyLike
          ? fixture.lobbyId
          : route.path.startsWith('/skus')
            ? 'frame-gold'
            : fixture.postId,
    );
}
