/**
 * The reset page: a form slice (password, password2) plus the nonce check that decides which of
 * the three states shows (checking, valid, expired). The nonce itself is never stored: the saga
 * reads it from the page config when it needs it.
 */
import { createAction, createSlice } from '@reduxjs/toolkit';
import { createFormSlice, type FormState } from '../../state/forms/createFormSlice';
import { createFormSelectors } from '../../state/forms/formSelectors';
import { submissionEvents } from '../../state/forms/submissionEvents';
import type { FormBinding } from '../../state/forms/useFormField';
import { validateResetPassword } from '../../lib/validation/rules';

export interface ResetPasswordValues {
  password: string;
  password2: string;
}

/** `unchecked`: the check itself failed (a 5xx or no network), so the link may still be good. */
type NonceStatus = 'checking' | 'valid' | 'expired' | 'unchecked';

interface ResetPasswordState extends FormState<ResetPasswordValues> {
  nonceStatus: NonceStatus;
}

/** The form half: its actions are `resetPassword/fieldChanged`, `resetPassword/submitted`, ... */
const resetPasswordFormSlice = createFormSlice({
  name: 'resetPassword',
  initialValues: { password: '', password2: '' } as ResetPasswordValues,
  // a refused new password takes the tick off its confirmation too
  confirmations: { password2: 'password' },
  reducers: { ...submissionEvents },
});

const initialState: ResetPasswordState = { ...resetPasswordFormSlice.getInitialState(), nonceStatus: 'checking' };

export const resetPasswordSlice = createSlice({
  name: 'resetPassword',
  initialState,
  reducers: {
    /** the widget was mounted: the nonce of the page config is checked */
    opened(state) {
      state.nonceStatus = 'checking';
    },
    nonceAccepted(state) {
      state.nonceStatus = 'valid';
    },
    nonceRejected(state) {
      state.nonceStatus = 'expired';
    },
    /** the server could not be asked (5xx, network): not "expired", the borrower may try again */
    nonceCheckFailed(state) {
      state.nonceStatus = 'unchecked';
    },
    /** the borrower pressed Try again after a failed check */
    nonceCheckRetried(state) {
      state.nonceStatus = 'checking';
    },
  },
  extraReducers: (builder) => {
    builder.addDefaultCase((state, action) => {
      const next = resetPasswordFormSlice.reducer(state, action);
      // formReset answers a fresh form state: keep the nonce status beside it
      return next === state ? undefined : { ...next, nonceStatus: state.nonceStatus };
    });
  },
});

export const resetPasswordActions = {
  ...resetPasswordFormSlice.actions,
  ...resetPasswordSlice.actions,
  /** the success message was shown long enough: the browser is sent to the login page */
  redirected: createAction<string>('resetPassword/redirected'),
};

/** The part of the store this feature owns: what its selectors (and its components' inline ones) read. */
export type WithResetPassword = { resetPassword: ResetPasswordState };

export const resetPasswordForm = {
  name: resetPasswordFormSlice.name,
  actions: resetPasswordFormSlice.actions,
  // the field a refusal's text is shown on (placeServerErrors)
  labels: { password: 'passwordReset.password', password2: 'passwordReset.passwordAgain' },
  ...createFormSelectors(
    (state: WithResetPassword) => state.resetPassword,
    validateResetPassword,
    ['password', 'password2'],
  ),
} satisfies FormBinding<ResetPasswordValues>;

/** How long the success message shows before the login page. */
export const REDIRECT_DELAY_MS = 3000;
