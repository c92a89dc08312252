import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { requestReducers, type RequestStatus } from '../../state/forms/requestStatus';

export interface VerifyEmailState {
  /** The verification of the link: `refused` (the link is expired or used), or `failed` (a 5xx or no network: the link may still be good). */
  status: RequestStatus;
}

const initialState: VerifyEmailState = { status: 'idle' };

const verification = requestReducers<VerifyEmailState>('status');

export const verifyEmailSlice = createSlice({
  name: 'verifyEmail',
  initialState,
  reducers: {
    /** The page was opened with the nonce of its address (redacted by key in every sink). */
    opened(state, _action: PayloadAction<{ nonce: string | null }>) {
      verification.started(state);
    },
    verified: verification.succeeded,
    verificationFailed: verification.refused,
    /** the server could not be asked (5xx, network): not the link's fault, the borrower may try again */
    verificationUnchecked: verification.failed,
    /** Try again, with the nonce the page read (redacted by key in every sink) */
    verificationRetried(state, _action: PayloadAction<{ nonce: string | null }>) {
      verification.started(state);
    },
  },
});

export const verifyEmailActions = verifyEmailSlice.actions;

export const selectVerifyEmailStatus = (state: { verifyEmail: VerifyEmailState }) => state.verifyEmail.status;
