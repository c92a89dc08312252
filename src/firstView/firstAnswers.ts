/**
 * The answers a page came with (src/api/firstAnswers.ts), read from its JSON element and handed to
 * the store before the first render: by the server render (src/serverRender.tsx), the hydration
 * (hydration.tsx) and the mount of a widget the browser draws (src/widgets/mountWidget.tsx).
 * A query's answer goes into RTK Query's cache (`upsertQueryEntries`), where the endpoint's
 * `select` reads it and the flows find it (src/api/sagaCall.ts `callQueryAndKeep`); then every
 * answer is announced (`firstAnswers/received`) to the slices whose first view it is.
 */
import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { firstAnswersReceived, type FirstAnswers } from '../api/firstAnswers';
import { FIRST_ANSWERS_ELEMENT_ID } from '../platform/serverRender';
import { FIRST_ANSWER_ENDPOINTS, type FirstAnswerEndpoint } from '../platform/widgetCatalog';

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

type UpsertQueryEntries = (entries: Array<{ endpointName: string; arg: undefined; value: unknown }>) => UnknownAction;

/**
 * Puts the page's answers in the store (nothing when there are none). RTK Query is loaded only
 * for a query's answer: the widgets that read one bring it in their own chunk (their feature's
 * slices hold the cache), so the import finds it there.
 */
export function receiveFirstAnswers(store: { dispatch: Dispatch }, answers: FirstAnswers): Promise<void> | void {
  const announce = () => {
    if (Object.keys(answers).length > 0) store.dispatch(firstAnswersReceived(answers));
  };
  const cached = CACHED_ANSWERS.filter((endpointName) => answers[endpointName] !== undefined);
  if (cached.length === 0) return announce();
  return import(/* webpackChunkName: "api" */ '../api/baseApi').then(({ api }) => {
    // the base `api` is typed without its injected endpoints: known here by name only
    const upsertQueryEntries = api.util.upsertQueryEntries as unknown as UpsertQueryEntries;
    store.dispatch(upsertQueryEntries(cached.map((endpointName) => ({ endpointName, arg: undefined, value: answers[endpointName] }))));
    announce();
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
