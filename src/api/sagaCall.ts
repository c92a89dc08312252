/**
 * How a saga calls an endpoint: dispatch `initiate`, unwrap the result, and always clean up —
 * a mutation's cache entry is removed (it may hold a password or SSN in its arguments) and a
 * request still in flight when the saga is cancelled is aborted.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { call, fork, put, select, take } from 'redux-saga/effects';
import type { FirstAnswerEndpoint } from '../platform/widgetCatalog';
import { api } from './baseApi';
import { firstAnswersActions, selectFirstAnswer } from './firstAnswers';

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

/** RTK Query's `upsertQueryEntries`, for an endpoint known by name only (the base `api` is typed without its injected endpoints). */
const upsertQueryEntries = api.util.upsertQueryEntries as unknown as (
  entries: Array<{ endpointName: string; arg: unknown; value: unknown }>,
) => UnknownAction;

/**
 * A read whose answer the screen takes from the cache (the endpoint's `select`): a fresh request,
 * and its cache entry kept subscribed until `releaseActionType` is dispatched (or the calling saga
 * is cancelled), so the answer stays in the store, and is refetched if its tag is invalidated,
 * while the screen that shows it is open. Resolves with the first answer or throws its failure;
 * either way the calling saga ends only once the entry is released.
 *
 * When the page came with the answer (firstAnswers.ts), that is the fresh one: it goes into the
 * cache as RTK Query's own entry and no request is sent.
 */
export function* callQueryAndKeep<R, A>(
  endpoint: QueryEndpoint<R, A>,
  arg: A,
  releaseActionType: string,
): Generator<unknown, R, unknown> {
  // any endpoint may be asked for; only those of FIRST_ANSWER_ENDPOINTS can have come with the page
  const endpointName = endpoint.name as FirstAnswerEndpoint;
  const firstAnswer = (yield select(selectFirstAnswer, endpointName)) as unknown;
  if (firstAnswer !== undefined) {
    yield put(upsertQueryEntries([{ endpointName, arg, value: firstAnswer }]));
    yield put(firstAnswersActions.taken(endpointName));
  }
  const refetch = firstAnswer === undefined;
  const request = (yield put(endpoint.initiate(arg, { forceRefetch: refetch }) as never)) as unknown as QueryRequest<R>;
  yield fork(releaseOn, request, releaseActionType);
  return yield* settle(request, () => undefined);
}
