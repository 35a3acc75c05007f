import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sunsetPicture } from './social.ts';

describe("the demo posts' picture", () => {
  it('is a picture, not one flat colour (it read as a missing image in the feed)', async () => {
    const image = await sunsetPicture();
    const meta = await sharp(image).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 800, 500]);
    const { channels } = await sharp(image).stats();
    // A flat block has no spread in any channel; the sunset spreads in every one.
    for (const c of channels) expect(c.stdev).toBeGreaterThan(20);
  });
});
