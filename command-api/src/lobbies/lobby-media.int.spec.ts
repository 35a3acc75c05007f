// Lobby photo and chat pictures through the three-step upload (presign, PUT, process): the lobby
// settings read back photo, languages, category and live switch; chat pictures come back signed.
import { lobbyTexts, texts } from '@murmur/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actors, startTestStack, type TestStack } from '../../../test-support/stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => stack?.stop());

const { post, get } = actors(() => stack);
// The smallest valid PNG (1 x 1, transparent).
const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082',
  'hex',
);

async function upload(uid: string, uploadType: 'lobby' | 'chat', lobbyId?: string): Promise<string> {
  const signed = await post(uid, `/cms/presign-media?uploadType=${uploadType}${lobbyId ? `&lobbyId=${lobbyId}` : ''}`, {
    fileName: 'pic.png',
    contentType: 'image/png',
    size: png.length,
  });
  expect(signed.status).toBe(200);
  const put = await fetch(new URL(signed.body.uploadUrl, stack.commandUrl), {
    method: 'PUT',
    headers: { 'content-type': 'image/png' },
    body: png,
  });
  expect(put.status).toBe(200);
  const processed = await post(uid, '/cms/process-media', { fileName: signed.body.fileName, fileType: 'image/png' });
  expect(processed.status).toBe(200);
  return signed.body.fileName as string;
}

describe('lobby photo and settings', () => {
  it('saves photo, languages, category and the live switch, and shows them in the settings', async () => {
    const created = await post('photo-owner', '/lobbies', { title: 'Photo lobby' });
    const { lobbyId } = created.body as { lobbyId: string };
    const key = await upload('photo-owner', 'lobby', lobbyId);
    const saved = await post('photo-owner', `/lobbies/${lobbyId}/info`, {
      lobbyPhoto: key,
      languages: ['FIL', 'ES'],
      mainCategoryId: 'karaoke',
      isLive: false,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(lobbyTexts.infoUpdated);
    const settings = await get('photo-owner', `/lobbies/settings?lobbyId=${lobbyId}`, saved.body.position);
    expect(settings.body).toMatchObject({ languages: ['FIL', 'ES'], mainCategoryId: 'karaoke', isLive: false });
    // The stored key comes back as a signed address that serves the picture.
    expect(settings.body.lobbyPhoto).toContain(key);
    const photo = await fetch(new URL(settings.body.lobbyPhoto, stack.queryUrl));
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer())).toEqual(png);

    const tooMany = await post('photo-owner', `/lobbies/${lobbyId}/info`, { languages: ['ENG', 'FIL', 'ES'] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toBe(lobbyTexts.languagesLimit);
    // Someone else's upload, or any address, is not a lobby photo.
    const theirs = await upload('photo-other', 'lobby');
    const stolen = await post('photo-owner', `/lobbies/${lobbyId}/info`, { lobbyPhoto: theirs });
    expect(stolen.status).toBe(400);
    expect(stolen.body.error.message).toBe(texts.uploadFailed);
    expect((await post('photo-other', `/lobbies/${lobbyId}/info`, { isLive: true })).status).toBe(403);
  });
});

describe('pictures in chat', () => {
  it('sends an uploaded picture and reads it back with a signed address', async () => {
    const { lobbyId } = (await post('chat-owner', '/lobbies', { title: 'Pictures' })).body as { lobbyId: string };
    expect((await post('chat-guest', `/lobbies/${lobbyId}/join`)).status).toBe(200);
    const key = await upload('chat-guest', 'chat');
    const sent = await post('chat-guest', `/lobbies/${lobbyId}/chat`, { payload: { messageType: 'image', body: key } });
    expect(sent.status).toBe(201);
    const history = await get(null, `/lobbies/${lobbyId}/chat`, sent.body.position);
    const item = history.body.items[0];
    expect(item.payload).toEqual({ messageType: 'image', title: null, body: key });
    const picture = await fetch(new URL(item.mediaUrl, stack.queryUrl));
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');

    // Reported, it shows in the moderators' queue as the picture itself (signed for them), not its key.
    const filed = await post('chat-owner', '/reports', {
      target: { kind: 'message', lobbyId, messageId: sent.body.messageId },
      reason: 'Nudity or sexual content',
    });
    expect(filed.status).toBe(201);
    const admin = await stack.tokenFor('chat-admin', ['co', 'ad']);
    const readQueue = () => stack.api('/console/reports?status=open', { token: admin, headers: { 'x-min-position': filed.body.position } });
    let queue = await readQueue();
    while (queue.headers.get('x-stale') === 'true') queue = await readQueue();
    const reported = queue.body.items.find((r: { reportId: string }) => r.reportId === filed.body.reportId);
    expect(reported).toMatchObject({ contentType: 'image', content: key });
    const seen = await fetch(new URL(reported.mediaUrl, stack.queryUrl));
    expect(seen.status).toBe(200);
    expect(Buffer.from(await seen.arrayBuffer())).toEqual(png);

    // The owner's upload cannot be sent by the guest, and a profile upload is not a chat picture.
    const ownerKey = await upload('chat-owner', 'chat');
    const notTheirs = await post('chat-guest', `/lobbies/${lobbyId}/chat`, { payload: { messageType: 'image', body: ownerKey } });
    expect(notTheirs.status).toBe(400);
    expect(notTheirs.body.error.message).toBe(lobbyTexts.chatMediaInvalid);
  });
});
