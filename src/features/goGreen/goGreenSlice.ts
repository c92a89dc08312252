/**
 * The go-green widget's state: one createFormSlice slice, like every form of the portal: the email
 * form of step 2 (`values.email`, whose server check of the address is its `fieldCheck*` reducers)
 * with the wizard's own fields beside it (step, radio choice, intention, verification status) and
 * the opt-in/opt-out requests. The status from the server (the spec's `info`) is not
 * copied here: it is RTK Query's cached answer, read with `selectGoGreenInfo`. Both live in the one
 * store, so DevTools time travel and a replayed recording re-render the screen exactly.
 */
import { createAction, createSelector, type PayloadAction } from '@reduxjs/toolkit';
import { selectGoGreenInfo, type WithGoGreenStatus } from '../../api/goGreenStatusCache';
import { createFormSlice, type FormState, initialFormState, resetFormFields } from '../../state/forms/createFormSlice';
import { reauthReducers, type WithReauthState } from '../../state/reauthState';
import { requestReducers, type RequestStatus } from '../../state/forms/requestStatus';
import { MESSAGES } from '../../lib/validation/messages';
import { validateGoGreenEmail, type FieldErrors } from '../../lib/validation/rules';

/**
 * What the borrower means to do, set by the step 1 radio choice (spec section 4 leaves the
 * mapping open; this is it):
 * - 'yes' and the address on file is validated -> alreadyVerifiedAndNoChange (no step 2);
 * - 'yes' and the address on file is not validated -> needsVerification (step 2 'Validate Email
 *   Address': the verification email goes to the address on file at once);
 * - 'no' -> withCorrectedDetails (step 2 'Change Email Address': the borrower enters a new address).
 */
export type GoGreenIntention = 'alreadyVerifiedAndNoChange' | 'needsVerification' | 'withCorrectedDetails';
export type EmailChoice = 'yes' | 'no';
type VerificationStatus = 'input' | 'waiting' | 'changed';
/** The server-side check of the typed address: pending from the keystroke until the answer. */
export type EmailCheckStatus = 'idle' | 'pending' | 'valid' | 'invalid';
/** The verification form (spec section 3); its error key is `email` (spec section 5). */
interface GoGreenEmailValues {
  email: string;
}
/** The wizard's steps, in order; 'email' exists only for needsVerification and withCorrectedDetails. */
export type GoGreenStep = 'confirmEmail' | 'email' | 'reviewDisclosures';

/**
 * The wizard's own fields, beside the email form of step 2 (`goGreen/fieldChanged`, `fieldBlurred`,
 * `submitted`, and the server check of the address, pending from a keystroke the rules pass:
 * `fieldCheckSucceeded`, `fieldCheckFailed`, the saga's answer 500 ms after the last keystroke).
 * Whether the status is loaded is not here: it is RTK Query's entry (`selectGoGreenLoad`).
 */
interface WizardState extends WithReauthState {
  emailChoice: EmailChoice | null;
  intention: GoGreenIntention | null;
  step: GoGreenStep;
  verificationStatus: VerificationStatus;
  /** the address the last verification request went to (the corrected one, or the one on file) */
  verificationEmail: string | null;
  /** a request_email_change call is in flight */
  sendingVerification: boolean;
  /** How many verification emails went out in this wizard: each one restarts the wait before "send again". */
  verificationsSent: number;
  /**
   * How long the link last sent works, in seconds, when the server said (its answer's
   * `link_expires_in_seconds`): the waiting step states it. Absent otherwise.
   */
  linkExpiresInSeconds?: number;
  /**
   * The last poll of the wait failed (no network, a 5xx): the step says it cannot check for now and
   * that the emailed link still works; the polling carries on and clears it at the next answer.
   */
  verificationCheckFailing: boolean;
  optIn: RequestStatus;
  optOut: RequestStatus;
  done: boolean;
  /**
   * The page was reloaded after an opt-out: say that it worked and what happens now
   * (`optOutConfirmed`: from the saga's session flag, or before the first render when the page
   * came with the opt-out). Said while the widget stays on the page: its unmount forgets it.
   */
  optOutConfirmed: boolean;
}

