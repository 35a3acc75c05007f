// Processed media of a user on `media-{uid}`: what the gallery shows and what posts and messages
// may attach. Uploads themselves are objects in the store; only processing makes them media.
import type { MediaEvent, MediaKind, UploadType } from '@murmur/contracts';

export type { MediaEvent };

export interface MediaState {
  /** fileName -> format, for processed media still in the gallery. */
  items: Map<string, { format: string; kind: MediaKind; uploadType: UploadType }>;
}

export const initialMediaState = (): MediaState => ({ items: new Map() });

export function evolveMedia(state: MediaState, event: MediaEvent): MediaState {
  const items = new Map(state.items);
  switch (event.type) {
    case 'MediaProcessed':
      items.set(event.data.fileName, { format: event.data.format, kind: event.data.kind, uploadType: event.data.uploadType });
      return { items };
    case 'GalleryItemDeleted':
      items.delete(event.data.fileName);
      return { items };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}
