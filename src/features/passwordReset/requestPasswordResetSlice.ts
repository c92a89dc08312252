import { createFormSlice, type FormState } from '../../lib/forms/createFormSlice';
import { createFormSelectors } from '../../lib/forms/formSelectors';
import { captchaEvents, submissionEvents } from '../../lib/forms/submissionEvents';
import type { FormBinding } from '../../lib/forms/useFormField';
import { validateResetRequest } from '../../lib/validation/rules';

export interface RequestPasswordResetValues {
  username: string;
}

export const requestPasswordResetSlice = createFormSlice({
  name: 'requestPasswordReset',
  initialValues: { username: '' } as RequestPasswordResetValues,
  reducers: { ...submissionEvents, ...captchaEvents },
});

export const requestPasswordResetActions = requestPasswordResetSlice.actions;

/** The part of the store this feature owns: what its selectors (and its components' inline ones) read. */
export type WithRequestPasswordReset = { requestPasswordReset: FormState<RequestPasswordResetValues> };

export const requestPasswordResetForm = {
  name: requestPasswordResetSlice.name,
  actions: requestPasswordResetActions,
  ...createFormSelectors(
    (state: WithRequestPasswordReset) => state.requestPasswordReset,
    validateResetRequest,
    ['username'],
  ),
} satisfies FormBinding<RequestPasswordResetValues>;

/** The reset-request texts of spec sections 2 and 8, verbatim. */
export const REQUEST_PASSWORD_RESET_MESSAGES = {
  succeeded: 'Please check your email for a link to reset your password.',
  failed: 'There was a problem requesting a password reset',
} as const;
