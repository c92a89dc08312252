/**
 * The popup sequence (spec section 4): fetch the list once the widget is on the page, then
 * show the popups strictly one at a time, in order. Each is marked seen as it is shown; the
 * next opens only after the previous has fully closed. The tax popup's "Don't show again" and an
 * offer's decline link send a dismissal (the server rests a declined offer: server/popups.ts).
 * Server failures are only logged.
 * A page that came with its list (src/api/firstAnswers.ts) asks for nothing: its first popup is
 * already open (popupsSlice.ts), drawn before the flows arrived, and is followed from there.
 */
import type { Channel } from 'redux-saga';
import { actionChannel, call, fork, put, select, take } from 'redux-saga/effects';
import type { DismissPopup, PopupItem } from '../../api/contract';
import { firstAnswersActions, selectFirstAnswer, type FirstAnswers } from '../../api/firstAnswers';
import { callMutation } from '../../api/sagaCall';
import { userApi } from '../../api/userApi';
import { getDependencies } from '../../platform/dependencies';
import { readPopup, type Popup, type PopupCloseReason, type PopupId } from './popupModel';
import {
  closeRequested,
  listReceived,
  popupClosed,
  popupShown,
  selectCurrentPopup,
  selectShownPopups,
  unknownPopupSkipped,
  widgetMounted,
  type CurrentPopup,
} from './popupsSlice';

type ListReceived = ReturnType<typeof listReceived>;

/** The status of a failed RTK Query call, without its body: enough to find it in the logs. */
function failureContext(error: unknown): Record<string, unknown> {
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  return { status: status ?? String(error) };
}

function* fetchPopups() {
  const fromPage: FirstAnswers['getPopups'] = yield select(selectFirstAnswer, 'getPopups');
  if (fromPage) {
    yield put(firstAnswersActions.taken('getPopups'));
    yield put(listReceived(fromPage));
    return;
  }
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
  } catch (error) {
    const deps = yield* getDependencies();
    deps.reporter.log('popups: could not mark a popup seen', { id, ...failureContext(error) });
  }
}

/** The tax popup's "Don't show again", or a declined offer, which the server then rests for a while (server/popups.ts). */
function* dismiss(id: DismissPopup['id_to_dismiss']) {
  try {
    yield* callMutation(userApi.endpoints.dismissPopup, { id_to_dismiss: id });
  } catch (error) {
    const deps = yield* getDependencies();
    deps.reporter.log('popups: could not dismiss a popup', { id, ...failureContext(error) });
  }
}

/**
 * The reason of the close request the dialog honoured (the dialog machine may refuse one): at
 * once when it already was (a popup the page came with, closed before the flows arrived), else
 * when it is.
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

export function* showPopup(item: PopupItem) {
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

/** The popup the page came with, on screen since the first view (popupsSlice.ts), if `item` is it. */
function* shownWithPage(item: PopupItem) {
  const current: CurrentPopup | null = yield select(selectCurrentPopup);
  const shown: PopupId[] = yield select(selectShownPopups);
  return current !== null && shown.length === 1 && current.popup.id === item.id ? current.popup : null;
}

export function* popupsSaga() {
  const queued: Channel<ListReceived> = yield actionChannel(listReceived);
  // One list per page: a second popups widget (or a remount) shares the first one's sequence.
  yield take(widgetMounted);
  yield fork(fetchPopups);
  // only the first item of the list can be open already: the page's
  let first = true;
  for (;;) {
    const action: ListReceived = yield take(queued);
    for (const item of action.payload.items) {
      const alreadyOpen: Popup | null = first ? yield* shownWithPage(item) : null;
      first = false;
      if (alreadyOpen) yield* followPopup(alreadyOpen);
      else yield call(showPopup, item);
    }
    first = false;
  }
}
