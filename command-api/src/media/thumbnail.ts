// Image thumbnails with sharp (it installs cleanly here, prebuilt for linux-x64). An image sharp
// cannot decode (an SVG with external refs, a truncated file) gets no thumbnail; the UI then shows
// the original scaled by CSS.
import type { ObjectStore } from '@murmur/platform/object-store';
import sharp from 'sharp';

export const THUMBNAIL_WIDTH = 320;
/** Pixels an uploaded picture may have: a 100 KB PNG can claim 10,000 x 10,000 and cost 300 MB to decode. */
export const MAX_IMAGE_PIXELS = 8000 * 8000;
/** Bytes read to find an image's dimensions: every header we accept states them near the start. */
export const IMAGE_HEADER_BYTES = 256 * 1024;

/** The image's width and height from its header alone, without decoding it; null when sharp cannot tell. */
export async function imageDimensions(head: Buffer): Promise<{ width: number; height: number } | null> {
  try {
    const meta = await sharp(head, { limitInputPixels: false }).metadata();
    return meta.width && meta.height ? { width: meta.width, height: meta.height } : null;
  } catch {
    return null;
  }
}

export async function makeThumbnail(store: ObjectStore, key: string, bytes: Buffer): Promise<string | null> {
  try {
    const thumb = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    const thumbKey = `${key}.thumb.webp`;
    await store.put(thumbKey, thumb, 'image/webp');
    return thumbKey;
  } catch {
    return null;
  }
}
