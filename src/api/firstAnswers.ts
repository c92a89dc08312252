/**
 * Answers that come with the page (issue 18): a signed-in page whose first view shows an API
 * answer gets that answer from the server with its HTML, drawn there and put in the page's store
 * before hydration (`firstAnswers/received`, by src/firstView/firstAnswers.ts), so the borrower sees it without waiting for the flows
 * to download and ask. The flows move it into RTK Query's cache and ask nothing more for it
 * (`callQueryAndKeep` in sagaCall.ts, which takes it: `firstAnswers/taken`): the page's own load is
 * the "once on load" of the spec. Until then the selectors of the cached answer fall back to it.
 *
 * Queries without an argument, keyed by endpoint name, and the answer of a request the page load
 * follows (`goGreenOptOut`: read by go-green's slice, never moved into the cache). The popups list
 * (`getPopups`, a POST with the page's own account) is read by the popups' slice and saga, never
 * cached either. No RTK Query import: this slice is in every page's first load (src/firstView/lazyReducer.ts).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { FirstAnswerEndpoint } from '../platform/widgetCatalog';
import type { GoGreenInfo, PopupItem } from './contract';

/** Each endpoint a page may be answered with, and its answer (the contract's type). */
export interface FirstAnswers {
  getGoGreenStatus?: GoGreenInfo;
  /** The opt-out that the page load follows (the spec sends the browser to go-green afterwards): present once, after it. */
  goGreenOptOut?: { opted_out: true };
  /** The popups a signed-in page would ask for (`user/popup/`): shown from the first view, the first of them at once (popupsSlice.ts). */
  getPopups?: PopupItem[];
}

/** Every name the catalog may list has its answer's type above (and no other). */
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const namesMatch: Exact<keyof FirstAnswers, FirstAnswerEndpoint> = true;
void namesMatch;

export const firstAnswersSlice = createSlice({
  name: 'firstAnswers',
  initialState: {} as FirstAnswers,
  reducers: {
    /** The answers the page came with (the server's render and the hydration dispatch the same). */
    received(state, action: PayloadAction<FirstAnswers>) {
      return { ...state, ...action.payload };
    },
    /** Moved into the API cache by the flows: from now on the cache is the answer. */
    taken(state, action: PayloadAction<FirstAnswerEndpoint>) {
      delete state[action.payload];
    },
  },
});

export const firstAnswersActions = firstAnswersSlice.actions;

export type WithFirstAnswers = { firstAnswers?: FirstAnswers };

export const selectFirstAnswer = <K extends FirstAnswerEndpoint>(state: WithFirstAnswers, endpoint: K): FirstAnswers[K] =>
  state.firstAnswers?.[endpoint];
