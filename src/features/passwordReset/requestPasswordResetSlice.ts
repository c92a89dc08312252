import { createFormSlice, type FormState } from '../../state/forms/createFormSlice';
import { createFormSelectors } from '../../state/forms/formSelectors';
import { captchaEvents, submissionEvents } from '../../state/forms/submissionEvents';
import type { FormBinding } from '../../state/forms/useFormField';
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
