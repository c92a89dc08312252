/** Snackbar messages live in the store, so time travel and replay show them exactly as they were. */
import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type SnackbarKind = 'error' | 'success' | 'info';

export interface SnackbarMessage {
  id: string;
  /** A message id (src/platform/i18n), or a text the server sent in the borrower's language. */
  text: string;
  kind: SnackbarKind;
}

export interface SnackbarState {
  messages: SnackbarMessage[];
}

const initialState: SnackbarState = { messages: [] };

export const snackbarSlice = createSlice({
  name: 'snackbar',
  initialState,
  reducers: {
    messageShown: {
      reducer(state, action: PayloadAction<SnackbarMessage>) {
        // The same text twice in a row is shown once.
        if (state.messages.some((message) => message.text === action.payload.text)) return;
        state.messages.push(action.payload);
      },
      prepare(text: string, kind: SnackbarKind = 'error') {
        return { payload: { id: nanoid(), text, kind } };
      },
    },
    messageDismissed(state, action: PayloadAction<string>) {
      state.messages = state.messages.filter((message) => message.id !== action.payload);
    },
  },
  selectors: {
    selectSnackbarMessages: (state) => state.messages,
  },
});

export const { messageShown, messageDismissed } = snackbarSlice.actions;
export const { selectSnackbarMessages } = snackbarSlice.selectors;
