/**
 * Where one request of a feature stands, in the same words in every slice: not sent (`idle`), on
 * its way (`pending`), answered yes (`succeeded`), answered no (`refused`: the server said it cannot
 * be, e.g. an expired link), or not answered (`failed`: a 5xx or no network, so the borrower may try
 * again; a request that tells no refusal apart says `failed` for both). A load the screen reads from
 * RTK Query's cache has no copy here: its status is the query's own (e.g. `selectGoGreenLoad`).
 */
export type RequestStatus = 'idle' | 'pending' | 'succeeded' | 'refused' | 'failed';

/** The keys of `S` that hold a request's status. */
type StatusKey<S> = { [K in keyof S]-?: S[K] extends RequestStatus ? K : never }[keyof S] & string;

/**
 * The case reducers of the request whose status is `state[key]`: `started` (sent, or sent again on
 * "Try again"), `succeeded`, `refused`, `failed`. A slice names its actions after its own events and
 * takes these as their reducers (`optInRequested: optIn.started`), or calls one from a reducer that
 * does more.
 */
export function requestReducers<S extends object>(key: StatusKey<S>) {
  const to = (status: RequestStatus) => (state: S) => {
    (state as Record<string, RequestStatus>)[key] = status;
  };
  return { started: to('pending'), succeeded: to('succeeded'), refused: to('refused'), failed: to('failed') };
}
