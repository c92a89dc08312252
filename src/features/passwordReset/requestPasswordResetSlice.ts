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
