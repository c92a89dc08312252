/**
 * The answers a page came with (src/api/firstAnswers.ts), read from its JSON element and handed to
 * the store before the first render: by the server render (src/serverRender.tsx), the hydration
 * (hydration.tsx) and the mount of a widget the browser draws (src/widgets/mountWidget.tsx).
 */
import type { Dispatch } from '@reduxjs/toolkit';
import { firstAnswersActions, type FirstAnswers } from '../api/firstAnswers';
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

/** Puts the page's answers in the store (nothing when there are none). */
export function receiveFirstAnswers(store: { dispatch: Dispatch }, answers: FirstAnswers) {
  if (Object.keys(answers).length > 0) store.dispatch(firstAnswersActions.received(answers));
}

const handedOver = new Set<string>();

/**
 * The answers a widget the browser draws shows first (its catalog row's `firstAnswers`), when the
 * page came with them: in the store before its first render (the feature's slice is in by now).
 * Once per widget and page.
 */
export function handOverFirstAnswers(store: { dispatch: Dispatch }, doc: Document, widget: string, wanted: readonly FirstAnswerEndpoint[] | undefined) {
  if (!wanted || handedOver.has(widget)) return;
  handedOver.add(widget);
  receiveFirstAnswers(store, readFirstAnswers(doc, wanted));
}
