// Demo social graph through the real commands: follows between the demo users (aria and ben follow
// each other, so they can message), a few wall posts (one with an uploaded picture, one private
// with an unlock price, one for subscribers), likes, and a first conversation.
import sharp from 'sharp';
import type { SeedContext } from './context.ts';

export async function seedSocial(ctx: SeedContext): Promise<void> {
  const known = (ctx.shared.users ?? {}) as Record<string, string>;
  const uid = (key: string) => known[key] ?? `demo-${key}`;
  const tokens = new Map<string, string>();
  const as = async (key: string) => {
    let token = tokens.get(key);
    if (!token) tokens.set(key, (token = await ctx.tokenFor(uid(key))));
    return token;
  };
  const post = async (key: string, path: string, body: unknown = {}) => ctx.post(path, await as(key), body);

  for (const [from, to] of [
    ['aria', 'ben'],
    ['ben', 'aria'],
    ['ben', 'nova'],
    ['nova', 'aria'],
    ['admin', 'aria'],
  ] as const) {
    await post(from, `/user/follow/${uid(to)}`);
  }
  await ctx.post(
    '/user/profile/details',
    await as('aria'),
    { bio: 'Host of Late night chat. Say hi!', pinnedMessage: 'Live every night at 10 pm' },
    'PUT',
  );

  // A picture through the three-step upload, as the web app does it.
  const image = await sunsetPicture();
  const signed = await post('aria', '/cms/presign-media?uploadType=profile', {
    fileName: 'sunset.jpg',
    contentType: 'image/jpeg',
    size: image.length,
  });
  const put = await fetch(new URL(signed.uploadUrl, ctx.commandUrl), {
    method: 'PUT',
    headers: { 'content-type': 'image/jpeg' },
    body: new Uint8Array(image),
  });
  if (!put.ok) throw new Error(`seed media PUT -> ${put.status}`);
  await post('aria', '/cms/process-media', { fileName: signed.fileName, fileType: 'image/jpeg' });

  const first = await post('aria', '/user/wall/post', {
    content: 'Welcome to my wall! Tonight: karaoke 🎤',
    mediaFilename: signed.fileName,
    mediaFormat: 'image/jpeg',
  });
  await post('aria', '/user/wall/post', {
    content: 'Behind the scenes (unlock to see)',
    mediaFilename: signed.fileName,
    mediaFormat: 'image/jpeg',
    mediaIsPrivate: true,
    unlockPrice: 50,
  });
  await post('aria', '/user/wall/post', { content: 'Thanks to my subscribers 💜', subscriberOnly: true });
  const second = await post('ben', '/user/wall/post', { content: 'First time hosting a gaming lobby, join me!' });
  await post('ben', `/user/wall/post/${first.id}/like`);
  await post('nova', `/user/wall/post/${first.id}/like`);
  await post('aria', `/user/wall/post/${second.id}/like`);

  await post('aria', `/messages/send/${uid('ben')}`, { text: 'Hey Ben, thanks for the follow!' });
  await post('ben', `/messages/send/${uid('aria')}`, { text: 'Loved your lobby last night 🎶' });
}

/** The demo posts' picture: a sunset (sky, sun, hills), so the feed shows a photo-like image and not
 * a flat block of colour that reads as a missing picture. */
export function sunsetPicture(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#3b0764"/><stop offset="0.55" stop-color="#db2777"/><stop offset="1" stop-color="#f59e0b"/>
      </linearGradient>
      <radialGradient id="sun"><stop offset="0" stop-color="#fef3c7"/><stop offset="1" stop-color="#fbbf24"/></radialGradient>
    </defs>
    <rect width="800" height="500" fill="url(#sky)"/>
    <circle cx="400" cy="330" r="90" fill="url(#sun)"/>
    <path d="M0 360 Q200 290 400 360 T800 350 V500 H0Z" fill="#4c1d95"/>
    <path d="M0 420 Q250 360 520 420 T800 410 V500 H0Z" fill="#1e1b4b"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
