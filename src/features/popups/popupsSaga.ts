/**
 * The popup sequence (spec section 4): fetch the list once the widget is on the page, then
 * show the popups strictly one at a time, in order. Each is marked seen as it is shown; the
 * next opens only after the previous has fully closed. Server failures are only logged.
 */
import type { Channel } from 'redux-saga';
import { actionChannel, call, fork, put, select, take } from 'redux-saga/effects';
import type { PopupItem } from '../../api/contract';
import { callMutation } from '../../api/sagaCall';
import { userApi } from '../../api/userApi';
import { getDependencies } from '../../platform/dependencies';
import { readPopup, type PopupCloseReason, type PopupId } from './popupModel';
import {
  closeRequested,
  listReceived,
  popupClosed,
  popupShown,
  selectCurrentPopup,
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

function* dismissTaxReminder() {
  try {
    yield* callMutation(userApi.endpoints.dismissPopup, { id_to_dismiss: 'tax-reminder' });
  } catch (error) {
    const deps = yield* getDependencies();
    deps.reporter.log('popups: could not dismiss the tax popup', failureContext(error));
  }
}

/** Waits until a close request is honoured (the dialog machine may refuse one) and returns its reason. */
function* honouredCloseReason() {
  for (;;) {
    yield take(closeRequested);
    const current: CurrentPopup | null = yield select(selectCurrentPopup);
    if (current && current.phase !== 'open' && current.closeReason) return current.closeReason;
  }
}

export function* showPopup(item: PopupItem) {
  const read = readPopup(item);
  if (!read.ok) {
    const deps = yield* getDependencies();
    deps.reporter.report(new Error(`popups: skipped ${item.id}: ${read.problem}`), { id: item.id, sub_type: item.sub_type });
    yield put(unknownPopupSkipped(item, read.problem));
    return;
  }
  const { popup } = read;
  yield put(popupShown(popup));
  yield fork(markSeen, popup.id);
  const reason: PopupCloseReason = yield* honouredCloseReason();
  // Sent as soon as the borrower chooses, not after the animation: leaving the page mid-close must not lose it.
  if (popup.id === 'tax-reminder' && reason === 'dont-show-again') yield fork(dismissTaxReminder);
  yield take(popupClosed);
}

export function* popupsSaga() {
  const queued: Channel<ListReceived> = yield actionChannel(listReceived);
  // One list per page: a second popups widget (or a remount) shares the first one's sequence.
  yield take(widgetMounted);
  yield fork(fetchPopups);
  for (;;) {
    const action: ListReceived = yield take(queued);
    for (const item of action.payload.items) yield call(showPopup, item);
  }
}
