import { createAction } from '@reduxjs/toolkit';
import type { Registration } from '../../api/contract';
import { createFormSlice, type FormState } from '../../lib/forms/createFormSlice';
import { createFormSelectors } from '../../lib/forms/formSelectors';
import { captchaEvents, submissionEvents } from '../../lib/forms/submissionEvents';
import type { FormBinding } from '../../lib/forms/useFormField';
import { dobToIso } from '../../lib/validation/dob';
import { validateRegistration, type RegistrationField, type RegistrationValues } from '../../lib/validation/rules';
import { reduceSsnInput } from '../../lib/validation/ssn';

/** The order the fields are shown in; submit focuses the first invalid one. */
export const REGISTRATION_FIELDS = [
  'firstname',
  'lastname',
  'username',
  'password',
  'password2',
  'email',
  'email2',
  'loanno',
  'ssn',
  'dob',
] as const satisfies readonly RegistrationField[];

export const initialRegistrationValues: RegistrationValues = {
  firstname: '',
  lastname: '',
  username: '',
  password: '',
  password2: '',
  email: '',
  email2: '',
  loanno: '',
  ssn: '',
  dob: '',
  remember_this_browser: false,
};

export const registrationSlice = createFormSlice({
  name: 'registration',
  initialValues: initialRegistrationValues,
  reducers: {
    ...submissionEvents,
    ...captchaEvents,
    /** status 409: the borrower is asked whether to have the username emailed */
    alreadyRegistered(state) {
      state.status = 'failed';
    },
  },
});

export const registrationActions = {
  ...registrationSlice.actions,
  /** the borrower accepted (or declined) to have the username emailed after a 409 */
  recoveryAccepted: createAction('registration/recoveryAccepted'),
  recoveryDeclined: createAction('registration/recoveryDeclined'),
  /** the browser is sent on (loan selection, loan overview, or username recovery) */
  redirected: createAction<string>('registration/redirected'),
};

type RegistrationRoot = { registration: FormState<RegistrationValues> };

export const registrationForm = {
  name: registrationSlice.name,
  actions: registrationActions,
  ...createFormSelectors(
    (state: RegistrationRoot) => state.registration,
    validateRegistration,
    REGISTRATION_FIELDS,
  ),
} satisfies FormBinding<RegistrationValues>;

/** The request body (spec section 3): dob as YYYY-MM-DD, ssn digits only, no confirmations. */
export function toRegistrationPayload(values: RegistrationValues, captchaToken: string): Registration {
  return {
    firstname: values.firstname,
    lastname: values.lastname,
    // trimmed: spaces around a username are a typing habit (the server refuses spaces inside one)
    username: values.username.trim(),
    password: values.password,
    email: values.email,
    loanno: values.loanno,
    ssn: reduceSsnInput(values.ssn),
    dob: dobToIso(values.dob),
    remember_this_browser: values.remember_this_browser,
    recaptcha_response: captchaToken,
  };
}
