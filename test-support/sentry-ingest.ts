// A local HTTP server shaped like Sentry's envelope ingest (POST /api/{project}/envelope/), for the
// error-reporting tests: it keeps the events it receives and answers browsers' CORS preflights.
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { closeServer, listen } from '@murmur/platform';

export interface ReceivedEvent {
  project: string;
  event: Record<string, any>;
}

export interface SentryIngest {
  /** A DSN pointing here (public key `testkey`, project 42). */
  dsn: string;
  events: ReceivedEvent[];
  /** Every request body's item types, events or not (sessions, client reports). */
  envelopes: number;
  /** Resolves with the first event (already received or next) that matches. */
  waitFor(match: (e: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  close(): Promise<void>;
}

export async function startSentryIngest(): Promise<SentryIngest> {
  const events: ReceivedEvent[] = [];
  const waiters: Array<{ match: (e: ReceivedEvent) => boolean; resolve: (e: ReceivedEvent) => void }> = [];
  const state = { envelopes: 0 };
  const server = http.createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', '*');
    if (req.method === 'OPTIONS') return void res.end();
    const project = /^\/api\/(\w+)\/envelope\/?/.exec(req.url ?? '')?.[1];
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (!project || req.method !== 'POST') {
        res.statusCode = 404;
        return void res.end();
      }
      state.envelopes++;
      const raw = Buffer.concat(chunks);
      const text = (req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
      const [, ...items] = text.split('\n').filter((l) => l.trim() !== '');
      for (let i = 0; i + 1 < items.length; i += 2) {
        if ((JSON.parse(items[i]!) as { type?: string }).type !== 'event') continue;
        const received = { project, event: JSON.parse(items[i + 1]!) as Record<string, any> };
        events.push(received);
        for (let w = waiters.length - 1; w >= 0; w--) {
          if (waiters[w]!.match(received)) waiters.splice(w, 1)[0]!.resolve(received);
        }
      }
      res.setHeader('content-type', 'application/json');
      res.end('{}');
    });
  });
  const port = await listen(server, 0);
  return {
    dsn: `http://testkey@127.0.0.1:${port}/42`,
    events,
    get envelopes() {
      return state.envelopes;
    },
    waitFor(match, timeoutMs = 10_000) {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching event reached the fake Sentry ingest')), timeoutMs);
        waiters.push({
          match,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e);
          },
        });
      });
    },
    close: () => closeServer(server),
  };
}
