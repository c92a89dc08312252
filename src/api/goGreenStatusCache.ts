/**
 * go-green/status as the screens read it (go-green's wizard, profile's address on file): RTK
 * Query's cache entry, read by key, else the answer the page came with (firstAnswers.ts). Read by
 * key, not through `goGreenApi.endpoints.getGoGreenStatus.select()`: importing the API here would
 * put RTK Query into the widgets' first load, which it is kept out of (the flows download after
 * the first view). goGreenSlice.test.ts checks the key against RTK’s own.
 */
import type { GoGreenInfo } from './contract';
import { selectFirstAnswer, type WithFirstAnswers } from './firstAnswers';

/** RTK Query's cache key of go-green/status (its default for an endpoint called without an argument). */
export const STATUS_CACHE_KEY = 'getGoGreenStatus(undefined)';

interface CacheEntry {
  data?: unknown;
  status?: string;
}

/** The part of the store the API cache and the first answers own, as far as these selectors read it. */
export type WithGoGreenStatus = WithFirstAnswers & { api?: { queries: Partial<Record<string, CacheEntry>> } };

/** The spec's go-green `info`: the cached answer of go-green/status, or the page's, or null before either. */
export const selectGoGreenInfo = (state: WithGoGreenStatus): GoGreenInfo | null =>
  (state.api?.queries[STATUS_CACHE_KEY]?.data as GoGreenInfo | undefined) ?? selectFirstAnswer(state, 'getGoGreenStatus') ?? null;

/** The last request for it failed (RTK Query's `isError`). */
export const selectGoGreenStatusFailed = (state: WithGoGreenStatus): boolean =>
  state.api?.queries[STATUS_CACHE_KEY]?.status === 'rejected';
