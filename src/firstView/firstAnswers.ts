/**
 * Answers that come with the page (issue 18): a page whose first view shows an API answer (a
 * signed-in page's, or the reset page's check of its link, issue 50) gets it from the server with its HTML, so the borrower sees it without waiting for the
 * flows. Read from the page's JSON element and handed to the store before the first render: by
 * the server render (src/ssrEntry.tsx), the hydration (hydration.tsx) and the mount of a widget
 * the browser draws (src/widgets/mountWidget.tsx). Features learn nothing of it:
 * - a query's answer goes into RTK Query's cache (`upsertQueryEntries`), where the endpoint's
 *   `select` reads it and the flows find it (src/api/sagaCall.ts `callQueryAndKeep`);
 * - any other answer is handed to its feature with the feature's own action, the one its saga
 *   dispatches with the same answer (`HANDED_OVER`).
 */
import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import type { GoGreenInfo, PopupItem } from '../api/schemas';
import type { goGreenActions } from '../features/goGreen/goGreenSlice';
import type { listReceived } from '../features/popups/popupsSlice';
import type { resetPasswordActions } from '../features/passwordReset/resetPasswordSlice';
import { FIRST_ANSWERS_ELEMENT_ID } from '../platform/renderProtocol';
import { FIRST_ANSWER_ENDPOINTS, type FirstAnswerEndpoint } from '../platform/widgetCatalog';

/** Each endpoint a page may be answered with, and its answer (the contract's type). */
export interface FirstAnswers {
  getGoGreenStatus?: GoGreenInfo;
  /** The opt-out that the page load follows (the spec sends the browser to go-green afterwards): present once, after it. */
  goGreenOptOut?: { opted_out: true };
  /** The popups a signed-in page would ask for (`user/popup/`, a POST): the queue, its first popup open in the first view. */
  getPopups?: PopupItem[];
  /**
   * The reset page's link checked as `validate_nonce` checks it (`valid: false` for its 400 "expired"):
   * the page's own nonce, so only the reset page comes with it.
   */
  validateNonce?: { valid: boolean };
}

/** Every name the catalog may list has its answer's type above (and no other). */
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const namesMatch: Exact<keyof FirstAnswers, FirstAnswerEndpoint> = true;
void namesMatch;

/** The answers that are lists (the popups); every other one is an object. */
const LIST_ANSWERS: ReadonlySet<FirstAnswerEndpoint> = new Set(['getPopups']);

/**
 * The first answers of a page, from its JSON element: only the known endpoints (or only `wanted`),
 * each a list or an object as its endpoint answers (the server writes them from the same code as
 * the API's answers). Anything else, or no element, is no first answer: the flows then ask as usual.
 */
export function readFirstAnswers(doc: Document, wanted: readonly FirstAnswerEndpoint[] = FIRST_ANSWER_ENDPOINTS): FirstAnswers {
  const text = doc.getElementById(FIRST_ANSWERS_ELEMENT_ID)?.textContent;
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const answers: Partial<Record<FirstAnswerEndpoint, unknown>> = {};
  for (const endpoint of wanted) {
    const value = (parsed as Record<string, unknown>)[endpoint];
    if (typeof value === 'object' && value !== null && Array.isArray(value) === LIST_ANSWERS.has(endpoint)) answers[endpoint] = value;
  }
  return answers as FirstAnswers;
}

/** The answers that are an argumentless query's: RTK Query's cache holds them. */
const CACHED_ANSWERS = ['getGoGreenStatus'] as const satisfies readonly FirstAnswerEndpoint[];

type Handed = Exclude<FirstAnswerEndpoint, (typeof CACHED_ANSWERS)[number]>;

/**
 * Every other answer, as the action its feature takes it with: the same action its saga dispatches
 * when it has the answer itself (the popups' list from `POST user/popup/`; the opt-out from the
 * saga's session flag; the reset link's check from `validate_nonce`). Written as plain objects so that no feature's code is in every page's
 * first load; `satisfies` holds each to its action creator's type.
 */
const HANDED_OVER: { [K in Handed]-?: (answer: NonNullable<FirstAnswers[K]>) => UnknownAction } = {
  getPopups: (items) => ({ type: 'popups/listReceived', payload: { items } }) satisfies ReturnType<typeof listReceived>,
  goGreenOptOut: () => ({ type: 'goGreen/optOutConfirmed', payload: undefined }) satisfies ReturnType<typeof goGreenActions.optOutConfirmed>,
  validateNonce: ({ valid }) =>
    valid === true
      ? ({ type: 'resetPassword/nonceAccepted', payload: undefined } satisfies ReturnType<typeof resetPasswordActions.nonceAccepted>)
      : ({ type: 'resetPassword/nonceRejected', payload: undefined } satisfies ReturnType<typeof resetPasswordActions.nonceRejected>),
};
const HANDED = Object.keys(HANDED_OVER) as Handed[];

type UpsertQueryEntries = (entries: Array<{ endpointName: string; arg: undefined; value: unknown }>) => UnknownAction;

/**
 * Puts the page's answers in the store (nothing when there are none): the cached ones first, then
 * the ones handed over, so a feature's action finds the cache filled. RTK Query is loaded only
 * for a query's answer: the widgets that read one bring it in their own chunk (their feature's
 * slices hold the cache), so the import finds it there.
 */
export function receiveFirstAnswers(store: { dispatch: Dispatch }, answers: FirstAnswers): Promise<void> | void {
  const handOver = () => {
    for (const endpoint of HANDED) {
      const answer = answers[endpoint];
      // each entry takes its own answer's type (a union here)
      if (answer !== undefined) store.dispatch((HANDED_OVER[endpoint] as (answer: unknown) => UnknownAction)(answer));
    }
  };
  const cached = CACHED_ANSWERS.filter((endpointName) => answers[endpointName] !== undefined);
  if (cached.length === 0) return handOver();
  return import(/* webpackChunkName: "api" */ '../api/baseApi').then(({ api }) => {
    // the base `api` is typed without its injected endpoints: known here by name only
    const upsertQueryEntries = api.util.upsertQueryEntries as unknown as UpsertQueryEntries;
    store.dispatch(upsertQueryEntries(cached.map((endpointName) => ({ endpointName, arg: undefined, value: answers[endpointName] }))));
    handOver();
  });
}

const handedOver = new Set<string>();

/**
 * The answers a widget the browser draws shows first (its catalog row's `firstAnswers`), when the
 * page came with them: in the store before its first render (the feature's slice is in by now).
 * Once per widget and page. A promise when the answers wait for RTK Query (a query's answer).
 */
export function handOverFirstAnswers(
  store: { dispatch: Dispatch },
  doc: Document,
  widget: string,
  wanted: readonly FirstAnswerEndpoint[] | undefined,
): Promise<void> | void {
  if (!wanted || handedOver.has(widget)) return;
  handedOver.add(widget);
  return receiveFirstAnswers(store, readFirstAnswers(doc, wanted));
}
