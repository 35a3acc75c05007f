// The three-step upload (docs/decisions/uploads.md): presign -> PUT -> process; gallery item delete. The local
// store's PUT route lives here too (it writes), mounted before the JSON body parser.
import { randomUUID } from 'node:crypto';
import { limits, mediaKindOf, socialTexts, texts } from '@murmur/contracts';
import { ApiError, defineRoute } from '@murmur/platform';
import { LocalObjectStore } from '@murmur/platform/object-store';
import type express from 'express';
import type { CommandDeps } from '../dependencies.ts';
import type { CommandModule } from '../command-module.ts';
import { mediaCommands } from './media-commands.ts';
import { looksLikeImage, ownsKey } from './public.ts';
import { IMAGE_HEADER_BYTES, imageDimensions, makeThumbnail, MAX_IMAGE_PIXELS } from './thumbnail.ts';

const EXTENSION = /\.([A-Za-z0-9]{1,8})$/;
const PRESIGN_SECONDS = 15 * 60;

function localPutRoute(router: express.Router, deps: CommandDeps): void {
  defineRoute(
    router,
    'PUT /media/object/{key}',
    async ({ params: { key }, req, res }) => {
      const store = deps.objects;
      if (!(store instanceof LocalObjectStore)) throw new ApiError('NOT_FOUND', socialTexts.uploadExpired);
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
      return { fileName: key };
    },
    { spansSegments: 'key' },
  );
}

export const mediaModule: CommandModule = {
  name: 'media',
  raw: localPutRoute,
  routes(router, deps) {
    defineRoute(router, 'POST /cms/presign-media', async ({ me: { uid }, body, query }) => {
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
      return {
        uploadUrl,
        fileName: key,
        method: 'PUT',
        expiresAt: new Date(deps.clock.now().getTime() + PRESIGN_SECONDS * 1000).toISOString(),
      };
    });

    defineRoute(router, 'POST /cms/process-media', async ({ me: { uid }, body }) => {
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
      return {
        position: result.position.toString(),
        fileName: body.fileName,
        format: body.fileType,
        thumbnailFileName,
      };
    });

    defineRoute(router, 'POST /user/gallery/item/delete', async ({ me: { uid }, body }) => {
      const result = await mediaCommands.run(
        deps,
        uid,
        { type: 'DeleteGalleryItem', uid, fileName: body.filename, format: body.format, now: deps.clock.now() },
        { actorUid: uid },
      );
      return { position: result.position.toString() };
    });
  },
};
