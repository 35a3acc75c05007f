// A private room's banner (POST lobbies/{id}/rooms, roomBannerPhoto) is one of the presets or the
// host's own lobby upload; the lobby detail lists it on the room, as its URL.
import { lobbyTexts, roomBannerPresets } from '@murmur/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { actors, startTestStack, type TestStack } from '../../../test-support/stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => stack?.stop());

const { post, get } = actors(() => stack);

it('takes a preset banner and lists it on the room in the lobby detail', async () => {
  const lobby = await post('banner-host', '/lobbies', { title: 'Banner lobby', mainCategoryId: 'party' });
  expect(lobby.status).toBe(201);
  const preset = roomBannerPresets[1].url;
  const room = await post('banner-host', `/lobbies/${lobby.body.lobbyId}/rooms`, { title: 'Sunset talk 🌅', roomBannerPhoto: preset });
  expect(room.status).toBe(201);
  const detail = await get('banner-host', `/lobbies/${lobby.body.lobbyId}`, room.body.position);
  expect(detail.body.rooms).toEqual([expect.objectContaining({ roomId: room.body.roomId, roomBannerPhoto: preset })]);
});

it("refuses another user's upload or an outside address, and takes the host's own upload", async () => {
  const lobby = await post('banner-host-2', '/lobbies', { title: 'Second banner lobby', mainCategoryId: 'party' });
  const rooms = `/lobbies/${lobby.body.lobbyId}/rooms`;
  for (const roomBannerPhoto of [
    'someone-else/lobby/0f8a1c2e.png',
    'https://tracker.example/pixel.png',
    'banner-host-2/profile/0f8a1c2e.png',
    '/room-banners/../secret.svg',
  ]) {
    const refused = await post('banner-host-2', rooms, { title: 'Nope', roomBannerPhoto });
    expect(refused.status, roomBannerPhoto).toBe(400);
    expect(refused.body.error.message).toBe(lobbyTexts.roomBanner);
  }
  const own = await post('banner-host-2', rooms, { title: 'Mine', roomBannerPhoto: 'banner-host-2/lobby/0f8a1c2e-3b4d.png' });
  expect(own.status).toBe(201);
});
