// Image thumbnails with sharp (it installs cleanly here, prebuilt for linux-x64). An image sharp
// cannot decode (an SVG with external refs, a truncated file) gets no thumbnail; the UI then shows
// the original scaled by CSS.
import type { ObjectStore } from '@murmur/platform/object-store';
import sharp from 'sharp';

export const THUMBNAIL_WIDTH = 320;

export async function makeThumbnail(store: ObjectStore, key: string, bytes: Buffer): Promise<string | null> {
  try {
    const thumb = await sharp(bytes, { limitInputPixels: 100_000_000 }).rotate().resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).webp({ quality: 75 }).toBuffer();
    const thumbKey = `${key}.thumb.webp`;
    await store.put(thumbKey, thumb, 'image/webp');
    return thumbKey;
  } catch {
    return null;
  }
}
