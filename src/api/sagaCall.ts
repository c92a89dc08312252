/**
 * How a saga calls an endpoint: dispatch `initiate`, unwrap the result, and always clean up —
 * a mutation's cache entry is removed (it may hold a password or SSN in its arguments) and a
 * request still in flight when the saga is cancelled is aborted.
 */
import { call, fork, put, select, take } from 'redux-saga/effects';
import { getDependencies } from '../platform/dependencies';

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

function* releaseOn(request: { unsubscribe(): void }, actionType: string) {
  try {
    yield take(actionType);
  } finally {
    request.unsubscribe();
  }
}

/** Per store (keyed by its dependencies): the reads `callQueryAndKeep` has asked for. */
const askedIn = new WeakMap<object, Set<string>>();

interface CachedQueryEndpoint<R, A> extends QueryEndpoint<R, A> {
  select(arg: A): (state: never) => { isSuccess: boolean };
}

/**
 * A read whose answer the screen takes from the cache (the endpoint's `select`): a fresh request,
 * and its cache entry kept subscribed until `releaseActionType` is dispatched (or the calling saga
 * is cancelled), so the answer stays in the store, and is refetched if its tag is invalidated,
 * while the screen that shows it is open. Resolves with the first answer or throws its failure;
 * either way the calling saga ends only once the entry is released.
 *
 * The first read of an entry in a store that already holds its answer (the page came with it:
 * src/firstView/firstAnswers.ts put it in the cache) takes that answer and sends nothing: the
 * page's own load is the "once on load" of the spec. Every later read asks afresh.
 */
export function* callQueryAndKeep<R, A>(
  endpoint: CachedQueryEndpoint<R, A>,
  arg: A,
  releaseActionType: string,
): Generator<unknown, R, unknown> {
  const dependencies = yield* getDependencies();
  const asked = askedIn.get(dependencies) ?? new Set<string>();
  askedIn.set(dependencies, asked);
  const read = `${endpoint.name}(${JSON.stringify(arg) ?? ''})`;
  const cached = ((yield select(endpoint.select(arg) as (state: unknown) => { isSuccess: boolean })) as { isSuccess: boolean }).isSuccess;
  const refetch = asked.has(read) || !cached;
  asked.add(read);
  const request = (yield put(endpoint.initiate(arg, { forceRefetch: refetch }) as never)) as unknown as QueryRequest<R>;
  yield fork(releaseOn, request, releaseActionType);
  return yield* settle(request, () => undefined);
}
