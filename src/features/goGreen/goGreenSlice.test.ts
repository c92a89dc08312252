import { configureStore } from '@reduxjs/toolkit';
import { api } from '../../api/baseApi';
import { goGreenApi } from '../../api/goGreenApi';
import { mockApi } from '../../testing/mockApi';
import type { GoGreenInfo } from '../../api/schemas';
import { initialFormState } from '../../state/forms/createFormSlice';
import { MESSAGES } from '../../lib/validation/messages';
import { selectGoGreenInfo, selectGoGreenLoad } from '../../api/goGreenStatusCache';
import {
  goGreenActions as actions,
  goGreenSlice,
  initialGoGreenState,
  intentionOf,
  selectCanSendVerification,
  selectEmailCheck,
  selectEmailErrors,
  selectOptInEmail,
  selectWizardSteps,
  type GoGreenState,
} from './goGreenSlice';

const reduce = (state: GoGreenState, ...steps: Array<Parameters<typeof goGreenSlice.reducer>[1]>) =>
  steps.reduce(goGreenSlice.reducer, state);

const info = (overrides: Partial<GoGreenInfo> = {}): GoGreenInfo => ({
  email_address: 'uma@example.com',
  email_validated: false,
  electdocs: false,
  disclosures: '<p>Terms</p>',
  ...overrides,
});

const loaded = () => reduce(initialGoGreenState, actions.widgetMounted());
/** The step 1 choice, made with the address on file not validated unless said. */
const choose = (choice: 'yes' | 'no', emailValidated = false) => actions.emailChoiceChanged({ choice, emailValidated });

/** The store around the slice: the status answer sits in the API cache, as RTK Query keeps it. */
const withStatus = (goGreen: GoGreenState, status: GoGreenInfo = info()) => ({
  goGreen,
  api: api.reducer(undefined, goGreenApi.util.upsertQueryEntries([{ endpointName: 'getGoGreenStatus', arg: undefined, value: status }])),
});

/** On step 2 with the given intention, a verification email sent: status waiting. */
function waitingOn(choice: 'yes' | 'no') {
  return reduce(
    loaded(),
    choose(choice),
    actions.nextPressed(),
    actions.verificationEmailRequested({ emailAddress: 'uma@example.com' }),
    actions.verificationEmailSent(),
  );
}

const wizard = (state: GoGreenState) => ({ step: state.step, status: state.verificationStatus, intention: state.intention });

describe('intention (documented mapping)', () => {
  test.each([
    ['yes', true, 'alreadyVerifiedAndNoChange'],
    ['yes', false, 'needsVerification'],
    ['no', true, 'withCorrectedDetails'],
    ['no', false, 'withCorrectedDetails'],
  ] as const)('radio %s with email_validated %s -> %s', (choice, validated, intention) => {
    expect(intentionOf(choice, validated)).toBe(intention);
    expect(reduce(loaded(), choose(choice, validated)).intention).toBe(intention);
  });

  test('a new intention starts step 2 over; the same one keeps it', () => {
    const changed = reduce(
      loaded(),
      choose('no'),
      actions.nextPressed(),
      actions.fieldChanged({ email: 'new@example.com' }),
      actions.verificationEmailRequested({ emailAddress: 'new@example.com' }),
      actions.validationResultReceived({ emailValidated: true }),
      actions.backPressed(),
    );
    expect(reduce(changed, choose('no')).verificationStatus).toBe('changed');
    const switched = reduce(changed, choose('yes'));
    expect(switched).toMatchObject({ verificationStatus: 'input', verificationEmail: null, values: { email: '' } });
  });
});

