// Direct messages over real HTTP: the first-message rules with the spec's two texts, blocks, threads
// with unread flags, paging by timestamp (20 a page) and chat images through the presigned upload.
import { texts, threadIdOf } from '@murmur/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';
import { temporaryMediaDir } from '../../../test-support/media-dir.ts';

let stack: TestStack;
const tokens: Record<string, string> = {};
const mediaDir = temporaryMediaDir();
beforeAll(async () => {
  process.env.MEDIA_DIR = mediaDir;
  stack = await startTestStack();
  for (const uid of ['d-amy', 'd-ben', 'd-cid', 'd-eve']) {
    tokens[uid] = await stack.tokenFor(uid);
    await stack.api('/user/profile/details', { method: 'PUT', token: tokens[uid], body: { username: uid.replace('d-', 'dm_') } });
  }
});
afterAll(async () => stack?.stop());

const post = (p: string, uid: string, body?: unknown) => stack.api(p, { method: 'POST', token: tokens[uid], body });
const get = (p: string, uid: string, position?: string) =>
  stack.api(p, { token: tokens[uid], headers: position ? { 'x-min-position': position } : {} });
const send = (from: string, to: string, text: string) => post(`/messages/send/${to}`, from, { text });

describe('direct messages', () => {
  it('refuses a DM to a non-mutual user with the spec text, allows it after a mutual follow', async () => {
    const refused = await send('d-amy', 'd-ben', 'hi');
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe(texts.dmNeedsMutualFollow);
    await post('/user/follow/d-ben', 'd-amy');
    expect((await send('d-amy', 'd-ben', 'hi')).body.error.message).toBe(texts.dmNeedsMutualFollow);
    await post('/user/follow/d-amy', 'd-ben');
    const sent = await send('d-amy', 'd-ben', 'hi ben');
    expect(sent.status).toBe(201);
    expect(sent.body.threadId).toBe(threadIdOf('d-amy', 'd-ben'));
  });

  it('after the follow ends, the writer waits for a reply; a reply opens the thread again', async () => {
    await post('/user/follow/d-cid', 'd-amy');
    await post('/user/follow/d-amy', 'd-cid');
    expect((await send('d-amy', 'd-cid', 'first')).status).toBe(201);
    await post('/user/unfollow/d-amy', 'd-cid');
    const waiting = await send('d-amy', 'd-cid', 'again?');
    expect(waiting.status).toBe(422);
    expect(waiting.body.error.message).toBe(texts.dmNeedsReply);
    // cid may answer: amy wrote to cid first.
    expect((await send('d-cid', 'd-amy', 'a reply')).status).toBe(201);
    expect((await send('d-amy', 'd-cid', 'thanks')).status).toBe(201);
  });

  it('refuses messages across a block in either direction', async () => {
    await post('/user/follow/d-eve', 'd-ben');
    await post('/user/follow/d-ben', 'd-eve');
    await post('/messages/block/d-ben', 'd-eve');
    const refused = await send('d-ben', 'd-eve', 'hello?');
    expect(refused.status).toBe(403);
    expect((await send('d-eve', 'd-ben', 'hello?')).status).toBe(403);
    expect((await send('d-eve', 'd-eve', 'me')).status).toBe(422);
  });

  it('lists threads with unread flags, pages messages by timestamp, 20 a page, and marks read', async () => {
    let last = '';
    for (let i = 0; i < 25; i++) last = (await send('d-ben', 'd-amy', `m${i}`)).body.position;
    const threads = await get('/messages/threads', 'd-amy', last);
    const thread = threads.body.items.find((t: { otherUid: string }) => t.otherUid === 'd-ben');
    expect(thread).toMatchObject({ threadId: threadIdOf('d-amy', 'd-ben'), otherUsername: 'dm_ben', lastMessage: 'm24', unread: true });
    const ben = await get('/messages/threads', 'd-ben', last);
    expect(ben.body.items.find((t: { otherUid: string }) => t.otherUid === 'd-amy').unread).toBe(false);

    const page1 = await get(`/messages/threads/${thread.threadId}`, 'd-amy', last);
    expect(page1.body.items).toHaveLength(20);
    expect(page1.body.items.at(-1).text).toBe('m24');
    const page2 = await get(`/messages/threads/${thread.threadId}?before=${encodeURIComponent(page1.body.nextBefore)}`, 'd-amy');
    expect(page2.body.items.map((m: { text: string }) => m.text)).toEqual(['hi ben', 'm0', 'm1', 'm2', 'm3', 'm4']);
    expect(page2.body.nextBefore).toBeNull();
    expect((await get(`/messages/threads/${thread.threadId}`, 'd-cid')).status).toBe(404);

    const read = await post('/messages/refresh', 'd-amy', { threadId: thread.threadId });
    const after = await get('/messages/threads', 'd-amy', read.body.position);
    expect(after.body.items.find((t: { otherUid: string }) => t.otherUid === 'd-ben').unread).toBe(false);
  });

  it('sends a chat image through the presigned upload, served to the thread only by signed URL', async () => {
    const image = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#00aa00' } })
      .png()
      .toBuffer();
    const signed = await post('/cms/presign-media?uploadType=chat', 'd-amy', { fileName: 'pic.png', contentType: 'image/png' });
    await fetch(`${stack.commandUrl}${signed.body.uploadUrl}`, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(image),
    });
    expect((await post('/messages/send/d-amy', 'd-ben', { imageFileName: signed.body.fileName })).status).toBe(404);
    const sent = await post('/messages/send/d-ben', 'd-amy', { text: '', imageFileName: signed.body.fileName });
    expect(sent.status).toBe(201);
    const page = await get(`/messages/threads/${sent.body.threadId}`, 'd-ben', sent.body.position);
    const message = page.body.items.at(-1);
    expect(message.imageFileName).toBe(signed.body.fileName);
    expect((await fetch(`${stack.queryUrl}${message.imageUrl}`)).status).toBe(200);

    // Reported by its reader, the picture reaches the moderators' queue with it, signed for them.
    const filed = await post('/reports', 'd-ben', { target: { kind: 'dm', messageId: sent.body.messageId }, reason: 'Unwanted picture' });
    expect(filed.status).toBe(201);
    const admin = await stack.tokenFor('d-admin', ['co', 'ad']);
    const queue = await stack.api('/console/reports?status=open', { token: admin, headers: { 'x-min-position': filed.body.position } });
    const reported = queue.body.items.find((r: { reportId: string }) => r.reportId === filed.body.reportId);
    expect(reported).toMatchObject({ kind: 'dm', content: '', subject: { uid: 'd-amy' } });
    const seen = await fetch(`${stack.queryUrl}${reported.mediaUrl}`);
    expect(seen.status).toBe(200);
    expect(Buffer.from(await seen.arrayBuffer())).toEqual(image);
  });

  it('puts senderUid and recipientUid in the event data for live delivery on users/{uid}', async () => {
    const sent = await send('d-amy', 'd-ben', 'live');
    const { rows } = await stack.db.pool.query(`select data from events where global_position = $1`, [sent.body.position]);
    expect(rows[0].data).toMatchObject({ senderUid: 'd-amy', recipientUid: 'd-ben', text: 'live' });
  });
});
