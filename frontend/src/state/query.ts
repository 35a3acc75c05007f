// The one door to swr: server data hooks with the spec's stale times (60 s for user queries),
// fetching through our API client, and the cache wipe a full logout needs.
import useSWR, { mutate as globalMutate, type SWRConfiguration, type SWRResponse } from 'swr';
import { staleTimes } from '@murmur/contracts/constants';
import type { ApiResponse, ApiRouteOf } from '@murmur/contracts/api-catalogue';
import { call, type PathOf } from '../api/client.ts';
import { onLogout } from '../api/session.ts';

export type { SWRResponse };

/** swr's options, and `quiet`: a page that shows the failure itself (e.g. "This user does not exist.")
 * does not get the same words again as a toast. */
export type QueryOptions<T> = SWRConfiguration<T> & { quiet?: boolean };

/** Fetches `path` (under /api/v1) when it is not null, typed by the route: `useQuery<'GET /lobbies/{id}'>(path)`. */
export function useQuery<K extends ApiRouteOf<'GET'>>(
  path: PathOf<K> | null,
  options?: QueryOptions<ApiResponse<K>>,
): SWRResponse<ApiResponse<K>>;
export function useQuery<T>(path: string | null, options: QueryOptions<T> = {}): SWRResponse<T> {
  const { quiet, ...swrOptions } = options;
  return useSWR<T>(path, (p: string) => call<T>('GET', p, undefined, quiet ? { quiet } : undefined), {
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
export function setQueryData<T>(path: string, update: (current: T | undefined) => T | undefined): Promise<unknown> {
  return globalMutate<T>(path, update, { revalidate: false });
}

export function clearQueries(): Promise<unknown> {
  return globalMutate(() => true, undefined, { revalidate: false });
}

onLogout(() => {
  void clearQueries();
});