describe('steps', () => {
  test('alreadyVerifiedAndNoChange goes from step 1 straight to the disclosures and back', () => {
    const onReview = reduce(loaded(), choose('yes', true), actions.nextPressed());
    expect(onReview.step).toBe('reviewDisclosures');
    expect(selectWizardSteps(withStatus(onReview, info({ email_validated: true })))).toEqual([
      'confirmEmail',
      'reviewDisclosures',
    ]);
    expect(reduce(onReview, actions.backPressed()).step).toBe('confirmEmail');
  });

  test('step 2 exists for needsVerification and withCorrectedDetails; Next leaves it only once changed', () => {
    for (const choice of ['yes', 'no'] as const) {
      const onEmail = reduce(loaded(), choose(choice), actions.nextPressed());
      expect(onEmail.step).toBe('email');
      expect(selectWizardSteps(withStatus(onEmail))).toEqual(['confirmEmail', 'email', 'reviewDisclosures']);
      expect(reduce(onEmail, actions.nextPressed()).step).toBe('email');
      const changed = reduce(onEmail, actions.validationResultReceived({ emailValidated: true }), actions.nextPressed());
      expect(changed.step).toBe('reviewDisclosures');
      expect(reduce(changed, actions.backPressed()).step).toBe('email');
    }
  });

  test('before the choice: three steps when the address on file is not validated (either choice has step 2), else two', () => {
    expect(selectWizardSteps(withStatus(loaded(), info({ email_validated: false })))).toHaveLength(3);
    expect(selectWizardSteps(withStatus(loaded(), info({ email_validated: true })))).toHaveLength(2);
    // after Cancel from waiting, back on step 1, the count stays
    const cancelled = reduce(waitingOn('yes'), actions.verificationCancelled());
    expect(selectWizardSteps(withStatus(cancelled))).toHaveLength(3);
  });

  test('Next does nothing on step 1 before a choice', () => {
    expect(reduce(loaded(), actions.nextPressed()).step).toBe('confirmEmail');
  });

  test('needsVerification pre-fills the form with the address on file it sends to', () => {
    const onEmail = reduce(loaded(), choose('yes'), actions.nextPressed());
    expect(onEmail.values.email).toBe('');
    const sending = reduce(onEmail, actions.verificationEmailRequested({ emailAddress: 'uma@example.com' }));
    expect(sending.values.email).toBe('uma@example.com');
  });

  test('a corrected address being sent is not overwritten', () => {
    const typed = reduce(loaded(), choose('no'), actions.nextPressed(), actions.fieldChanged({ email: 'new@example.com' }));
    expect(reduce(typed, actions.verificationEmailRequested({ emailAddress: 'new@example.com' })).values.email).toBe(
      'new@example.com',
    );
  });
});

describe('verificationStatus (spec section 4)', () => {
  test('sending a verification email moves input to waiting', () => {
    expect(waitingOn('no').verificationStatus).toBe('waiting');
  });

  test('a validation result with email_validated true sets changed', () => {
    expect(reduce(waitingOn('no'), actions.validationResultReceived({ emailValidated: true })).verificationStatus).toBe(
      'changed',
    );
  });

  test('a validation result with email_validated false sets input', () => {
    expect(wizard(reduce(waitingOn('no'), actions.validationResultReceived({ emailValidated: false })))).toEqual({
      step: 'email',
      status: 'input',
      intention: 'withCorrectedDetails',
    });
  });

  test('cancel returns to input; with withCorrectedDetails the stepper stays on step 2', () => {
    expect(wizard(reduce(waitingOn('no'), actions.verificationCancelled()))).toEqual({
      step: 'email',
      status: 'input',
      intention: 'withCorrectedDetails',
    });
  });

  test('waiting -> input with needsVerification returns the stepper to step 1 (cancel, result false, polling failure)', () => {
    for (const action of [
      actions.verificationCancelled(),
      actions.validationResultReceived({ emailValidated: false }),
    ]) {
      expect(wizard(reduce(waitingOn('yes'), action))).toEqual({
        step: 'confirmEmail',
        status: 'input',
        intention: 'needsVerification',
      });
    }
  });

  test('input stays on step 2 when it was not waiting (an email-change failure)', () => {
    const state = reduce(
      loaded(),
      choose('yes'),
      actions.nextPressed(),
      actions.verificationEmailRequested({ emailAddress: 'uma@example.com' }),
      actions.emailChangeFailed(),
    );
    expect(wizard(state)).toEqual({ step: 'email', status: 'input', intention: 'needsVerification' });
    expect(state.sendingVerification).toBe(false);
  });

  test('Back from step 2 while waiting returns to step 1 and input', () => {
    expect(wizard(reduce(waitingOn('no'), actions.backPressed()))).toEqual({
      step: 'confirmEmail',
      status: 'input',
      intention: 'withCorrectedDetails',
    });
  });
});

