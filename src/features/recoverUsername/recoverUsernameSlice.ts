import { createAction } from '@reduxjs/toolkit';
import type { RecoverUsername } from '../../api/schemas';
import { createFormSlice, type FormState } from '../../state/forms/createFormSlice';
import { createFormSelectors } from '../../state/forms/formSelectors';
import { captchaEvents, submissionEvents } from '../../state/forms/submissionEvents';
import type { FormBinding } from '../../state/forms/useFormField';
import { dobToIso } from '../../lib/validation/dob';
import { validateRecovery } from '../../lib/validation/rules';
import { reduceSsnInput } from '../../lib/validation/ssn';

export interface RecoverUsernameValues {
  loanno: string;
  /** digits */
  ssn: string;
  /** as typed, MM/DD/YYYY */
  dob: string;
}

const RECOVER_USERNAME_FIELDS = ['loanno', 'ssn', 'dob'] as const;

export const recoverUsernameSlice = createFormSlice({
  name: 'recoverUsername',
  initialValues: { loanno: '', ssn: '', dob: '' } as RecoverUsernameValues,
  reducers: { ...submissionEvents, ...captchaEvents },
});

export const recoverUsernameActions = {
  ...recoverUsernameSlice.actions,
  /** the widget was mounted: the saga looks for details cached by registration */
  opened: createAction('recoverUsername/opened'),
  /** the cached details were put into the form (by `fieldChanged`) and removed from storage */
  cachedDetailsRestored: createAction('recoverUsername/cachedDetailsRestored'),
};

/** The part of the store this feature owns: what its selectors (and its components' inline ones) read. */
export type WithRecoverUsername = { recoverUsername: FormState<RecoverUsernameValues> };

export const recoverUsernameForm = {
  name: recoverUsernameSlice.name,
  actions: recoverUsernameActions,
  ...createFormSelectors(
    (state: WithRecoverUsername) => state.recoverUsername,
    validateRecovery,
    RECOVER_USERNAME_FIELDS,
  ),
} satisfies FormBinding<RecoverUsernameValues>;

export function toRecoverUsernamePayload(values: RecoverUsernameValues, captchaToken: string): RecoverUsername {
  return {
    loanno: values.loanno,
    ssn: reduceSsnInput(values.ssn),
    dob: dobToIso(values.dob),
    recaptcha_response: captchaToken,
  };
}
