// The one door to swr: server data hooks with the spec's stale times (60 s for user queries),
// fetching through our API client, and the cache wipe a full logout needs.
import useSWR, { mutate as globalMutate, type SWRConfiguration, type SWRResponse } from 'swr';
import { staleTimes } from '@murmur/contracts/constants';
import type { ApiResponse, ApiRouteOf } from '@murmur/contracts/api-catalogue';
import { call } from '../api/client.ts';
import type { RoutePath } from '../api/routeCall.ts';
import { onLogout } from '../api/session.ts';

export type { SWRResponse };

/** swr's options, and `quiet`: a page that shows the failure itself (e.g. "This user does not exist.")
 * does not get the same words again as a toast; `forbiddenNotice`: what a 403 says on the home page it
 * sends the user to; `cacheScope` keeps apart answers that differ by something the path does not say
 * (whose session asked), without sending it. */
export type QueryOptions<T> = SWRConfiguration<T> & { quiet?: boolean; forbiddenNotice?: string; cacheScope?: string };

/** Fetches `path` when it is not null, typed by its route: `useQuery(id ? api.lobbies.detail.path({ id }) : null)`. */
export function useQuery<K extends ApiRouteOf<'GET'>>(
  path: RoutePath<K> | null,
  options?: QueryOptions<ApiResponse<K>>,
): SWRResponse<ApiResponse<K>>;
export function useQuery<T>(path: string | null, options: QueryOptions<T> = {}): SWRResponse<T> {
  const { quiet, forbiddenNotice, cacheScope, ...swrOptions } = options;
  const key = path === null || cacheScope === undefined ? path : `${path}#${cacheScope}`;
  return useSWR<T>(key, (k: string) => call<T>('GET', k.split('#')[0]!, undefined, { quiet, forbiddenNotice }), {
    dedupingInterval: dedupingIntervalFor(swrOptions.refreshInterval),
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    ...swrOptions,
  });
}

/** The longest a page polling every 2 s may be answered from a deduplicated request. */
export const POLLING_DEDUPING_MS = 1000;

/**
 * swr's polling revalidates WITH deduplication: within `dedupingInterval` of the last fetch a
 * poll fetches nothing. With the 60 s stale time, a page polling every 2 s saw the server once a
 * minute (the booking room never showed its end). A query that polls therefore dedupes only
 * requests that start together.
 */
export function dedupingIntervalFor(refreshInterval: SWRConfiguration['refreshInterval']): number {
  return refreshInterval === undefined || refreshInterval === 0 ? staleTimes.userQueriesMs : POLLING_DEDUPING_MS;
}

/** Re-fetches every cached query whose path starts with one of `prefixes`. */
export function refreshQueries(...prefixes: string[]): Promise<unknown> {
  return globalMutate((key) => typeof key === 'string' && prefixes.some((p) => key.startsWith(p)));
}

/** Writes a cached value (optimistic updates, realtime events) without a fetch. */
export function setQueryData<K extends ApiRouteOf<'GET'>, T = ApiResponse<K>>(
  path: RoutePath<K>,
  update: (current: T | undefined) => T | undefined,
): Promise<unknown> {
  return globalMutate<T>(path, update, { revalidate: false });
}

/** Re-reads `path` at a position (a realtime event's) and writes the answer into the cache. */
export function refetchQuery<K extends ApiRouteOf<'GET'>>(path: RoutePath<K>, minPosition?: string): Promise<unknown> {
  return call<ApiResponse<K>>('GET', path, undefined, { minPosition, quiet: true }).then(
    (body) => setQueryData(path, () => body),
    () => undefined,
  );
}

export function clearQueries(): Promise<unknown> {
  return globalMutate(() => true, undefined, { revalidate: false });
}

onLogout(() => {
  void clearQueries();
});
