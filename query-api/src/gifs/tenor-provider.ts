// The Tenor adapter: Tenor API v2 `search` (and `featured` for an empty query), stickers through
// `searchfilter=sticker` and their transparent renditions. Any API speaking v2 works (base URL).
import { ApiError } from '@murmur/platform';
import { gifTexts, type GifItem } from '@murmur/contracts';
import type { GifPage, GifProvider, GifSearch } from './gif-provider.ts';

export interface TenorOptions {
  apiKey: string;
  baseUrl: string;
  clientKey: string;
  contentFilter: 'off' | 'low' | 'medium' | 'high';
  timeoutMs?: number;
}

interface TenorMedia {
  url: string;
  dims?: [number, number];
}
interface TenorResult {
  id: string;
  title?: string;
  content_description?: string;
  media_formats: Record<string, TenorMedia | undefined>;
}
interface TenorResponse {
  results?: TenorResult[];
  next?: string;
}

const formats = {
  gif: { full: 'gif', preview: 'tinygif' },
  sticker: { full: 'gif_transparent', preview: 'tinygif_transparent' },
} as const;

export class TenorGifProvider implements GifProvider {
  readonly source = 'tenor' as const;

  constructor(private readonly options: TenorOptions) {}

  async search({ q, kind, limit, pos }: GifSearch): Promise<GifPage> {
    const { full, preview } = formats[kind];
    const params = new URLSearchParams({
      key: this.options.apiKey,
      client_key: this.options.clientKey,
      limit: String(limit),
      media_filter: `${full},${preview}`,
      contentfilter: this.options.contentFilter,
    });
    if (q) params.set('q', q);
    if (kind === 'sticker') params.set('searchfilter', 'sticker');
    if (pos) params.set('pos', pos);
    const url = `${this.options.baseUrl.replace(/\/$/, '')}/${q ? 'search' : 'featured'}?${params}`;
    let body: TenorResponse;
    try {
      const res = await fetch(url, {
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
        headers: { accept: 'application/json' },
      });
      if (!res.ok) throw new Error(`tenor answered ${res.status}`);
      body = (await res.json()) as TenorResponse;
    } catch (error) {
      throw new ApiError('INTERNAL', gifTexts.unavailable, { cause: (error as Error).message });
    }
    const items: GifItem[] = [];
    for (const r of body.results ?? []) {
      const media = r.media_formats[full];
      const small = r.media_formats[preview] ?? media;
      // Only https media can be sent in chat (isChatMediaUrl); anything else is left out.
      if (!media?.url.startsWith('https://') || !small?.url.startsWith('https://')) continue;
      const [width, height] = media.dims ?? [0, 0];
      items.push({
        id: r.id,
        kind,
        title: r.title || r.content_description || '',
        url: media.url,
        previewUrl: small.url,
        width,
        height,
        source: 'tenor',
      });
    }
    return { items, next: body.next ? body.next : null };
  }
}
