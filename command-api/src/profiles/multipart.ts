// PUT user/profile/details as multipart ("payload or multipart"; docs/decisions/social.md): the same fields
// as text parts (profileFormList and address as JSON), plus the picture and banner as files
// `profilePicImage` / `profileBannerImage`, stored like a processed profile upload.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { limits, texts } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import type { Request } from 'express';
import type { CommandDeps } from '../dependencies.ts';
import { mediaCommands } from '../media/media-commands.ts';
import { looksLikeImage } from '../media/public.ts';
import { makeThumbnail } from '../media/thumbnail.ts';

const FILE_FIELDS = { profilePicImage: 'profilePicUrl', profileBannerImage: 'profileBannerUrl' } as const;

export const isMultipart = (req: Request): boolean => (req.header('content-type') ?? '').startsWith('multipart/form-data');

/** Reads the form into the JSON body's shape; files become media keys of the caller. */
export async function readProfileMultipart(req: Request, deps: CommandDeps, uid: string): Promise<Record<string, unknown>> {
  // Two images and some text at most: anything larger is refused before it is read.
  const length = Number(req.header('content-length'));
  if (!Number.isInteger(length) || length > 2 * limits.uploadMaxBytes + 64 * 1024)
    throw new ApiError('VALIDATION_FAILED', texts.uploadTooLarge);
  let form: FormData;
  try {
    const request = new Request('http://profile.local/', {
      method: 'PUT',
      headers: { 'content-type': req.header('content-type')! },
      body: Readable.toWeb(req) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    form = await request.formData();
  } catch {
    throw new ApiError('VALIDATION_FAILED', texts.uploadFailed);
  }
  const body: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value !== 'string') continue;
    if (name === 'profileFormList' || name === 'address') {
      try {
        body[name] = JSON.parse(value);
      } catch {
        throw new ApiError('VALIDATION_FAILED', `${name} must be JSON.`);
      }
    } else body[name] = value;
  }
  for (const [fileField, urlField] of Object.entries(FILE_FIELDS)) {
    const file = form.get(fileField);
    if (!file || typeof file === 'string') continue;
    if (file.size > limits.uploadMaxBytes) throw new ApiError('VALIDATION_FAILED', texts.uploadTooLarge);
    const bytes = Buffer.from(await file.arrayBuffer());
    if (!file.type.startsWith('image/') || !looksLikeImage(bytes)) throw new ApiError('VALIDATION_FAILED', texts.uploadImageOnly);
    const ext =
      file.type
        .split('/')[1]!
        .replace(/[^a-z0-9]/gi, '')
        .slice(0, 8) || 'img';
    const key = `${uid.replace(/[^\w-]/g, '_')}/profile/${randomUUID()}.${ext}`;
    const store = deps.objects;
    await store.put(key, bytes, file.type);
    const thumbnailFileName = await makeThumbnail(store, key, bytes);
    await mediaCommands.run(
      deps,
      uid,
      {
        type: 'RecordProcessed',
        uid,
        fileName: key,
        format: file.type,
        kind: 'image',
        size: bytes.length,
        thumbnailFileName,
        uploadType: 'profile',
        now: deps.clock.now(),
      },
      { actorUid: uid },
    );
    body[urlField] = key;
  }
  return body;
}