export type GoGreenState = FormState<GoGreenEmailValues> & WizardState;

const EMPTY_EMAIL: GoGreenEmailValues = { email: '' };

const initialWizard: WizardState = {
  emailChoice: null,
  intention: null,
  step: 'confirmEmail',
  verificationStatus: 'input',
  verificationEmail: null,
  sendingVerification: false,
  verificationsSent: 0,
  verificationCheckFailing: false,
  optIn: 'idle',
  optOut: 'idle',
  done: false,
  optOutConfirmed: false,
};

export function intentionOf(choice: EmailChoice, emailValidated: boolean): GoGreenIntention {
  if (choice === 'no') return 'withCorrectedDetails';
  return emailValidated ? 'alreadyVerifiedAndNoChange' : 'needsVerification';
}

function needsEmailStep(intention: GoGreenIntention | null): boolean {
  return intention === 'needsVerification' || intention === 'withCorrectedDetails';
}

function setLinkLifetime(state: GoGreenState, seconds: number | null) {
  if (seconds === null) delete state.linkExpiresInSeconds;
  else state.linkExpiresInSeconds = seconds;
}

/** waiting -> input; from needsVerification the stepper also goes back to step 1 (spec section 4). */
function returnToInput(state: GoGreenState) {
  const wasWaiting = state.verificationStatus === 'waiting';
  state.verificationStatus = 'input';
  state.sendingVerification = false;
  state.verificationCheckFailing = false;
  if (wasWaiting && state.intention === 'needsVerification') state.step = 'confirmEmail';
}

/** Events beside the slice's reducers: sagas (and the recorder) listen for them. */
const goGreenEvents = {
  /**
   * Stops whatever runs in the background (the email check, the polling) and releases the status;
   * the slice forgets the opt-out notice (`extraReducers`).
   */
  widgetUnmounted: createAction('goGreen/widgetUnmounted'),
  /** The disclosures' sanitizer could not be downloaded: the step shows it, the saga reports it. */
  disclosuresSanitizerFailedToLoad: createAction<{ message: string }>('goGreen/disclosuresSanitizerFailedToLoad'),
  pollingStarted: createAction<{ emailAddress: string }>('goGreen/pollingStarted'),
  pollingStopped: createAction('goGreen/pollingStopped'),
};

const optIn = requestReducers<GoGreenState>('optIn');
const optOut = requestReducers<GoGreenState>('optOut');

