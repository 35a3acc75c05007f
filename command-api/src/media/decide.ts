// The media decider: record a processed upload once; delete a gallery item the user owns.
import { socialTexts, type MediaKind, type UploadType, mediaEventSchemas } from '@murmur/contracts';
import { ApiError } from '@murmur/platform';
import type { Decider } from '../decider/decider.ts';
import { evolveMedia, initialMediaState, type MediaEvent, type MediaState } from './media.ts';

export type MediaCommand =
  | {
      type: 'RecordProcessed';
      uid: string;
      fileName: string;
      format: string;
      kind: MediaKind;
      size: number;
      thumbnailFileName: string | null;
      uploadType: UploadType;
      now: Date;
    }
  | { type: 'DeleteGalleryItem'; uid: string; fileName: string; format: string; now: Date };

function decide(command: MediaCommand, state: MediaState): MediaEvent[] {
  switch (command.type) {
    case 'RecordProcessed': {
      if (state.items.has(command.fileName)) return [];
      const { type: _type, now, ...data } = command;
      return [{ type: 'MediaProcessed', data: { ...data, processedAt: now.toISOString() } }];
    }
    case 'DeleteGalleryItem':
      if (!state.items.has(command.fileName)) throw new ApiError('NOT_FOUND', socialTexts.mediaNotFound);
      return [
        {
          type: 'GalleryItemDeleted',
          data: { uid: command.uid, fileName: command.fileName, format: command.format, deletedAt: command.now.toISOString() },
        },
      ];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const mediaDecider: Decider<MediaState, MediaCommand, MediaEvent> = {
  evolvesOn: mediaEventSchemas,
  initialState: initialMediaState,
  evolve: evolveMedia,
  decide,
};
