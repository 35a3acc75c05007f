// The Tenor adapter against a local HTTP server speaking Tenor's v2 API (search, featured,
// searchfilter=sticker, media formats, pos/next), and through the real query-api route.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../../test-support/stack.ts';
import { TenorGifProvider } from './tenor-provider.ts';
import { gifProviderFromEnv } from './gif-provider.ts';

interface Seen {
  path: string;
  params: URLSearchParams;
}
const seen: Seen[] = [];
let failNext = false;

const media = (name: string, w: number, h: number) => ({ url: `https://media.tenor.com/${name}`, dims: [w, h], duration: 0, size: 1000 });
function tenorAnswer(path: string, params: URLSearchParams) {
  const sticker = params.get('searchfilter') === 'sticker';
  const q = params.get('q') ?? 'featured';
  const result = (id: string) => ({
    id,
    title: '',
    content_description: `${q} ${id}`,
    itemurl: `https://tenor.com/view/${id}`,
    url: `https://tenor.com/${id}`,
    tags: [q],
    created: 1700000000.5,
    hasaudio: false,
    flags: [],
    media_formats: sticker
      ? { gif_transparent: media(`${id}/sticker.gif`, 220, 200), tinygif_transparent: media(`${id}/sticker-tiny.gif`, 110, 100) }
      : { gif: media(`${id}/full.gif`, 498, 280), tinygif: media(`${id}/tiny.gif`, 220, 124), mp4: media(`${id}/v.mp4`, 498, 280) },
  });
  const pos = Number(params.get('pos') ?? 0);
  const results = [result(`${path.slice(1)}-${pos + 1}`), result(`${path.slice(1)}-${pos + 2}`)];
  // A result with a plain-http rendition, which chat could not carry.
  results.push({
    ...result('insecure'),
    media_formats: { gif: { ...media('x', 1, 1), url: 'http://evil.example/x.gif' }, tinygif: media('x', 1, 1) },
  } as never);
  return { results, next: pos === 0 ? '2' : '' };
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const path = url.pathname.replace('/v2', '');
  seen.push({ path, params: url.searchParams });
  if (failNext) {
    failNext = false;
    res.writeHead(429, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 429, message: 'quota' } }));
    return;
  }
  if (url.searchParams.get('key') !== 'test-key') {
    res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 400, message: 'API key not valid.' } }));
    return;
  }
  if (path !== '/search' && path !== '/featured') return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(tenorAnswer(path, url.searchParams)));
});
let baseUrl = '';
let stack: TestStack | null = null;

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
});
afterAll(async () => {
  await stack?.stop();
  await new Promise((r) => server.close(r));
});

const provider = () => new TenorGifProvider({ apiKey: 'test-key', baseUrl, clientKey: 'murmur-test', contentFilter: 'medium' });

describe('the Tenor adapter', () => {
  it('searches GIFs with the v2 parameters and maps gif/tinygif', async () => {
    const page = await provider().search({ q: 'happy dance', kind: 'gif', limit: 7 });
    const call = seen.at(-1)!;
    expect(call.path).toBe('/search');
    expect(Object.fromEntries(call.params)).toEqual({
      key: 'test-key',
      client_key: 'murmur-test',
      limit: '7',
      media_filter: 'gif,tinygif',
      contentfilter: 'medium',
      q: 'happy dance',
    });
    expect(page.next).toBe('2');
    expect(page.items).toEqual([
      {
        id: 'search-1',
        kind: 'gif',
        title: 'happy dance search-1',
        url: 'https://media.tenor.com/search-1/full.gif',
        previewUrl: 'https://media.tenor.com/search-1/tiny.gif',
        width: 498,
        height: 280,
        source: 'tenor',
      },
      {
        id: 'search-2',
        kind: 'gif',
        title: 'happy dance search-2',
        url: 'https://media.tenor.com/search-2/full.gif',
        previewUrl: 'https://media.tenor.com/search-2/tiny.gif',
        width: 498,
        height: 280,
        source: 'tenor',
      },
    ]);
  });

  it('asks for stickers with searchfilter=sticker and their transparent renditions, and pages with pos', async () => {
    const page = await provider().search({ q: 'cat', kind: 'sticker', limit: 2, pos: '2' });
    const call = seen.at(-1)!;
    expect(call.params.get('searchfilter')).toBe('sticker');
    expect(call.params.get('media_filter')).toBe('gif_transparent,tinygif_transparent');
    expect(call.params.get('pos')).toBe('2');
    expect(page.items.map((i) => i.url)).toEqual([
      'https://media.tenor.com/search-3/sticker.gif',
      'https://media.tenor.com/search-4/sticker.gif',
    ]);
    expect(page.next).toBeNull();
  });

  it('uses featured for an empty query', async () => {
    const page = await provider().search({ q: '', kind: 'gif', limit: 5 });
    expect(seen.at(-1)!.path).toBe('/featured');
    expect(seen.at(-1)!.params.has('q')).toBe(false);
    expect(page.items[0]!.id).toBe('featured-1');
  });

  it('turns a refusal of the provider into a clear error', async () => {
    failNext = true;
    await expect(provider().search({ q: 'x', kind: 'gif', limit: 5 })).rejects.toThrow(
      'GIF search is unavailable right now. Please try again later.',
    );
    const wrongKey = new TenorGifProvider({ apiKey: 'nope', baseUrl, clientKey: 'c', contentFilter: 'off' });
    await expect(wrongKey.search({ q: 'x', kind: 'gif', limit: 5 })).rejects.toThrow('GIF search is unavailable');
  });

  it('is chosen when a key is configured, the catalogue otherwise', () => {
    expect(gifProviderFromEnv({ TENOR_API_KEY: 'k', TENOR_BASE_URL: baseUrl }).source).toBe('tenor');
    expect(gifProviderFromEnv({}).source).toBe('catalogue');
  });
});

describe('GET /gifs/search', () => {
  it('answers through the configured provider for signed-in users only', async () => {
    stack = await startTestStack({ queryOverrides: { gifs: provider() } });
    const anonymous = await fetch(`${stack.queryUrl}/api/v1/gifs/search?q=cat`);
    expect(anonymous.status).toBe(401);
    const token = await stack.tokenFor('gif-fan');
    const res = await fetch(`${stack.queryUrl}/api/v1/gifs/search?q=cat&kind=sticker&limit=2`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { source: string; items: Array<{ url: string }>; next: string | null };
    expect(body.source).toBe('tenor');
    expect(body.items.map((i) => i.url)).toEqual([
      'https://media.tenor.com/search-1/sticker.gif',
      'https://media.tenor.com/search-2/sticker.gif',
    ]);
    const bad = await fetch(`${stack.queryUrl}/api/v1/gifs/search?kind=video`, { headers: { authorization: `Bearer ${token}` } });
    expect(bad.status).toBe(400);
  });
});