export const goGreenSlice = createFormSlice({
  name: 'goGreen',
  initialValues: EMPTY_EMAIL,
  state: initialWizard,
  checkedFields: { email: (value) => validateGoGreenEmail(value) === null },
  reducers: {
    /**
     * The widget appeared (or "Try again" after a failed load): a fresh wizard; the saga loads the
     * status unless the store holds it. An opt-out said before (the page came with it) stays said.
     */
    widgetMounted(state) {
      return { ...initialFormState(EMPTY_EMAIL), ...initialWizard, optOutConfirmed: state.optOutConfirmed };
    },

    /** The step 1 choice, with whether the address on file was validated when it was made. */
    emailChoiceChanged(state, action: PayloadAction<{ choice: EmailChoice; emailValidated: boolean }>) {
      const intention = intentionOf(action.payload.choice, action.payload.emailValidated);
      state.emailChoice = action.payload.choice;
      if (intention !== state.intention) {
        // another intention means another step 2: nothing of the earlier one carries over
        state.verificationStatus = 'input';
        state.verificationEmail = null;
        state.sendingVerification = false;
        resetFormFields(state, EMPTY_EMAIL);
      }
      state.intention = intention;
    },
    nextPressed(state) {
      if (state.step === 'confirmEmail' && state.intention !== null) {
        if (!needsEmailStep(state.intention)) {
          state.step = 'reviewDisclosures';
          return;
        }
        state.step = 'email';
      } else if (state.step === 'email' && state.verificationStatus === 'changed') {
        state.step = 'reviewDisclosures';
      }
    },
    backPressed(state) {
      if (state.step === 'reviewDisclosures') {
        state.step = needsEmailStep(state.intention) ? 'email' : 'confirmEmail';
      } else if (state.step === 'email') {
        // leaving the step stops the polling; the borrower starts over from step 1
        if (state.verificationStatus === 'waiting') state.verificationStatus = 'input';
        state.sendingVerification = false;
        state.verificationCheckFailing = false;
        state.step = 'confirmEmail';
      }
    },

    verificationEmailRequested(state, action: PayloadAction<{ emailAddress: string }>) {
      state.sendingVerification = true;
      state.verificationEmail = action.payload.emailAddress;
      if (state.intention === 'needsVerification' && state.values.email === '') {
        // the address on file, sent to automatically: shown in the form should that send fail
        state.values.email = action.payload.emailAddress;
      }
    },
    /** input -> waiting: the server sent the link and the address needs validating. */
    verificationEmailSent(state, action: PayloadAction<{ linkExpiresInSeconds: number | null } | undefined>) {
      state.sendingVerification = false;
      state.verificationCheckFailing = false;
      state.verificationsSent += 1;
      if (state.verificationStatus === 'input') state.verificationStatus = 'waiting';
      setLinkLifetime(state, action.payload?.linkExpiresInSeconds ?? null);
    },
    /**
     * Back on step 2 of needsVerification while a link sent to the address on file in this browser
     * session still works: waiting again (the polling resumes), with no second email.
     */
    verificationResumed(state, action: PayloadAction<{ emailAddress: string; linkExpiresInSeconds: number | null }>) {
      if (state.step !== 'email' || state.verificationStatus !== 'input') return;
      state.verificationStatus = 'waiting';
      state.verificationEmail = action.payload.emailAddress;
      setLinkLifetime(state, action.payload.linkExpiresInSeconds);
    },
    /**
     * Back on the page while a link sent to a corrected address in this browser session still
     * works (issue 47 item 8): the wizard opens at step 2 'Change Email Address', waiting for that
     * link, with no second email. Only before the borrower has chosen anything on this load.
     */
    correctedAddressResumed(state, action: PayloadAction<{ emailAddress: string; linkExpiresInSeconds: number | null }>) {
      if (state.step !== 'confirmEmail' || state.emailChoice !== null || state.done) return;
      state.emailChoice = 'no';
      state.intention = 'withCorrectedDetails';
      state.step = 'email';
      resetFormFields(state, { email: action.payload.emailAddress });
      state.verificationStatus = 'waiting';
      state.verificationEmail = action.payload.emailAddress;
      setLinkLifetime(state, action.payload.linkExpiresInSeconds);
    },
    /** Only logged (spec section 8): the borrower can send again. */
    emailChangeFailed(state) {
      state.sendingVerification = false;
    },
    /** A poll failed: still waiting (the link works), and the step says it cannot check for now. */
    verificationCheckFailed(state) {
      if (state.verificationStatus === 'waiting') state.verificationCheckFailing = true;
    },
    /** The server answered a poll again after failures. */
    verificationCheckResumed(state) {
      state.verificationCheckFailing = false;
    },
    /**
     * email_validated true -> changed, otherwise input (spec section 4). The polling sends only a
     * true result (a false answer keeps it polling, spec section 7); the rule is kept whole so
     * that a recording or another caller with false gets the spec's answer.
     */
    validationResultReceived(state, action: PayloadAction<{ emailValidated: boolean }>) {
      if (action.payload.emailValidated) {
        state.verificationStatus = 'changed';
        state.sendingVerification = false;
        state.verificationCheckFailing = false;
      } else {
        returnToInput(state);
      }
    },
    verificationCancelled(state) {
      returnToInput(state);
    },

    optInRequested: optIn.started,
    optInSucceeded(state) {
      optIn.succeeded(state);
      state.done = true;
    },
    optInFailed: optIn.failed,
    optOutRequested: optOut.started,
    /** The page reloads next; the button keeps its spinner until then. */
    optOutSucceeded: optOut.succeeded,
    optOutFailed: optOut.failed,
    /** Read after the reload that follows a successful opt-out. */
    optOutConfirmed(state) {
      state.optOutConfirmed = true;
    },
    // the password asked again before a change of the address on file (src/lib/reauth); Cancel
    // leaves the address where it was and the buttons usable
    ...reauthReducers<GoGreenState>((state) => {
      state.sendingVerification = false;
      if (state.optIn === 'pending') state.optIn = 'idle';
    }),
  },
  extraReducers: (builder) => {
    // the opt-out is said on the page that came after it, not when the widget is shown again
    builder.addCase(goGreenEvents.widgetUnmounted, (state) => {
      state.optOutConfirmed = false;
    });
  },
});

