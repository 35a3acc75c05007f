// Routes registered from the catalogue (contracts/src/api-catalogue.ts): the route's key names its
// method and path, its schemas parse the body and query, its path types the params, and the handler
// returns the catalogued answer, sent with the catalogued status. No path is written twice and a renamed
// field in a body or answer fails the handler's build: docs/decisions/api-contracts.md.
import { apiCatalogue, type ApiEntry, type ApiResponse, type ApiRoute, type ApiRouteKey } from '@murmur/contracts';
import type express from 'express';
import type { z } from 'zod';
import { requireAuth, type AuthContext } from './authenticate.ts';
import { parse } from './validate.ts';

type Flat<T> = { [K in keyof T]: T[K] };
type ParamsOfPath<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? { [N in Name]: string } & ParamsOfPath<Rest>
  : Record<never, never>;
/** `{ id: string; roomId: string }` for `POST /lobbies/{id}/rooms/{roomId}/join`. */
export type RouteParams<K extends ApiRouteKey> = K extends `${string} ${infer P}` ? Flat<ParamsOfPath<P>> : never;
type Parsed<E, F extends 'body' | 'query'> = E extends { [X in F]: infer S extends z.ZodType } ? z.infer<S> : undefined;

/** Routes whose answer is not JSON (a page, a file): their handler answers through res itself. A route
 * whose body alone is raw (a signed webhook, an upload) reads req.body and still returns its answer. */
export type RawRouteKey = {
  [K in ApiRouteKey]: ApiEntry<K> extends { rawAnswer: object } ? K : never;
}[ApiRouteKey];

/** What a JSON route's handler receives: everything parsed and typed from the catalogue entry. */
export interface RouteInput<K extends ApiRouteKey> {
  body: Parsed<ApiEntry<K>, 'body'>;
  query: Parsed<ApiEntry<K>, 'query'>;
  params: RouteParams<K>;
  /** The caller: always there on a signed-in route (visitors are refused before the handler). */
  me: ApiEntry<K> extends { auth: true } ? AuthContext : AuthContext | undefined;
  /** For headers (Idempotency-Key, signatures) and cookies; the answer is what the handler returns. */
  req: express.Request;
  res: express.Response;
  /** A create answering a retry of itself (nothing new written): sent with 200 instead of the 201. */
  repeated: () => void;
}

export type RouteHandler<K extends ApiRouteKey> = [K] extends [RawRouteKey]
  ? (req: express.Request, res: express.Response) => Promise<void> | void
  : (input: RouteInput<K>) => Promise<ApiResponse<K>> | ApiResponse<K>;

export interface RouteOptions<K extends ApiRouteKey> {
  /** Middleware run after the auth check and before the handler (a body parser of its own, a limit). */
  before?: express.RequestHandler[];
  /** A path parameter that spans segments (a stored file's key): matched as `*name`, read joined by `/`. */
  spansSegments?: keyof RouteParams<K>;
}

const byKey = new Map<string, ApiRoute>(apiCatalogue.map((r) => [`${r.method} ${r.path}`, r]));

/** The catalogue entry of `key`; throws when it is not catalogued (a key's type already says it is). */
export function catalogueEntry(key: ApiRouteKey): ApiRoute {
  const entry = byKey.get(key);
  if (!entry) throw new Error(`${key} is not in contracts/src/api-catalogue.ts`);
  return entry;
}

/** Express's form of a catalogue path: `{id}` becomes `:id` (`*id` for a parameter spanning segments). */
export function expressPath(path: string, spansSegments?: string): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => (name === spansSegments ? `*${name}` : `:${name}`));
}

/** The path of a catalogued route below /api/v1 with its parameters filled in (each encoded), for an
 * answer that names another route (an invite's join path): `routePath('POST /lobbies/{id}/join', { id })`. */
export function routePath<K extends ApiRouteKey>(key: K, params: RouteParams<K>): string {
  const values = params as Record<string, string>;
  return catalogueEntry(key).path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

/** Registers the catalogued route `key` on `router`: signed-in routes refuse visitors (401) and, when the
 * catalogue names roles, anyone holding none of them (403), before anything is parsed. */
export function defineRoute<K extends ApiRouteKey>(
  router: express.Router,
  key: K,
  handler: RouteHandler<NoInfer<K>>,
  options: RouteOptions<NoInfer<K>> = {},
): void {
  const entry = catalogueEntry(key);
  const spans = options.spansSegments as string | undefined;
  const guards = entry.auth ? [requireAuth(...(entry.roles ?? []))] : [];
  const run: express.RequestHandler = entry.rawAnswer
    ? async (req, res) => {
        await (handler as (req: express.Request, res: express.Response) => Promise<void> | void)(req, res);
      }
    : async (req, res) => {
        let status = entry.status ?? 200;
        const params = { ...req.params } as Record<string, string | string[]>;
        if (spans !== undefined && Array.isArray(params[spans])) params[spans] = (params[spans] as string[]).join('/');
        const input = {
          query: entry.query ? parse(entry.query, req.query) : undefined,
          body: entry.body ? parse(entry.body, req.body) : undefined,
          params,
          me: req.auth,
          req,
          res,
          repeated: () => {
            status = 200;
          },
        };
        const answer = await (handler as (input: unknown) => unknown)(input);
        res.status(status).json(answer);
      };
  const method = entry.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  router[method](expressPath(entry.path, spans), ...guards, ...(options.before ?? []), run);
}