describe('email form', () => {
  const onEmail = () => reduce(loaded(), choose('no'), actions.nextPressed());

  test('is a createFormSlice form like the others: its keystroke is one goGreen/fieldChanged, its server check two more events', () => {
    expect(initialGoGreenState).toMatchObject(initialFormState({ email: '' }));
    expect(actions.fieldChanged({ email: 'a@b.co' })).toEqual({ type: 'goGreen/fieldChanged', payload: { email: 'a@b.co' } });
    expect([actions.fieldBlurred('email'), actions.submitted()].map((action) => action.type)).toEqual([
      'goGreen/fieldBlurred',
      'goGreen/submitted',
    ]);
    const typed = reduce(onEmail(), actions.fieldChanged({ email: 'new@example.com' }), actions.fieldBlurred('email'));
    expect(typed).toMatchObject({
      values: { email: 'new@example.com' },
      touched: { email: true },
      checks: { email: { value: 'new@example.com', status: 'pending', message: null } },
    });
    const refused = reduce(typed, actions.fieldCheckFailed({ field: 'email', value: 'new@example.com', message: 'In use.' }));
    expect(selectEmailErrors({ goGreen: refused })).toEqual({ email: 'In use.' });
  });

  test('Required and Invalid email address under the key email; no server check for them', () => {
    const empty = onEmail();
    expect(selectEmailErrors({ goGreen: empty })).toEqual({ email: MESSAGES.goGreenEmailRequired });
    const invalid = reduce(empty, actions.fieldChanged({ email: 'not-an-address' }));
    expect(selectEmailErrors({ goGreen: invalid })).toEqual({ email: MESSAGES.goGreenEmailInvalid });
    expect(selectEmailCheck({ goGreen: invalid })).toBe('idle');
    expect(selectCanSendVerification({ goGreen: invalid })).toBe(false);
  });

  test('a well-formed address is pending until the server answers; only the answer for the current value counts', () => {
    const pending = reduce(onEmail(), actions.fieldChanged({ email: 'new@example.com' }));
    expect(selectEmailCheck({ goGreen: pending })).toBe('pending');
    expect(selectCanSendVerification({ goGreen: pending })).toBe(false);
    expect(selectEmailCheck({ goGreen: reduce(pending, actions.fieldCheckSucceeded({ field: 'email', value: 'old@example.com' })) })).toBe(
      'pending',
    );
    const valid = reduce(pending, actions.fieldCheckSucceeded({ field: 'email', value: 'new@example.com' }));
    expect(selectCanSendVerification({ goGreen: valid })).toBe(true);
    const invalid = reduce(pending, actions.fieldCheckFailed({ field: 'email', value: 'new@example.com', message: null }));
    expect(selectEmailErrors({ goGreen: invalid })).toEqual({ email: MESSAGES.goGreenEmailInvalid });
  });

  test('the opt-in address is the verified one, else the one on file', () => {
    const onFile = reduce(loaded(), choose('yes', true));
    expect(selectOptInEmail(withStatus(onFile, info({ email_validated: true })))).toBe('uma@example.com');
    const corrected = reduce(
      loaded(),
      choose('no'),
      actions.nextPressed(),
      actions.verificationEmailRequested({ emailAddress: 'new@example.com' }),
      actions.validationResultReceived({ emailValidated: true }),
    );
    expect(selectOptInEmail(withStatus(corrected))).toBe('new@example.com');
  });
});

describe('load, opt-in and opt-out', () => {
  test("the status is read from RTK Query's own cache entry of go-green/status", async () => {
    const store = configureStore({
      reducer: { api: api.reducer, goGreen: goGreenSlice.reducer },
      middleware: (getDefault) => getDefault().concat(api.middleware),
    });
    mockApi({ 'GET go-green/status/': { body: info() } });
    await store.dispatch(goGreenApi.endpoints.getGoGreenStatus.initiate(undefined));
    expect(goGreenApi.endpoints.getGoGreenStatus.select()(store.getState()).data).toEqual(info());
    expect(Object.values(store.getState().api.queries).map((entry) => entry?.endpointName)).toEqual(['getGoGreenStatus']);
    expect(selectGoGreenInfo(store.getState())).toEqual(info());
  });

  test('mounting starts afresh; the answer and whether it is loaded stay in the API cache, not in the slice', () => {
    expect(loaded()).not.toHaveProperty('info');
    expect(loaded()).not.toHaveProperty('loadStatus');
    expect(selectGoGreenInfo(withStatus(loaded()))).toEqual(info());
    const done = reduce(loaded(), actions.optInRequested(), actions.optInSucceeded());
    expect(done).toMatchObject({ done: true, optIn: 'succeeded' });
    expect(reduce(done, actions.widgetMounted())).toEqual(initialGoGreenState);
  });

  test('the load the widget shows is RTK Query’s entry: loaded when the store holds the status, whatever the mount', () => {
    expect(selectGoGreenLoad({ api: api.reducer(undefined, { type: 'init' }) })).toBe('loading');
    expect(selectGoGreenLoad(withStatus(initialGoGreenState))).toBe('loaded');
    expect(selectGoGreenLoad(withStatus(reduce(initialGoGreenState, actions.widgetMounted(), actions.widgetMounted())))).toBe('loaded');
  });

  test('an opt-out confirmed before the mount (the page came with it) is said until the widget unmounts', () => {
    const first = reduce(initialGoGreenState, actions.optOutConfirmed(), actions.widgetMounted());
    expect(first.optOutConfirmed).toBe(true);
    // a recording made when the mount carried whether the status was cached replays the same
    expect(reduce(initialGoGreenState, actions.optOutConfirmed(), { type: actions.widgetMounted.type, payload: { statusInCache: true } })).toEqual(first);
    const later = reduce(first, actions.widgetUnmounted(), actions.widgetMounted());
    expect(later).toEqual(initialGoGreenState);
  });

  test('opt-in and opt-out failures leave the view in place', () => {
    expect(reduce(loaded(), actions.optInRequested(), actions.optInFailed())).toMatchObject({ optIn: 'failed', done: false });
    expect(reduce(loaded(), actions.optOutRequested(), actions.optOutFailed()).optOut).toBe('failed');
  });

  test('the state is plain data (serializable for DevTools and recordings)', () => {
    const state = waitingOn('no');
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });
});
