/**
 * The signed-in popups: what the server asked for, the one on screen with its dialog phase,
 * and what was shown. The dialog renders from this state alone, so replay and time travel
 * show each popup exactly as it was.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PopupItem } from '../../api/contract';
import { nextDialogPhase, type DialogPhase, type DismissTrigger } from '../../components/Dialog/dialogMachine';
import { isClosingDisabled, type Popup, type PopupCloseReason, type PopupId } from './popupModel';

export interface CurrentPopup {
  popup: Popup;
  phase: DialogPhase;
  /** Set when a close request is honoured. */
  closeReason: PopupCloseReason | null;
}

export interface PopupsState {
  /** Items received from the server and not yet handled, in the order they are to be shown. */
  queue: PopupItem[];
  current: CurrentPopup | null;
  /** Every popup shown on this page, in order. */
  shown: PopupId[];
}

export type CloseRequest =
  | { reason: Exclude<PopupCloseReason, 'dismissed'> }
  | { reason: 'dismissed'; trigger: DismissTrigger };

const initialState: PopupsState = { queue: [], current: null, shown: [] };

function removeFirst(queue: PopupItem[], id: string) {
  const index = queue.findIndex((item) => item.id === id);
  if (index >= 0) queue.splice(index, 1);
}

export const popupsSlice = createSlice({
  name: 'popups',
  initialState,
  reducers: {
    widgetMounted() {},
    listReceived: {
      reducer(state, action: PayloadAction<{ items: PopupItem[] }>) {
        state.queue.push(...action.payload.items);
      },
      prepare: (items: PopupItem[]) => ({ payload: { items } }),
    },
    popupShown: {
      reducer(state, action: PayloadAction<{ popup: Popup }>) {
        const { popup } = action.payload;
        removeFirst(state.queue, popup.id);
        state.current = { popup, phase: nextDialogPhase('closed', { type: 'opened' }), closeReason: null };
        state.shown.push(popup.id);
      },
      prepare: (popup: Popup) => ({ payload: { popup } }),
    },
    unknownPopupSkipped: {
      reducer(state, action: PayloadAction<{ item: PopupItem; problem: string }>) {
        removeFirst(state.queue, action.payload.item.id);
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
  },
});

export const { widgetMounted, listReceived, popupShown, unknownPopupSkipped, closeRequested, popupClosed } =
  popupsSlice.actions;

/** The part of the store this feature owns: what its selectors (and its components' inline ones) read. */
export type WithPopups = { popups: PopupsState };

export const selectCurrentPopup = (state: WithPopups) => state.popups.current;
export const selectShownPopups = (state: WithPopups) => state.popups.shown;
