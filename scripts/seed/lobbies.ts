// Demo lobbies through the real commands: live public lobbies of different categories hosted by
// the demo users, with listeners, seats, a pinned message and chat; a private lobby with an
// invite; a started timed room. Later seeders find the ids in ctx.shared.lobbies.
import type { SeedContext } from './context.ts';

export interface DemoLobbies {
  chatting: string;
  karaoke: string;
  gaming: string;
  party: string;
  private: string;
  privateInviteId: string;
  room: string;
}

export async function seedLobbies(ctx: SeedContext): Promise<void> {
  const known = (ctx.shared.users ?? {}) as Record<string, string>;
  const uid = (key: string) => known[key] ?? `demo-${key}`;
  const tokens = new Map<string, string>();
  const as = async (key: string) => {
    let token = tokens.get(key);
    if (!token) tokens.set(key, (token = await ctx.tokenFor(uid(key), key === 'aria' ? ['h', 'cr'] : ['co'])));
    return token;
  };
  const post = async (key: string, path: string, body: unknown = {}) => ctx.post(path, await as(key), body);

  const create = async (host: string, body: Record<string, unknown>) => (await post(host, '/lobbies', body)).lobbyId as string;
  const chatting = await create('aria', {
    title: 'Late night chat',
    tag: 'chill',
    description: 'Talk about anything under the stars. Be kind.',
    languages: ['ENG', 'FIL'],
    mainCategoryId: 'chatting',
    backgroundId: 'bg-galaxy',
  });
  const karaoke = await create('ben', {
    title: 'Karaoke Friday',
    tag: 'sing',
    description: 'Take the mic and sing your heart out.',
    languages: ['ENG'],
    mainCategoryId: 'karaoke',
    backgroundId: 'bg-karaoke',
  });
  const gaming = await create('nova', {
    title: 'Squad up',
    tag: 'fps',
    description: 'Looking for players for tonight.',
    languages: ['ENG', 'ES'],
    mainCategoryId: 'gaming',
    backgroundId: 'bg-neon',
  });
  const party = await create('admin', {
    kind: 'streaming',
    title: 'Weekend party',
    description: 'Music, games and gifts.',
    mainCategoryId: 'party',
    backgroundId: 'bg-sunset',
  });

  for (const [lobbyId, guests] of [
    [chatting, ['ben', 'nova']],
    [karaoke, ['aria', 'nova']],
    [gaming, ['ben']],
    [party, ['aria', 'ben', 'nova']],
  ] as const) {
    for (const guest of guests) await post(guest, `/lobbies/${lobbyId}/join`);
  }
  // A seat taken through the queue, an admin, a pinned message and some chat.
  await post('ben', `/lobbies/${chatting}/mic/request`);
  await post('aria', `/lobbies/${chatting}/mic/grant`, { uid: uid('ben') });
  await post('nova', `/lobbies/${chatting}/mic/request`);
  await post('aria', `/lobbies/manage/${chatting}/admin/add`, { uidToAdmin: uid('nova') });
  await post('aria', `/lobbies/${chatting}/pin`, { message: 'Welcome! Request the mic to join the talk.' });
  await post('ben', `/lobbies/${chatting}/chat`, { payload: { messageType: 'text', body: 'Hi everyone!' } });
  await post('aria', `/lobbies/${chatting}/chat`, { payload: { messageType: 'emoji', body: '👋' } });
  await post('nova', `/lobbies/${chatting}/chat`, { payload: { messageType: 'sticker', body: '/gifs/happy.svg' } });
  await post('aria', `/lobbies/${karaoke}/mic/request`);
  await post('ben', `/lobbies/${karaoke}/mic/grant`, { uid: uid('aria') });

  const privateLobby = await create('aria', {
    kind: 'private',
    title: 'Close friends',
    description: 'Invite only.',
    mainCategoryId: 'chatting',
    languages: ['FIL'],
  });
  const invite = await post('aria', `/lobbies/${privateLobby}/invites`);
  await post('ben', `/lobbies/${privateLobby}/join/${invite.inviteId}`);

  const room = await post('aria', `/lobbies/${chatting}/rooms`, { title: 'Heart to heart 💬', mins: 60 });
  await post('ben', `/lobbies/${chatting}/rooms/${room.roomId}/join`);
  await post('aria', `/lobbies/${chatting}/rooms/${room.roomId}/start`);

  const lobbies: DemoLobbies = {
    chatting,
    karaoke,
    gaming,
    party,
    private: privateLobby,
    privateInviteId: invite.inviteId,
    room: room.roomId,
  };
  ctx.shared.lobbies = lobbies;
}