export const initialGoGreenState: GoGreenState = goGreenSlice.getInitialState();

export const goGreenActions = { ...goGreenSlice.actions, ...goGreenEvents };

/** Every action that takes the wizard off step 2 or away altogether: background work there stops. */
export const leftEmailStep = [
  goGreenActions.backPressed.type,
  goGreenActions.nextPressed.type,
  goGreenActions.widgetUnmounted.type,
] as const;

/** The part of the store this feature owns: what its selectors (and its components' inline ones) read. */
export type WithGoGreen = { goGreen: GoGreenState };

export const selectGoGreen = (state: WithGoGreen) => state.goGreen;

/**
 * The steps shown: step 2 only for needsVerification and withCorrectedDetails. Before the step 1
 * choice, an address on file that is not validated (or none) means step 2 whatever the choice, so
 * it shows from the start: the stepper never grows under the borrower.
 */
export const selectWizardSteps = createSelector(
  [
    (state: WithGoGreen) => state.goGreen.intention,
    (state: WithGoGreen & WithGoGreenStatus) => selectGoGreenInfo(state)?.email_validated === true,
  ],
  (intention, emailOnFileValidated): GoGreenStep[] =>
    needsEmailStep(intention) || (intention === null && !emailOnFileValidated)
      ? ['confirmEmail', 'email', 'reviewDisclosures']
      : ['confirmEmail', 'reviewDisclosures'],
);

/** The server check of the address typed: idle until a value the rules pass is typed. */
export const selectEmailCheck = (state: WithGoGreen): EmailCheckStatus => selectGoGreen(state).checks?.email?.status ?? 'idle';

/** The email field's errors under the key `email`: the rules first, then the server check. */
export const selectEmailErrors = createSelector(
  [(state: WithGoGreen) => state.goGreen.values.email, (state: WithGoGreen) => state.goGreen.checks?.email],
  (email, check): FieldErrors<'email'> => {
    const message = validateGoGreenEmail(email) ?? (check?.status === 'invalid' ? (check.message ?? MESSAGES.goGreenEmailInvalid) : null);
    return message === null ? {} : { email: message };
  },
);

/** Send Verification Email is disabled while the form is invalid or the check is pending. */
export const selectCanSendVerification = (state: WithGoGreen) =>
  selectEmailErrors(state).email === undefined && selectEmailCheck(state) !== 'pending' && !state.goGreen.sendingVerification;

/** The address opted in with: the one verified in step 2 (the corrected one), or the one on file. */
export const selectOptInEmail = (state: WithGoGreen & WithGoGreenStatus) => {
  const { intention, verificationEmail } = state.goGreen;
  return needsEmailStep(intention) && verificationEmail ? verificationEmail : (selectGoGreenInfo(state)?.email_address ?? '');
};
