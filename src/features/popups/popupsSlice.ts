/**
 * The signed-in popups, the whole queue in the store (STYLE point 12): the server's list still to
 * come (`pending`), the one on screen with its dialog phase (`current`), what was shown, and what
 * the server has marked seen and dismissed. The saga (popupsSaga.ts) takes the next popup from
 * here; the dialog renders from this state alone, so DevTools, time travel and a replayed QA
 * recording show the queue and each popup exactly as they were.
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PopupItem } from '../../api/schemas';
import { nextDialogPhase, type DialogPhase, type DismissTrigger } from '../../lib/dialogMachine';
import { isClosingDisabled, readPopup, type Popup, type PopupCloseReason, type PopupId } from './popupModel';

export interface CurrentPopup {
  popup: Popup;
  phase: DialogPhase;
  /** Set when a close request is honoured. */
  closeReason: PopupCloseReason | null;
}

export interface PopupsState {
  /** The page's list has arrived (from the server, or with the page): there is one list per page. */
  listed: boolean;
  /** The server's items still to come, in order, as it sent them (one this build cannot show is skipped at its turn). */
  pending: PopupItem[];
  current: CurrentPopup | null;
  /** Every popup shown on this page, in order. */
  shown: PopupId[];
  /** The popups the server has marked seen (each is sent as it is shown). */
  seen: PopupId[];
  /** The popups the server has dismissed (the tax popup's "Don't show again", a declined offer). */
  dismissed: PopupId[];
}

export type CloseRequest =
  | { reason: Exclude<PopupCloseReason, 'dismissed'> }
  | { reason: 'dismissed'; trigger: DismissTrigger };

const initialState: PopupsState = { listed: false, pending: [], current: null, shown: [], seen: [], dismissed: [] };

/** A popups widget was mounted: the saga asks the server for the list, once per page. */
export const widgetMounted = createAction('popups/widgetMounted');

function show(state: PopupsState, popup: Popup) {
  state.pending.shift();
  state.current = { popup, phase: nextDialogPhase('closed', { type: 'opened' }), closeReason: null };
  state.shown.push(popup.id);
}

export const popupsSlice = createSlice({
  name: 'popups',
  initialState,
  reducers: {
    /**
     * The server's list of popups for this page, in the order they are to be shown: the queue. Its
     * first popup opens with it, so a page that came with its list (handed over before the first
     * render) has it open in its first view, before the saga runs; the saga follows it from there
     * (popupsSaga.ts). A first item this build cannot show is left to the saga, which skips and
     * reports it at its turn. One list per page: a second one changes nothing.
     */
    listReceived: {
      reducer(state, action: PayloadAction<{ items: PopupItem[] }>) {
        if (state.listed) return;
        state.listed = true;
        state.pending = [...action.payload.items];
        const [first] = state.pending;
        const read = first ? readPopup(first) : null;
        if (read?.ok) show(state, read.popup);
      },
      prepare: (items: PopupItem[]) => ({ payload: { items } }),
    },
    /**
     * The next popup of the queue is on screen. The one already on screen, still open, is not shown
     * again: a recording made before the list opened its first popup itself has a `popupShown` for it
     * after `listReceived`, and its replay must not drop the next popup of the queue.
     */
    popupShown: {
      reducer(state, action: PayloadAction<{ popup: Popup }>) {
        if (state.current?.popup.id === action.payload.popup.id && state.current.closeReason === null) return;
        show(state, action.payload.popup);
      },
      prepare: (popup: Popup) => ({ payload: { popup } }),
    },
    /** The next item of the queue is one this build cannot show (unknown id or sub type, or unusable data): skipped and reported. */
    unknownPopupSkipped: {
      reducer(state) {
        state.pending.shift();
      },
      prepare: (item: PopupItem, problem: string) => ({ payload: { item, problem } }),
    },
    closeRequested(state, action: PayloadAction<CloseRequest>) {
      const { current } = state;
      if (!current) return;
      const request = action.payload;
      const phase = nextDialogPhase(current.phase, {
        type: 'closeRequested',
        trigger: request.reason === 'dismissed' ? request.trigger : 'action',
        closingDisabled: isClosingDisabled(current.popup),
      });
      if (phase === current.phase) return;
      current.phase = phase;
      current.closeReason = request.reason;
    },
    /** The dialog's close animation ended (or its fallback fired). */
    popupClosed(state) {
      if (state.current) state.current.phase = nextDialogPhase(state.current.phase, { type: 'closeFinished' });
    },
    /** The server has marked this popup seen. */
    popupMarkedSeen: {
      reducer(state, action: PayloadAction<{ id: PopupId }>) {
        state.seen.push(action.payload.id);
      },
      prepare: (id: PopupId) => ({ payload: { id } }),
    },
    /** The server has dismissed this popup. */
    popupDismissed: {
      reducer(state, action: PayloadAction<{ id: PopupId }>) {
        state.dismissed.push(action.payload.id);
      },
      prepare: (id: PopupId) => ({ payload: { id } }),
    },
  },
});

export const { listReceived, popupShown, unknownPopupSkipped, closeRequested, popupClosed, popupMarkedSeen, popupDismissed } =
  popupsSlice.actions;

/** The part of the store this feature owns: what its selectors (and its components' inline ones) read. */
export type WithPopups = { popups: PopupsState };

export const selectCurrentPopup = (state: WithPopups) => state.popups.current;
export const selectShownPopups = (state: WithPopups) => state.popups.shown;
export const selectListed = (state: WithPopups) => state.popups.listed;
/** The next item of the queue, if any. */
export const selectNextPopup = (state: WithPopups): PopupItem | null => state.popups.pending[0] ?? null;
