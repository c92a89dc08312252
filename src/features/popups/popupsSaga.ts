/**
 * The popup sequence (spec section 4): fetch the list once the widget is on the page, then
 * show the popups strictly one at a time, in order. The queue is store state (popupsSlice.ts,
 * STYLE point 12): the saga takes the next popup from the store, shows it, and blocks until its
 * dialog has fully closed before the next. Each is marked seen as it is shown. The tax popup's
 * "Don't show again" and an offer's decline link send a dismissal (the server rests a declined
 * offer: server/services/popups.ts). Server failures are only logged.
 * The list's first popup opens as the list arrives (`listReceived`, popupsSlice.ts); the saga then
 * follows it. A list already in the store when the saga starts (the page came with it, handed over
 * before the first render) is not asked for again: its first popup is open, or already closed.
 */
import { call, fork, put, select, take } from 'redux-saga/effects';
import type { DismissPopup, PopupItem } from '../../api/schemas';
import { callMutation } from '../../api/sagaCall';
import { userApi } from '../../api/userApi';
import { getDependencies } from '../../platform/dependencies';
import { readPopup, type Popup, type PopupCloseReason, type PopupId } from './popupModel';
import {
  closeRequested,
  listReceived,
  popupClosed,
  popupDismissed,
  popupMarkedSeen,
  popupShown,
  selectCurrentPopup,
  selectListed,
  selectNextPopup,
  unknownPopupSkipped,
  widgetMounted,
  type CurrentPopup,
} from './popupsSlice';

/** The status of a failed RTK Query call, without its body: enough to find it in the logs. */
function failureContext(error: unknown): Record<string, unknown> {
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  return { status: status ?? String(error) };
}

/** Puts the page's list into the store (the queue), unless it is there already. */
function* fetchPopups() {
  const listed: boolean = yield select(selectListed);
  if (listed) return;
  const deps = yield* getDependencies();
  const { coacct } = deps.config;
  if (!coacct) {
    deps.reporter.log('popups: no coacct in the page config, nothing fetched');
    return;
  }
  try {
    const items = yield* callMutation(userApi.endpoints.getPopups, { coacct });
    yield put(listReceived(items));
  } catch (error) {
    deps.reporter.log('popups: could not fetch the popups', failureContext(error));
  }
}

function* markSeen(id: PopupId) {
  try {
    yield* callMutation(userApi.endpoints.markPopupSeen, { id_to_mark_as_seen: id });
    yield put(popupMarkedSeen(id));
  } catch (error) {
    const deps = yield* getDependencies();
    deps.reporter.log('popups: could not mark a popup seen', { id, ...failureContext(error) });
  }
}

/** The tax popup's "Don't show again", or a declined offer, which the server then rests for a while (server/services/popups.ts). */
function* dismiss(id: DismissPopup['id_to_dismiss']) {
  try {
    yield* callMutation(userApi.endpoints.dismissPopup, { id_to_dismiss: id });
    yield put(popupDismissed(id));
  } catch (error) {
    const deps = yield* getDependencies();
    deps.reporter.log('popups: could not dismiss a popup', { id, ...failureContext(error) });
  }
}

/**
 * The reason of the close request the dialog honoured (the dialog machine may refuse one): at
 * once when it already was (a popup closed before the saga ran), else when it is.
 */
function* honouredCloseReason() {
  for (;;) {
    const current: CurrentPopup | null = yield select(selectCurrentPopup);
    if (current && current.phase !== 'open' && current.closeReason) return current.closeReason;
    yield take(closeRequested);
  }
}

/** A popup on screen: marked seen, then followed until it has fully closed. */
function* followPopup(popup: Popup) {
  yield fork(markSeen, popup.id);
  const reason: PopupCloseReason = yield* honouredCloseReason();
  // Sent as soon as the borrower chooses, not after the animation: leaving the page mid-close must not lose it.
  if (popup.id === 'tax-reminder' && reason === 'dont-show-again') yield fork(dismiss, popup.id);
  if (popup.id === 'go-green-auto-pay' && reason === 'declined') yield fork(dismiss, popup.id);
  const current: CurrentPopup | null = yield select(selectCurrentPopup);
  if (current?.phase !== 'closed') yield take(popupClosed);
}

/** Shows the next item of the queue, or skips and reports it when this build cannot show it. */
function* showNext(item: PopupItem) {
  const read = readPopup(item);
  if (!read.ok) {
    const deps = yield* getDependencies();
    deps.reporter.report(new Error(`popups: skipped ${item.id}: ${read.problem}`), { id: item.id, sub_type: item.sub_type });
    yield put(unknownPopupSkipped(item, read.problem));
    return;
  }
  yield put(popupShown(read.popup));
  yield* followPopup(read.popup);
}

export function* popupsSaga() {
  // One list per page: a second popups widget (or a remount) shares the first one's sequence.
  yield take(widgetMounted);
  yield call(fetchPopups);
  // the list's first popup, open since the list arrived (or already closed)
  const first: CurrentPopup | null = yield select(selectCurrentPopup);
  if (first) yield* followPopup(first.popup);
  for (;;) {
    const next: PopupItem | null = yield select(selectNextPopup);
    if (next === null) return;
    yield call(showNext, next);
  }
}
