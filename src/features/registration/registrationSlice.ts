import { createAction } from '@reduxjs/toolkit';
import type { Registration } from '../../api/schemas';
import { nextDialogPhase, type DialogPhase, type DismissTrigger } from '../../lib/dialogMachine';
import { createFormSlice, type FormState, markSubmitted } from '../../state/forms/createFormSlice';
import { createFormSelectors } from '../../state/forms/formSelectors';
import { captchaEvents, submissionEvents } from '../../state/forms/submissionEvents';
import type { FormBinding } from '../../state/forms/useFormField';
import { dobToIso } from '../../lib/validation/dob';
import { validateRegistration, type RegistrationField, type RegistrationValues } from '../../lib/validation/rules';
import { reduceSsnInput } from '../../lib/validation/ssn';
import type { MessageId } from '../../platform/i18n/messageId';

/** The order the fields are shown in; submit focuses the first invalid one. */
export const REGISTRATION_FIELDS = [
  // who the borrower is (the loan's own details) first, then the account they choose
  'loanno',
  'ssn',
  'dob',
  'firstname',
  'lastname',
  'username',
  'password',
  'password2',
  'email',
  'email2',
] as const satisfies readonly RegistrationField[];

const initialRegistrationValues: RegistrationValues = {
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

interface QuestionState {
  /** After a 409: the in-page question whether to have the username emailed (spec section 8). */
  recoveryQuestion: DialogPhase;
  /** The borrower declined: the form says what to do next (sign in, or recover the username). */
  nextStepsShown: boolean;
}

type RegistrationState = FormState<RegistrationValues> & QuestionState;

/** The form and the question after a 409: `registration/fieldChanged`, `registration/alreadyRegistered`, ... */
export const registrationSlice = createFormSlice({
  name: 'registration',
  initialValues: initialRegistrationValues,
  // a fresh form (formReset, formOpened after a success) has no question and no next steps
  state: { recoveryQuestion: 'closed', nextStepsShown: false } as QuestionState,
  confirmations: { email2: 'email', password2: 'password' },
  reducers: {
    ...submissionEvents,
    ...captchaEvents,
    /** Register was pressed again: the next steps of a declined question go */
    submitted(state) {
      markSubmitted(state);
      state.nextStepsShown = false;
    },
    /** status 409: the borrower is asked whether to have the username emailed */
    alreadyRegistered(state) {
      state.status = 'failed';
      state.nextStepsShown = false;
      state.recoveryQuestion = nextDialogPhase(state.recoveryQuestion, { type: 'opened' });
    },
    /** the borrower accepted to have the username emailed after a 409 */
    recoveryAccepted(state) {
      state.recoveryQuestion = nextDialogPhase(state.recoveryQuestion, { type: 'closeRequested', trigger: 'action', closingDisabled: false });
    },
    /** the borrower declined (a button, the close button, the backdrop or Escape): the next steps are shown */
    recoveryDeclined: {
      reducer(state) {
        state.recoveryQuestion = nextDialogPhase(state.recoveryQuestion, { type: 'closeRequested', trigger: 'action', closingDisabled: false });
        state.nextStepsShown = true;
      },
      prepare: (trigger: DismissTrigger | 'action' = 'action') => ({ payload: { trigger } }),
    },
    /** the question's close animation ended (or its fallback fired) */
    recoveryQuestionClosed(state) {
      state.recoveryQuestion = nextDialogPhase(state.recoveryQuestion, { type: 'closeFinished' });
    },
  },
});

export const registrationActions = {
  ...registrationSlice.actions,
  /** the browser is sent on (loan selection, loan overview, or username recovery) */
  redirected: createAction<string>('registration/redirected'),
};

/** The part of the store this feature owns: what its selectors (and its components' inline ones) read. */
export type WithRegistration = { registration: RegistrationState };

/** The labels the fields show, by which a server error names its field ("Username: …"). */
const REGISTRATION_LABELS = {
  firstname: 'registration.firstName',
  lastname: 'registration.lastName',
  username: 'registration.username',
  password: 'registration.password',
  password2: 'registration.passwordAgain',
  email: 'registration.email',
  email2: 'registration.emailAgain',
  loanno: 'common.loanNumber',
  ssn: 'common.ssn',
  dob: 'common.dob',
} as const satisfies Record<RegistrationField, MessageId>;

export const registrationForm = {
  name: registrationSlice.name,
  actions: registrationSlice.actions,
  labels: REGISTRATION_LABELS,
  ...createFormSelectors(
    (state: WithRegistration) => state.registration,
    validateRegistration,
    REGISTRATION_FIELDS,
  ),
} satisfies FormBinding<RegistrationValues>;

export const selectRecoveryQuestion = (state: WithRegistration) => state.registration.recoveryQuestion;
export const selectNextStepsShown = (state: WithRegistration) => state.registration.nextStepsShown;

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
