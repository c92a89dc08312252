/**
 * The reset page: a form slice (password, password2) plus the nonce check that decides which of
 * the three states shows (checking, valid, expired). The nonce itself is never stored: the saga
 * reads it from the page config when it needs it.
 */
import { createAction } from '@reduxjs/toolkit';
import { createFormSlice } from '../../state/forms/createFormSlice';
import { createFormSelectors } from '../../state/forms/formSelectors';
import { submissionEvents } from '../../state/forms/submissionEvents';
import type { FormBinding } from '../../state/forms/useFormField';
import { requestReducers, type RequestStatus } from '../../state/forms/requestStatus';
import { validateResetPassword } from '../../lib/validation/rules';

export interface ResetPasswordValues {
  password: string;
  password2: string;
}

/**
 * The check of the link's nonce: `refused` (expired or used), or `failed` (a 5xx or no network, so the
 * link may still be good). It starts `pending`: the page opens checking.
 */
const nonceCheck = requestReducers<{ nonceStatus: RequestStatus }>('nonceStatus');

/** The form and the nonce check: `resetPassword/fieldChanged`, `resetPassword/nonceAccepted`, ... */
export const resetPasswordSlice = createFormSlice({
  name: 'resetPassword',
  initialValues: { password: '', password2: '' } as ResetPasswordValues,
  state: { nonceStatus: 'pending' as RequestStatus },
  // a fresh form keeps the nonce status beside it
  keptOnReset: ['nonceStatus'],
  // a refused new password takes the tick off its confirmation too
  confirmations: { password2: 'password' },
  reducers: {
    ...submissionEvents,
    /**
     * the widget was mounted: the nonce of the page config is checked, unless the store has its
     * answer (the page came with it: nonceAccepted or nonceRejected before the first render,
     * src/firstView/firstAnswers.ts)
     */
    opened(state) {
      if (state.nonceStatus !== 'succeeded' && state.nonceStatus !== 'refused') state.nonceStatus = 'pending';
    },
    /** the widget was unmounted: its answer goes with it, so a later mount checks again */
    closed: nonceCheck.started,
    nonceAccepted: nonceCheck.succeeded,
    nonceRejected: nonceCheck.refused,
    /** the server could not be asked (5xx, network): not "expired", the borrower may try again */
    nonceCheckFailed: nonceCheck.failed,
    /** the borrower pressed Try again after a failed check */
    nonceCheckRetried: nonceCheck.started,
  },
});

export const resetPasswordActions = {
  ...resetPasswordSlice.actions,
  /** the success message was shown long enough: the browser is sent to the login page */
  redirected: createAction<string>('resetPassword/redirected'),
};

/** The part of the store this feature owns: what its selectors (and its components' inline ones) read. */
export type WithResetPassword = { resetPassword: ReturnType<typeof resetPasswordSlice.getInitialState> };

export const resetPasswordForm = {
  name: resetPasswordSlice.name,
  actions: resetPasswordSlice.actions,
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
