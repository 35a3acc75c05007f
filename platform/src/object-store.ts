// The media object store port (docs/decisions/uploads.md): presigned PUT and GET URLs,
// head, a bounded read and a server-side put. A local adapter (files under .data/media, URLs
// signed with an HMAC and served by our own routes) and an S3 adapter (AWS SDK presigner) share it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

export interface StoredObject {
  size: number;
  contentType: string;
}

export interface ObjectStore {
  /** A URL the client PUTs the file to, with exactly this content type (and, on S3, this size). */
  presignPut(key: string, contentType: string, options: { expiresInSeconds: number; size?: number }): Promise<string>;
  /** A URL that serves the object until it expires. */
  presignGet(key: string, expiresInSeconds: number): Promise<string>;
  head(key: string): Promise<StoredObject | null>;
  /** The first `maxBytes` bytes (whole small files for thumbnails and type checks). */
  read(key: string, maxBytes: number): Promise<Buffer>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
}

/** Keys are ours (`{uid}/{type}/{uuid}.{ext}`); refuse anything that could climb out of the root. */
export function isSafeKey(key: string): boolean {
  return /^[\w-]+(\/[\w.-]+)+$/.test(key) && !key.split('/').some((part) => part === '..' || part === '.');
}

/** The local adapter's URL signing key: derived from the JWT secret, so every service can sign and check. */
export function mediaSigningKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('murmur-media-url-v1').digest();
}

export const LOCAL_MEDIA_PATH = '/api/v1/media/object/';

export class LocalObjectStore implements ObjectStore {
  constructor(
    readonly root: string,
    private readonly signingKey: Buffer,
    /** Prefix of the URLs handed out; '' gives same-origin paths that go through the edge. */
    private readonly baseUrl = '',
    private readonly now: () => number = Date.now,
  ) {}

  signature(method: 'GET' | 'PUT', key: string, expires: number, contentType: string): string {
    return createHmac('sha256', this.signingKey).update(`${method}\n${key}\n${expires}\n${contentType}`).digest('base64url');
  }

  /** True when the signature is ours and not expired. */
  verify(method: 'GET' | 'PUT', key: string, expires: number, contentType: string, signature: string): boolean {
    if (!Number.isFinite(expires) || expires * 1000 < this.now()) return false;
    const expected = Buffer.from(this.signature(method, key, expires, contentType));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private url(method: 'GET' | 'PUT', key: string, expiresInSeconds: number, contentType: string): string {
    const expires = Math.floor(this.now() / 1000) + expiresInSeconds;
    const sig = this.signature(method, key, expires, contentType);
    const query = new URLSearchParams({ exp: String(expires), sig });
    if (method === 'PUT') query.set('ct', contentType);
    return `${this.baseUrl}${LOCAL_MEDIA_PATH}${key}?${query}`;
  }

  async presignPut(key: string, contentType: string, options: { expiresInSeconds: number }): Promise<string> {
    return this.url('PUT', key, options.expiresInSeconds, contentType);
  }

  async presignGet(key: string, expiresInSeconds: number): Promise<string> {
    // Rounded to the hour so a URL stays the same across requests and browsers can cache it.
    const hour = 3600;
    const expires = Math.ceil((Math.floor(this.now() / 1000) + expiresInSeconds) / hour) * hour;
    const sig = this.signature('GET', key, expires, '');
    return `${this.baseUrl}${LOCAL_MEDIA_PATH}${key}?${new URLSearchParams({ exp: String(expires), sig })}`;
  }

  filePath(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe media key ${key}`);
    return path.join(this.root, key);
  }

  async head(key: string): Promise<StoredObject | null> {
    if (!isSafeKey(key)) return null;
    try {
      const [info, meta] = await Promise.all([stat(this.filePath(key)), readFile(`${this.filePath(key)}.meta.json`, 'utf8')]);
      return { size: info.size, contentType: (JSON.parse(meta) as { contentType: string }).contentType };
    } catch {
      return null;
    }
  }

  async read(key: string, maxBytes: number): Promise<Buffer> {
    const handle = await open(this.filePath(key), 'r');
    try {
      const buffer = Buffer.alloc(maxBytes);
      const { bytesRead } = await handle.read(buffer, 0, maxBytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const file = this.filePath(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(`${file}.meta.json`, JSON.stringify({ contentType }));
    await writeFile(file, body);
  }

  /**
   * Stores a streamed upload: written to a temporary file and renamed only when exactly
   * `expectedBytes` arrived, so a cut or oversized upload never becomes an object.
   */
  async putStream(key: string, body: Readable, contentType: string, expectedBytes: number): Promise<boolean> {
    const file = this.filePath(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.${Date.now()}.part`;
    let received = 0;
    body.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > expectedBytes) body.destroy(new Error('body longer than Content-Length'));
    });
    try {
      await pipeline(body, createWriteStream(temp));
    } catch {
      await rm(temp, { force: true });
      return false;
    }
    if (received !== expectedBytes) {
      await rm(temp, { force: true });
      return false;
    }
    await writeFile(`${file}.meta.json`, JSON.stringify({ contentType }));
    await rename(temp, file);
    return true;
  }

  openRead(key: string): Readable {
    return createReadStream(this.filePath(key));
  }
}

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle?: boolean;
}

/** Production adapter: the client PUTs straight to S3 with a URL from the AWS SDK's presigner. */
export class S3ObjectStore implements ObjectStore {
  private readonly client: S3Client;
  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({ region: settings.region, endpoint: settings.endpoint, forcePathStyle: settings.forcePathStyle });
  }

  async presignPut(key: string, contentType: string, options: { expiresInSeconds: number; size?: number }): Promise<string> {
    // Signing ContentLength makes S3 refuse any other size, so the 50 MB check made at presign holds.
    const command = new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, ContentType: contentType, ContentLength: options.size });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresInSeconds });
  }

  async presignGet(key: string, expiresInSeconds: number): Promise<string> {
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }), { expiresIn: expiresInSeconds });
  }

  async head(key: string): Promise<StoredObject | null> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return { size: out.ContentLength ?? 0, contentType: out.ContentType ?? 'application/octet-stream' };
    } catch {
      return null;
    }
  }

  async read(key: string, maxBytes: number): Promise<Buffer> {
    const out = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key, Range: `bytes=0-${maxBytes - 1}` }));
    return Buffer.from(await out.Body!.transformToByteArray());
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: body, ContentType: contentType }));
  }
}

/** MEDIA_STORE=s3 with S3_BUCKET/S3_REGION (S3_ENDPOINT for MinIO and the like); local otherwise. */
export function objectStoreFromEnv(jwtSecret: string, env: Record<string, string | undefined> = process.env): ObjectStore {
  if (env.MEDIA_STORE === 's3') {
    if (!env.S3_BUCKET) throw new Error('S3_BUCKET is required with MEDIA_STORE=s3');
    return new S3ObjectStore({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION ?? 'us-east-1',
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: !!env.S3_ENDPOINT,
    });
  }
  return new LocalObjectStore(path.resolve(env.MEDIA_DIR ?? '.data/media'), mediaSigningKey(jwtSecret), env.MEDIA_BASE_URL ?? '');
}
