/**
 * The signed-in popups: the one on screen with its dialog phase, and what was shown. The
 * popups still to come wait in the saga's action channel (STYLE point 12), not in the store. The dialog renders from this state alone, so replay and time travel
 * show each popup exactly as it was.
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PopupItem } from '../../api/contract';
import { firstAnswersActions } from '../../api/firstAnswers';
import { nextDialogPhase, type DialogPhase, type DismissTrigger } from '../../components/Dialog/dialogMachine';
import { isClosingDisabled, readPopup, type Popup, type PopupCloseReason, type PopupId } from './popupModel';

export interface CurrentPopup {
  popup: Popup;
  phase: DialogPhase;
  /** Set when a close request is honoured. */
  closeReason: PopupCloseReason | null;
}

export interface PopupsState {
  current: CurrentPopup | null;
  /** Every popup shown on this page, in order. */
  shown: PopupId[];
}

export type CloseRequest =
  | { reason: Exclude<PopupCloseReason, 'dismissed'> }
  | { reason: 'dismissed'; trigger: DismissTrigger };

const initialState: PopupsState = { current: null, shown: [] };

/** A popups widget was mounted: the saga asks the server for the list, once per page. */
export const widgetMounted = createAction('popups/widgetMounted');
/** The server's list of popups for this page, in the order they are to be shown. */
export const listReceived = createAction('popups/listReceived', (items: PopupItem[]) => ({ payload: { items } }));
/** An item this build cannot show (unknown id or sub type, or unusable data): skipped and reported. */
export const unknownPopupSkipped = createAction('popups/unknownPopupSkipped', (item: PopupItem, problem: string) => ({
  payload: { item, problem },
}));

function show(state: PopupsState, popup: Popup) {
  state.current = { popup, phase: nextDialogPhase('closed', { type: 'opened' }), closeReason: null };
  state.shown.push(popup.id);
}

export const popupsSlice = createSlice({
  name: 'popups',
  initialState,
  reducers: {
    popupShown: {
      reducer(state, action: PayloadAction<{ popup: Popup }>) {
        show(state, action.payload.popup);
      },
      prepare: (popup: Popup) => ({ payload: { popup } }),
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
  },
  extraReducers: (builder) => {
    // The page came with its list (src/api/firstAnswers.ts): its first popup is the widget's first
    // view, open before the flows arrive; the saga then follows it (popupsSaga.ts). A first item
    // this build cannot show is left to the saga, which skips and reports it as usual.
    builder.addCase(firstAnswersActions.received, (state, action) => {
      const [first] = action.payload.getPopups ?? [];
      if (!first || state.current !== null || state.shown.length > 0) return;
      const read = readPopup(first);
      if (read.ok) show(state, read.popup);
    });
  },
});

export const { popupShown, closeRequested, popupClosed } = popupsSlice.actions;

/** The part of the store this feature owns: what its selectors (and its components' inline ones) read. */
export type WithPopups = { popups: PopupsState };

export const selectCurrentPopup = (state: WithPopups) => state.popups.current;
export const selectShownPopups = (state: WithPopups) => state.popups.shown;
