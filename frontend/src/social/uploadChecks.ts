// Client-side checks before an upload starts (docs/decisions/uploads.md): media type and the 50 MB limit.
import { limits } from '@murmur/contracts/constants';
import { texts } from '@murmur/contracts/errors';

export function uploadError(file: { type: string; size: number }, imagesOnly = false): string | null {
  const family = file.type.split('/')[0];
  if (imagesOnly ? family !== 'image' : !['image', 'video', 'audio'].includes(family ?? '')) return texts.uploadImageOnly;
  if (file.size > limits.uploadMaxBytes) return texts.uploadTooLarge;
  return null;
}
