import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** `unchecked`: the call itself failed (a 5xx or no network), so the link may still be good. */
type VerifyEmailStatus = 'idle' | 'verifying' | 'verified' | 'error' | 'unchecked';

export interface VerifyEmailState {
  status: VerifyEmailStatus;
}

const initialState: VerifyEmailState = { status: 'idle' };

export const verifyEmailSlice = createSlice({
  name: 'verifyEmail',
  initialState,
  reducers: {
    /** The page was opened with the nonce of its address (redacted by key in every sink). */
    opened(state, _action: PayloadAction<{ nonce: string | null }>) {
      state.status = 'verifying';
    },
    verified(state) {
      state.status = 'verified';
    },
    verificationFailed(state) {
      state.status = 'error';
    },
    /** the server could not be asked (5xx, network): not the link's fault, the borrower may try again */
    verificationUnchecked(state) {
      state.status = 'unchecked';
    },
    /** Try again, with the nonce the page read (redacted by key in every sink) */
    verificationRetried(state, _action: PayloadAction<{ nonce: string | null }>) {
      state.status = 'verifying';
    },
  },
});

export const verifyEmailActions = verifyEmailSlice.actions;

export const selectVerifyEmailStatus = (state: { verifyEmail: VerifyEmailState }) => state.verifyEmail.status;
