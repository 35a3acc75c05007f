// What other modules may use of media: who owns an uploaded key, and whether bytes look like an image.

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
