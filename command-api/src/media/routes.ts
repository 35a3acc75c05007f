// The three-step upload (docs/decisions/uploads.md): presign -> PUT -> process; gallery item delete. The local
// store's PUT route lives here too (it writes), mounted before the JSON body parser.
import { randomUUID } from 'node:crypto';
import {
  CommandAnswer,
  MediaProcessed,
  PresignedUpload,
  UploadStored,
  DeleteGalleryItemBody,
  limits,
  mediaKindOf,
  PresignMediaBody,
  PresignMediaQuery,
  ProcessMediaBody,
  socialTexts,
  texts,
} from '@murmur/contracts';
import { ApiError, currentUser, parse, requireAuth, send } from '@murmur/platform';
import { LOCAL_MEDIA_PATH, LocalObjectStore } from '@murmur/platform/object-store';
import type express from 'express';
import type { CommandDeps } from '../dependencies.ts';
import type { CommandModule } from '../modules.ts';
import { mediaCommands } from './media-commands.ts';
import { IMAGE_HEADER_BYTES, imageDimensions, makeThumbnail, MAX_IMAGE_PIXELS } from './thumbnail.ts';

const EXTENSION = /\.([A-Za-z0-9]{1,8})$/;
const PRESIGN_SECONDS = 15 * 60;

/** True when the key is one of uid's uploads. */
export const ownsKey = (uid: string, key: string): boolean => key.startsWith(`${uid}/`);

/** Magic numbers of the image formats we accept; a renamed non-image is refused at processing. */
export function looksLikeImage(head: Buffer): boolean {
  const hex = head.subarray(0, 12).toString('hex');
  return (
    hex.startsWith('ffd8ff') || // jpeg
    hex.startsWith('89504e47') || // png
    hex.startsWith('47494638') || // gif
    (hex.startsWith('52494646') && head.subarray(8, 12).toString() === 'WEBP') ||
    head.subarray(4, 12).toString().startsWith('ftypavif') ||
    head.subarray(0, 5).toString() === '<?xml' ||
    head.subarray(0, 4).toString() === '<svg'
  );
}

function localPutRoute(router: express.Router, deps: CommandDeps): void {
  router.put(`${LOCAL_MEDIA_PATH.replace('/api/v1', '')}*key`, async (req, res) => {
    const store = deps.objects;
    if (!(store instanceof LocalObjectStore)) throw new ApiError('NOT_FOUND', socialTexts.uploadExpired);
    const key = (req.params as unknown as { key: string[] }).key.join('/');
    const contentType = String(req.query.ct ?? '');
    const expires = Number(req.query.exp);
    if (!store.verify('PUT', key, expires, contentType, String(req.query.sig ?? ''))) {
      throw new ApiError('FORBIDDEN', socialTexts.uploadExpired);
    }
    // The limit is checked from Content-Length before a single byte is read or stored.
    const length = Number(req.header('content-length'));
    if (!Number.isInteger(length) || length < 0) throw new ApiError('VALIDATION_FAILED', texts.uploadFailed);
    if (length > limits.uploadMaxBytes) {
      res.setHeader('connection', 'close');
      throw new ApiError('VALIDATION_FAILED', texts.uploadTooLarge);
    }
    if ((req.header('content-type') ?? '').split(';')[0]!.trim() !== contentType)
      throw new ApiError('VALIDATION_FAILED', texts.uploadFailed);
    const stored = await store.putStream(key, req, contentType, length);
    if (!stored) throw new ApiError('VALIDATION_FAILED', texts.uploadFailed);
    send(res, UploadStored, { fileName: key });
  });
}

