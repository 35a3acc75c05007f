// The media decider on `media-{uid}` (docs/decisions/uploads.md): a processed upload is recorded
// once, and only media the user has can be deleted from the gallery.
import type { MediaEvent } from '@murmur/contracts';
import { describe, it } from 'vitest';
import { DeciderSpecification } from '../../../test-support/decider-specification.ts';
import { mediaDecider, type MediaCommand } from './decide.ts';

const given = DeciderSpecification.for(mediaDecider);
const now = new Date('2026-11-27T10:00:00.000Z');
const at = now.toISOString();

const record = (fileName = 'u/profile/a.png', thumbnailFileName: string | null = 'u/profile/a.thumb.webp'): MediaCommand => ({
  type: 'RecordProcessed',
  uid: 'u',
  fileName,
  format: 'png',
  kind: 'image',
  size: 1234,
  thumbnailFileName,
  uploadType: 'profile',
  now,
});
const processed = (fileName = 'u/profile/a.png', thumbnailFileName: string | null = 'u/profile/a.thumb.webp'): MediaEvent => ({
  type: 'MediaProcessed',
  data: { uid: 'u', fileName, format: 'png', kind: 'image', size: 1234, thumbnailFileName, uploadType: 'profile', processedAt: at },
});
const remove = (fileName = 'u/profile/a.png'): MediaCommand => ({ type: 'DeleteGalleryItem', uid: 'u', fileName, format: 'png', now });
const deleted = (fileName = 'u/profile/a.png'): MediaEvent => ({
  type: 'GalleryItemDeleted',
  data: { uid: 'u', fileName, format: 'png', deletedAt: at },
});

describe('media decider', () => {
  it('records a processed upload with its thumbnail; processing it again writes nothing', () => {
    given().when(record()).then([processed()]);
    given(processed()).when(record()).thenNothing();
    given(processed())
      .when(record('u/profile/b.png', null))
      .then([processed('u/profile/b.png', null)]);
  });

  it('deletes a gallery item the user has, once', () => {
    given(processed()).when(remove()).then([deleted()]);
    given(processed(), deleted()).when(remove()).thenThrows('NOT_FOUND', 'Media not found.');
  });

  it('refuses to delete media that was never processed for this user', () => {
    given().when(remove()).thenThrows('NOT_FOUND', 'Media not found.');
    given(processed()).when(remove('u/profile/other.png')).thenThrows('NOT_FOUND', 'Media not found.');
  });
});
