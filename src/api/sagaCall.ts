/**
 * How a saga calls an endpoint: dispatch `initiate`, unwrap the result, and always clean up —
 * a mutation's cache entry is removed (it may hold a password or SSN in its arguments) and a
 * request still in flight when the saga is cancelled is aborted.
 */
import { call, fork, put, select, take } from 'redux-saga/effects';
import { api } from './baseApi';
import { holdsAnswer } from './heldAnswer';

interface MutationRequest<R> {
  unwrap(): Promise<R>;
  reset(): void;
  abort(): void;
}

interface MutationEndpoint<R, A> {
  initiate(arg: A): unknown;
  /** only carries the result type */
  Types?: { ResultType: R };
}

/**
 * Waits for a request already started; a request still in flight when the saga is cancelled is
 * aborted; `release` (reset or unsubscribe) runs either way.
 */
function* settle<R>(request: { unwrap(): Promise<R>; abort(): void }, release: () => void): Generator<unknown, R, unknown> {
  let settled = false;
  try {
    const result = (yield call(() => request.unwrap())) as R;
    settled = true;
    return result;
  } catch (error) {
    settled = true;
    throw error;
  } finally {
    // Unsettled here means the saga was cancelled mid-request. No `yield cancelled()` in this
    // finally: a yield there turns the cancellation into a normal return for a caller that
    // delegates with `yield*`, and that caller would then carry on (e.g. a polling loop).
    if (!settled) request.abort();
    release();
  }
}

export function* callMutation<R, A>(endpoint: MutationEndpoint<R, A>, arg: A): Generator<unknown, R, unknown> {
  const request = (yield put(endpoint.initiate(arg) as never)) as unknown as MutationRequest<R>;
  return yield* settle(request, () => request.reset());
}

interface QueryRequest<R> {
  unwrap(): Promise<R>;
  unsubscribe(): void;
  abort(): void;
}

interface QueryEndpoint<R, A> {
  /** RTK Query's endpoint name */
  name: string;
  initiate(arg: A, options?: { forceRefetch?: boolean; subscribe?: boolean }): unknown;
  /** only carries the result type */
  Types?: { ResultType: R };
}

/**
 * A query through the cache: `forceRefetch` sends a fresh request even when the cache holds an
 * answer (every poll and every check must go out); `subscribe: false` reads it once without
 * keeping the entry subscribed.
 */
export function* callQuery<R, A>(
  endpoint: QueryEndpoint<R, A>,
  arg: A,
  options: { forceRefetch?: boolean; subscribe?: boolean } = {},
): Generator<unknown, R, unknown> {
  const request = (yield put(endpoint.initiate(arg, options) as never)) as unknown as QueryRequest<R>;
  return yield* settle(request, () => request.unsubscribe());
}

/** The tags an entry provides, as the API names them (`api.util.invalidateTags`). */
type EntryTags = Parameters<typeof api.util.invalidateTags>[0];

/**
 * Holds the entry until `actionType`, then lets it go: unsubscribed, and its tags invalidated, so
 * RTK Query drops it when no other screen holds it (and refreshes it for one that does). An
 * answer in the cache thus outlives the screens that asked for it only while one of them is open.
 */
function* releaseOn(request: { unsubscribe(): void }, actionType: string, tags: EntryTags) {
  try {
    yield take(actionType);
  } finally {
    request.unsubscribe();
    yield put(api.util.invalidateTags(tags));
  }
}

interface CachedQueryEndpoint<R, A> extends QueryEndpoint<R, A> {
  select(arg: A): (state: never) => { data?: unknown };
}

/**
 * A read whose answer the screen takes from the cache (the endpoint's `select`), kept subscribed
 * until `until` is dispatched (or the calling saga is cancelled), so the answer stays in the store,
 * and is refetched if one of its `tags` is invalidated, while the screen that shows it is open.
 * Resolves with the first answer or throws its failure; either way the calling saga ends only once
 * the entry is released, and then the entry goes unless another screen holds it (`releaseOn`).
 *
 * Nothing is sent when the store holds the answer (`holdsAnswer`, the one rule for "the page came
 * with this answer", read from the entry through the endpoint's `select`): the page's own load is
 * then the "once on load" of the spec. Otherwise a request goes out: a screen opened again asks
 * afresh, since its closing let the answer go.
 */
export function* callQueryAndKeep<R, A>(
  endpoint: CachedQueryEndpoint<R, A>,
  arg: A,
  { until, tags }: { until: string; tags: EntryTags },
): Generator<unknown, R, unknown> {
  const entry = (yield select(endpoint.select(arg) as (state: unknown) => { data?: unknown })) as { data?: unknown };
  const request = (yield put(endpoint.initiate(arg, { forceRefetch: !holdsAnswer(entry) }) as never)) as unknown as QueryRequest<R>;
  yield fork(releaseOn, request, until, tags);
  return yield* settle(request, () => undefined);
}
