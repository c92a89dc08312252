/**
 * The inactivity warning of the signed-in pages (WCAG 2.2.1): when the server session ends, and
 * the warning dialog's phase. The timer itself is the saga's (sessionTimeoutSaga.ts); every
 * change of the end is an action here, so DevTools and QA replay show why the dialog opened.
 * Times are epoch milliseconds: serializable, and what both the saga and the countdown read.
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { nextDialogPhase, type DialogPhase, type DismissTrigger } from '../../lib/dialogMachine';

/** What moved the end: the page's first answer, a request of this tab, another tab, or "Stay signed in". */
export type SessionEndCause = 'loaded' | 'activity' | 'otherTab' | 'extended';

export interface SessionTimeoutState {
  /** When the server session ends unless the page talks to the server; null until known, or when it never idles out. */
  endsAt: number | null;
  dialog: DialogPhase;
  /** "Stay signed in" or "Sign out" is on its way to the server. */
  pending: 'none' | 'extending' | 'signingOut';
  /** The last "Stay signed in" did not reach the server (the borrower can try again). */
  extendFailed: boolean;
}

const initialSessionTimeoutState: SessionTimeoutState = {
  endsAt: null,
  dialog: 'closed',
  pending: 'none',
  extendFailed: false,
};

/** The widget is on a signed-in page: the saga asks the server when the session ends. */
export const widgetMounted = createAction('sessionTimeout/widgetMounted');

export const sessionTimeoutSlice = createSlice({
  name: 'sessionTimeout',
  initialState: initialSessionTimeoutState,
  reducers: {
    endMoved(state, action: PayloadAction<{ endsAt: number; cause: SessionEndCause }>) {
      state.endsAt = action.payload.endsAt;
      state.pending = 'none';
      state.extendFailed = false;
      // the session goes on: a warning still open closes (focus returns where it was)
      state.dialog = nextDialogPhase(state.dialog, { type: 'closeRequested', trigger: 'action', closingDisabled: false });
    },
    warningShown(state) {
      state.dialog = nextDialogPhase(state.dialog, { type: 'opened' });
    },
    /** The borrower answered the warning: its button, or Escape, the close button or the backdrop (all mean "I am here"). */
    staySignedInPressed(state, _action: PayloadAction<{ via: DismissTrigger | 'button' }>) {
      state.pending = 'extending';
      state.extendFailed = false;
    },
    extendFailed(state) {
      state.pending = 'none';
      state.extendFailed = true;
    },
    signOutPressed(state) {
      state.pending = 'signingOut';
    },
    /** Nobody answered before the end: the page signs out and goes to the sign-in page. */
    timedOut(state) {
      state.pending = 'signingOut';
    },
    /** The dialog's close animation ended (or its fallback fired). */
    warningClosed(state) {
      state.dialog = nextDialogPhase(state.dialog, { type: 'closeFinished' });
    },
  },
});

export const { endMoved, warningShown, staySignedInPressed, extendFailed, signOutPressed, timedOut, warningClosed } =
  sessionTimeoutSlice.actions;

export type WithSessionTimeout = { sessionTimeout: SessionTimeoutState };

export const selectSessionTimeout = (state: WithSessionTimeout) => state.sessionTimeout;