export const mediaModule: CommandModule = {
  name: 'media',
  raw: localPutRoute,
  routes(router, deps) {
    router.post('/cms/presign-media', requireAuth(), async (req, res) => {
      const { uid } = currentUser(req);
      const query = parse(PresignMediaQuery, req.query);
      const body = parse(PresignMediaBody, req.body);
      const kind = mediaKindOf(body.contentType);
      if (kind === null || ((query.uploadType === 'chat' || query.uploadType === 'lobby') && kind !== 'image')) {
        throw new ApiError('VALIDATION_FAILED', texts.uploadImageOnly);
      }
      const ext =
        EXTENSION.exec(body.fileName)?.[1]?.toLowerCase() ??
        body.contentType
          .split('/')[1]!
          .replace(/[^a-z0-9]/gi, '')
          .slice(0, 8);
      const key = `${uid.replace(/[^\w-]/g, '_')}/${query.uploadType}/${randomUUID()}.${ext}`;
      const uploadUrl = await deps.objects.presignPut(key, body.contentType, { expiresInSeconds: PRESIGN_SECONDS, size: body.size });
      send(res, PresignedUpload, {
        uploadUrl,
        fileName: key,
        method: 'PUT',
        expiresAt: new Date(deps.clock.now().getTime() + PRESIGN_SECONDS * 1000).toISOString(),
      });
    });

    router.post('/cms/process-media', requireAuth(), async (req, res) => {
      const { uid } = currentUser(req);
      const body = parse(ProcessMediaBody, req.body);
      const kind = mediaKindOf(body.fileType);
      if (kind === null) throw new ApiError('VALIDATION_FAILED', texts.uploadImageOnly);
      if (!ownsKey(uid.replace(/[^\w-]/g, '_'), body.fileName)) throw new ApiError('NOT_FOUND', socialTexts.mediaNotFound);
      const store = deps.objects;
      const object = await store.head(body.fileName);
      if (!object) throw new ApiError('NOT_FOUND', socialTexts.mediaNotFound);
      if (object.size > limits.uploadMaxBytes) throw new ApiError('VALIDATION_FAILED', texts.uploadTooLarge);
      if (mediaKindOf(object.contentType) !== kind) throw new ApiError('VALIDATION_FAILED', texts.uploadImageOnly);
      let thumbnailFileName: string | null = null;
      if (kind === 'image') {
        // The header first: a picture that claims too many pixels is refused before anything decodes it.
        const head = await store.read(body.fileName, Math.min(object.size, IMAGE_HEADER_BYTES));
        if (!looksLikeImage(head)) throw new ApiError('VALIDATION_FAILED', texts.uploadImageOnly);
        const size = await imageDimensions(head);
        if (size && size.width * size.height > MAX_IMAGE_PIXELS) throw new ApiError('VALIDATION_FAILED', texts.uploadTooManyPixels);
        const bytes = object.size <= IMAGE_HEADER_BYTES ? head : await store.read(body.fileName, object.size);
        thumbnailFileName = await makeThumbnail(store, body.fileName, bytes);
      }
      const uploadType = (body.fileName.split('/')[1] ?? 'profile') as 'profile' | 'lobby' | 'chat';
      const result = await mediaCommands.run(
        deps,
        uid,
        {
          type: 'RecordProcessed',
          uid,
          fileName: body.fileName,
          format: body.fileType,
          kind,
          size: object.size,
          thumbnailFileName,
          uploadType,
          now: deps.clock.now(),
        },
        { actorUid: uid },
      );
      send(res, MediaProcessed, {
        position: result.position.toString(),
        fileName: body.fileName,
        format: body.fileType,
        thumbnailFileName,
      });
    });

    router.post('/user/gallery/item/delete', requireAuth(), async (req, res) => {
      const { uid } = currentUser(req);
      const body = parse(DeleteGalleryItemBody, req.body);
      const result = await mediaCommands.run(
        deps,
        uid,
        { type: 'DeleteGalleryItem', uid, fileName: body.filename, format: body.format, now: deps.clock.now() },
        { actorUid: uid },
      );
      send(res, CommandAnswer, { position: result.position.toString() });
    });
  },
};
