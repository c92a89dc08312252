/**
 * Answers that come with the page (issue 18): a signed-in page whose first view shows an API
 * answer gets it from the server with its HTML, so the borrower sees it without waiting for the
 * flows. Before the first render, src/firstView/firstAnswers.ts puts a query's answer into RTK
 * Query's cache (`upsertQueryEntries`: go-green/status, read with the endpoint's `select`), then
 * dispatches `firstAnswers/received` with every answer, for the slices whose first view they are:
 * go-green's (the status is loaded; the opt-out the page load follows) and the popups' (the list,
 * a POST's answer: the queue). No store state of its own; no RTK Query import (in every page's
 * first load).
 */
import { createAction } from '@reduxjs/toolkit';
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

/** The answers the page came with (the server's render and the hydration dispatch the same). */
export const firstAnswersReceived = createAction<FirstAnswers>('firstAnswers/received');
