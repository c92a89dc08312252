import { makeStore } from '../../app/fullStore';
import { MESSAGES } from '../../lib/validation/messages';
import { registrationActions as actions, registrationForm, registrationSlice, toRegistrationPayload } from './registrationSlice';

const reducer = registrationSlice.reducer;
const initial = registrationSlice.getInitialState();

test('fieldChanged sets one value; submitted marks every field touched and clears the server message', () => {
  let state = reducer(initial, actions.fieldChanged({ firstname: 'Ann' }));
  expect(state.values.firstname).toBe('Ann');
  expect(state.touched).toEqual({});
  state = reducer(state, actions.fieldBlurred('lastname'));
  expect(state.touched).toEqual({ lastname: true });
  state = reducer({ ...state, serverMessage: 'old' }, actions.submitted());
  expect(state.submitted).toBe(true);
  expect(state.serverMessage).toBeNull();
  expect(Object.keys(state.touched).sort()).toEqual(Object.keys(initial.values).sort());
});

test('status: idle -> submitting -> failed with the message; 409 is a failure without message', () => {
  let state = reducer(initial, actions.submissionStarted());
  expect(state.status).toBe('submitting');
  state = reducer(state, actions.submissionFailed('That username is already taken.'));
  expect(state).toMatchObject({ status: 'failed', serverMessage: 'That username is already taken.' });
  state = reducer(reducer(state, actions.submissionStarted()), actions.alreadyRegistered());
  expect(state).toMatchObject({ status: 'failed', serverMessage: null });
});

test('the story events change no state', () => {
  for (const action of [
    actions.validationFailed(),
    actions.captchaObtained(),
    actions.redirected('/loanmanager/main/'),
  ]) {
    expect(reducer(initial, action)).toBe(initial);
  }
  expect(actions.captchaObtained()).toEqual({ type: 'registration/captchaObtained', payload: undefined });
});

test('the 409 question: opened by alreadyRegistered, closed by either answer; declining shows the next steps until a new submit', () => {
  let state = reducer(reducer(initial, actions.submissionStarted()), actions.alreadyRegistered());
  expect(state).toMatchObject({ status: 'failed', recoveryQuestion: 'open', nextStepsShown: false });
  expect(reducer(state, actions.recoveryAccepted())).toMatchObject({ recoveryQuestion: 'closing', nextStepsShown: false });
  state = reducer(state, actions.recoveryDeclined('escape'));
  expect(state).toMatchObject({ recoveryQuestion: 'closing', nextStepsShown: true });
  expect(actions.recoveryDeclined('escape').payload).toEqual({ trigger: 'escape' });
  state = reducer(state, actions.recoveryQuestionClosed());
  expect(state).toMatchObject({ recoveryQuestion: 'closed', nextStepsShown: true });
  // a late answer (a second click during the close) changes nothing
  expect(reducer(state, actions.recoveryAccepted())).toBe(state);
  state = reducer(state, actions.submitted());
  expect(state).toMatchObject({ submitted: true, nextStepsShown: false });
  expect(reducer(state, actions.formReset())).toEqual(initial);
});

test('errors are derived and memoized: typing in one field validates once, unrelated state changes do not', () => {
  const store = makeStore({ runSagas: false });
  const first = registrationForm.selectErrors(store.getState());
  expect(first.firstname).toBe(MESSAGES.required);
  expect(registrationForm.selectErrors(store.getState())).toBe(first);
  store.dispatch({ type: 'snackbar/messageDismissed', payload: 'none' });
  expect(registrationForm.selectErrors(store.getState())).toBe(first);
  store.dispatch(actions.fieldChanged({ firstname: 'Ann' }));
  const second = registrationForm.selectErrors(store.getState());
  expect(second).not.toBe(first);
  expect(second.firstname).toBeUndefined();
  // the loan's details come first (issue 47 item 8)
  expect(registrationForm.selectFirstInvalidField(store.getState())).toBe('loanno');
  expect(registrationForm.selectIsValid(store.getState())).toBe(false);
});

test('the payload: no confirmations, dob as YYYY-MM-DD, ssn digits, the captcha token', () => {
  expect(
    toRegistrationPayload(
      {
        firstname: 'A',
        lastname: 'B',
        username: 'ab',
        password: 'Secret-pass1',
        password2: 'Secret-pass1',
        email: 'a@b.co',
        email2: 'a@b.co',
        loanno: '9000000001',
        ssn: '900000001',
        dob: '1/2/2020',
        remember_this_browser: false,
      },
      'token',
    ),
  ).toEqual({
    firstname: 'A',
    lastname: 'B',
    username: 'ab',
    password: 'Secret-pass1',
    email: 'a@b.co',
    loanno: '9000000001',
    ssn: '900000001',
    dob: '2020-01-02',
    remember_this_browser: false,
    recaptcha_response: 'token',
  });
});
