// One typed function per catalogue route (the generated `api` in api.generated.ts is made of them):
// path parameters, body and query typed from the route's contracts schemas, the answer from its DTO.
// The catalogue is the only place a path or a body shape is written (docs/decisions/api-contracts.md).
import type { ApiBody, ApiQuery, ApiResponse, ApiRouteKey } from '@murmur/contracts/api-catalogue';
import { call, type CallOptions } from './client.ts';

type PathOfKey<K extends string> = K extends `${string} ${infer P}` ? P : never;
type ParamNames<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamNames<Rest> : never;

/** `{ id: string }` for `/lobbies/{id}/leave`. */
export type RouteParams<K extends ApiRouteKey> = { [N in ParamNames<PathOfKey<K>>]: string };

type ParamsArg<K extends ApiRouteKey> = [ParamNames<PathOfKey<K>>] extends [never] ? [] : [params: RouteParams<K>];
type BodyArg<K extends ApiRouteKey> = [ApiBody<K>] extends [undefined] ? [] : [body: ApiBody<K>];
type QueryArg<K extends ApiRouteKey> = [ApiQuery<K>] extends [undefined]
  ? []
  : Record<string, never> extends ApiQuery<K>
    ? [query?: ApiQuery<K>]
    : [query: ApiQuery<K>];

/** A route's arguments in a fixed order: path parameters, then the body, then the query (each only when the route has one). */
export type RouteArgs<K extends ApiRouteKey> = [...ParamsArg<K>, ...BodyArg<K>, ...QueryArg<K>];

declare const routeKey: unique symbol;
/** A filled path under /api/v1 (with its query string) that remembers its route: a GET's swr key. */
export type RoutePath<K extends ApiRouteKey> = string & { readonly [routeKey]: K };

export interface RouteCall<K extends ApiRouteKey> {
  /** Calls the route through the app's HTTP client (auth refresh, error toasts, X-Min-Position). */
  (...args: [...RouteArgs<K>, options?: CallOptions]): Promise<ApiResponse<K>>;
  /** The path the call fetches (path parameters, then the query: no body), e.g. for `useQuery` or a cache update. */
  path(...args: [...ParamsArg<K>, ...QueryArg<K>]): RoutePath<K>;
  readonly key: K;
}

/** Which arguments a route takes beyond its path parameters: written by the generator, checked against the catalogue's types. */
type RouteShape<K extends ApiRouteKey> = ([ApiBody<K>] extends [undefined] ? { body?: never } : { body: true }) &
  ([ApiQuery<K>] extends [undefined] ? { query?: never } : { query: true });

function fillPath(pattern: string, params: Record<string, string> | undefined): string {
  return pattern.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${pattern}`);
    return encodeURIComponent(value);
  });
}

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(name, String(one));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function routeCall<K extends ApiRouteKey>(
  key: K,
  ...[shape = {} as RouteShape<K>]: Record<string, never> extends RouteShape<K> ? [shape?: RouteShape<K>] : [shape: RouteShape<K>]
): RouteCall<K> {
  const [method, pattern] = key.split(' ') as [string, string];
  const hasParams = pattern.includes('{');
  const split = (args: unknown[], withBody: boolean) => {
    let i = 0;
    const params = hasParams ? (args[i++] as Record<string, string>) : undefined;
    const body = withBody && (shape as { body?: true }).body ? args[i++] : undefined;
    const query = (shape as { query?: true }).query ? args[i++] : undefined;
    return { path: fillPath(pattern, params) + queryString(query), body, options: args[i] as CallOptions | undefined };
  };
  const fn = (...args: unknown[]) => {
    const { path, body, options } = split(args, true);
    // A command always sends a JSON object, even one that reads no body.
    return call(method, path, method === 'GET' || method === 'DELETE' ? undefined : (body ?? {}), options);
  };
  return Object.assign(fn, { path: (...args: unknown[]) => split(args, false).path, key }) as unknown as RouteCall<K>;
}
