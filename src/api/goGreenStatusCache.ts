/**
 * go-green/status as the screens read it (go-green's wizard, profile's address on file): RTK
 * Query's cache entry, through the endpoint's own `select`. A page that came with the status has it
 * in the cache before its first render (src/firstView/firstAnswers.ts); the features that read it
 * bring the cache's slice with theirs (`api` in their `feature.slices`).
 */
import type { GoGreenInfo } from './schemas';
import { goGreenApi } from './goGreenApi';
import { holdsAnswer } from './heldAnswer';

const selectStatus = goGreenApi.endpoints.getGoGreenStatus.select();

/** The part of the store these selectors read: RTK Query's cache (`api`, RTK Query's own state). */
export interface WithGoGreenStatus {
  readonly api?: object;
}

const statusOf = (state: WithGoGreenStatus) => selectStatus(state as Parameters<typeof selectStatus>[0]);

/** The spec's go-green `info`: the cached answer of go-green/status, or null before it. */
export const selectGoGreenInfo = (state: WithGoGreenStatus): GoGreenInfo | null => statusOf(state).data ?? null;

/** The last request for it failed (RTK Query's `isError`). */
export const selectGoGreenStatusFailed = (state: WithGoGreenStatus): boolean => statusOf(state).isError;

/**
 * The status as a screen shows it, from RTK Query's entry alone: loaded when the store holds the
 * answer (`holdsAnswer`: the page came with it, or the screen's own read brought it; a refresh of
 * it keeps it shown), failed when a request failed with no answer held, loading otherwise (not
 * asked yet, or asked afresh on opening the screen again).
 */
export const selectGoGreenLoad = (state: WithGoGreenStatus): 'loading' | 'loaded' | 'failed' => {
  const entry = statusOf(state);
  if (holdsAnswer(entry)) return 'loaded';
  return entry.isError ? 'failed' : 'loading';
};
