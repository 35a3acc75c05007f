// The three-step upload against the local object store: presign, signed PUT, process (type checks,
// thumbnail), the 50 MB limit checked before a byte is stored, the gallery and its delete.
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { texts } from '@murmur/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';
import { temporaryMediaDir } from '../../../test-support/media-dir.ts';

let stack: TestStack;
let token: string;
const mediaDir = temporaryMediaDir();
beforeAll(async () => {
  process.env.MEDIA_DIR = mediaDir;
  stack = await startTestStack();
  token = await stack.tokenFor('m-owner');
});
afterAll(async () => stack?.stop());

async function png(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
}

const presign = (body: unknown, query = '') => stack.api(`/cms/presign-media${query}`, { method: 'POST', token, body });

describe('media upload', () => {
  it('presigns, stores, processes with a thumbnail, lists in the gallery and serves by signed URL', async () => {
    const image = await png();
    const signed = await presign({ fileName: 'photo.png', contentType: 'image/png', size: image.length });
    expect(signed.status).toBe(200);
    expect(signed.body.fileName).toMatch(/^m-owner\/profile\/[\w-]+\.png$/);
    const put = await fetch(`${stack.commandUrl}${signed.body.uploadUrl}`, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(image),
    });
    expect(put.status).toBe(200);
    const processed = await stack.api('/cms/process-media', {
      method: 'POST',
      token,
      body: { fileName: signed.body.fileName, fileType: 'image/png' },
    });
    expect(processed.status).toBe(200);
    expect(processed.body.thumbnailFileName).toBe(`${signed.body.fileName}.thumb.webp`);

    const gallery = await stack.api('/user/gallery/m-owner', { token, headers: { 'x-min-position': processed.body.position } });
    expect(gallery.body.items).toHaveLength(1);
    expect(gallery.body.items[0]).toMatchObject({ filename: signed.body.fileName, format: 'image/png' });
    const original = await fetch(`${stack.queryUrl}${gallery.body.items[0].url}`);
    expect(original.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await original.arrayBuffer()).equals(image)).toBe(true);
    const thumb = await fetch(`${stack.queryUrl}${gallery.body.items[0].thumbnailUrl}`);
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320 });
    // Without the signature the file is not served.
    expect((await fetch(`${stack.queryUrl}/api/v1/media/object/${signed.body.fileName}`)).status).toBe(403);

    const del = await stack.api('/user/gallery/item/delete', {
      method: 'POST',
      token,
      body: { filename: signed.body.fileName, format: 'image/png' },
    });
    expect(del.status).toBe(200);
    const after = await stack.api('/user/gallery/m-owner', { token, headers: { 'x-min-position': del.body.position } });
    expect(after.body.items).toEqual([]);
    expect(
      (
        await stack.api('/user/gallery/item/delete', {
          method: 'POST',
          token,
          body: { filename: signed.body.fileName, format: 'image/png' },
        })
      ).status,
    ).toBe(404);
  });

  it('refuses a small file that claims 10,000 x 10,000 pixels, from its header, before decoding it; nothing is recorded', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(400_000);
    const signed = await presign({ fileName: 'bomb.png', contentType: 'image/png', size: bomb.length });
    const put = await fetch(`${stack.commandUrl}${signed.body.uploadUrl}`, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(bomb),
    });
    expect(put.status).toBe(200);
    const processed = await stack.api('/cms/process-media', {
      method: 'POST',
      token,
      body: { fileName: signed.body.fileName, fileType: 'image/png' },
    });
    expect(processed.status).toBe(400);
    expect(processed.body.error.message).toBe(texts.uploadTooManyPixels);
    const gallery = await stack.api('/user/gallery/m-owner', { token });
    expect(gallery.body.items.map((i: { filename: string }) => i.filename)).not.toContain(signed.body.fileName);
  });

  it('accepts video and audio, refuses other types and images for chat that are not images', async () => {
    expect((await presign({ fileName: 'clip.mp4', contentType: 'video/mp4' })).status).toBe(200);
    expect((await presign({ fileName: 'song.mp3', contentType: 'audio/mpeg' })).status).toBe(200);
    const doc = await presign({ fileName: 'notes.txt', contentType: 'text/plain' });
    expect(doc.status).toBe(400);
    expect(doc.body.error.message).toBe(texts.uploadImageOnly);
    expect((await presign({ fileName: 'clip.mp4', contentType: 'video/mp4' }, '?uploadType=chat')).body.error.message).toBe(
      texts.uploadImageOnly,
    );
  });

  it('refuses a file over 50 MB at presign and at PUT before a byte is stored', async () => {
    const big = await presign({ fileName: 'big.png', contentType: 'image/png', size: 52_428_801 });
    expect(big.status).toBe(400);
    expect(big.body.error.message).toBe(texts.uploadTooLarge);

    const signed = await presign({ fileName: 'big.png', contentType: 'image/png' });
    const url = new URL(`${stack.commandUrl}${signed.body.uploadUrl}`);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(url, { method: 'PUT', headers: { 'content-type': 'image/png', 'content-length': 52_428_801 } }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      // Headers only: the server must answer without waiting for (or storing) the body.
      req.flushHeaders();
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).error.message).toBe(texts.uploadTooLarge);
    const dir = path.join(mediaDir, 'm-owner', 'profile');
    const stored = existsSync(dir) ? readdirSync(dir).filter((f) => f.startsWith(path.basename(signed.body.fileName))) : [];
    expect(stored).toEqual([]);
  });

  it('refuses a forged signature, a wrong content type and a non-image declared as an image', async () => {
    const signed = await presign({ fileName: 'x.png', contentType: 'image/png' });
    const forged = signed.body.uploadUrl.replace(/sig=[^&]+/, 'sig=AAAA');
    expect(
      (await fetch(`${stack.commandUrl}${forged}`, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: 'x' })).status,
    ).toBe(403);
    expect(
      (await fetch(`${stack.commandUrl}${signed.body.uploadUrl}`, { method: 'PUT', headers: { 'content-type': 'image/gif' }, body: 'x' }))
        .status,
    ).toBe(400);
    await fetch(`${stack.commandUrl}${signed.body.uploadUrl}`, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: 'not an image at all',
    });
    const processed = await stack.api('/cms/process-media', {
      method: 'POST',
      token,
      body: { fileName: signed.body.fileName, fileType: 'image/png' },
    });
    expect(processed.status).toBe(400);
    expect(processed.body.error.message).toBe(texts.uploadImageOnly);
    // Someone else's upload cannot be processed as one's own.
    const other = await stack.api('/cms/process-media', {
      method: 'POST',
      token: await stack.tokenFor('m-thief'),
      body: { fileName: signed.body.fileName, fileType: 'image/png' },
    });
    expect(other.status).toBe(404);
  });
});
