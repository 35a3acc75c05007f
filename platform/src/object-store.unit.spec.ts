// The object store's URL signing: the local adapter's HMAC URLs, and the S3 adapter's presigned
// URLs built offline by the AWS SDK's presigner (no request leaves the machine).
import { describe, expect, it } from 'vitest';
import { isSafeKey, LocalObjectStore, mediaSigningKey, S3ObjectStore } from './object-store.ts';

describe('local object store URLs', () => {
  const now = 1_800_000_000_000;
  const store = new LocalObjectStore('/tmp/unused', mediaSigningKey('a-secret-a-secret-a-secret-a-secret'), '', () => now);

  it('signs a PUT for one key, content type and expiry', async () => {
    const url = new URL(await store.presignPut('u1/profile/a.png', 'image/png', { expiresInSeconds: 60 }), 'http://x');
    const exp = Number(url.searchParams.get('exp'));
    const sig = url.searchParams.get('sig')!;
    expect(url.pathname).toBe('/api/v1/media/object/u1/profile/a.png');
    expect(store.verify('PUT', 'u1/profile/a.png', exp, 'image/png', sig)).toBe(true);
    expect(store.verify('PUT', 'u1/profile/a.png', exp, 'image/gif', sig)).toBe(false);
    expect(store.verify('PUT', 'u2/profile/a.png', exp, 'image/png', sig)).toBe(false);
    expect(store.verify('GET', 'u1/profile/a.png', exp, 'image/png', sig)).toBe(false);
    const later = new LocalObjectStore('/tmp/unused', mediaSigningKey('a-secret-a-secret-a-secret-a-secret'), '', () => now + 61_000);
    expect(later.verify('PUT', 'u1/profile/a.png', exp, 'image/png', sig)).toBe(false);
  });

  it('refuses keys that could leave the media root', () => {
    expect(isSafeKey('u1/profile/a.png')).toBe(true);
    expect(isSafeKey('../etc/passwd')).toBe(false);
    expect(isSafeKey('u1/../../x')).toBe(false);
    expect(isSafeKey('/abs/x')).toBe(false);
  });
});

describe('S3 object store URLs', () => {
  it('presigns a PUT that signs the content length and type, and a GET', async () => {
    process.env.AWS_ACCESS_KEY_ID = 'AKIAEXAMPLE';
    process.env.AWS_SECRET_ACCESS_KEY = 'example-secret';
    const store = new S3ObjectStore({ bucket: 'murmur-media', region: 'eu-west-1' });
    const put = new URL(await store.presignPut('u1/profile/a.png', 'image/png', { expiresInSeconds: 900, size: 1234 }));
    expect(put.hostname).toBe('murmur-media.s3.eu-west-1.amazonaws.com');
    expect(put.pathname).toBe('/u1/profile/a.png');
    expect(put.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(put.searchParams.get('X-Amz-SignedHeaders')).toContain('content-length');
    const get = new URL(await store.presignGet('u1/profile/a.png', 3600));
    expect(get.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });
});
