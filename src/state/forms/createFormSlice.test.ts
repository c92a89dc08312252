import type { PayloadAction } from '@reduxjs/toolkit';
import { createFormSlice, initialFormState, type FormState } from './createFormSlice';

interface Values {
  username: string;
  password: string;
  remember: boolean;
}

const slice = createFormSlice({
  name: 'testForm',
  initialValues: { username: '', password: '', remember: false } as Values,
  reducers: {
    rememberToggled(state: FormState<Values>, action: PayloadAction<boolean>) {
      state.values.remember = action.payload;
    },
  },
});
const { actions, reducer } = slice;

describe('createFormSlice', () => {
  it('starts idle, untouched, not submitted', () => {
    expect(reducer(undefined, { type: '@@init' })).toEqual({
      values: { username: '', password: '', remember: false },
      touched: {},
      submitted: false,
      status: 'idle',
      serverMessage: null,
    });
    expect(initialFormState({ a: 1 })).toEqual({
      values: { a: 1 },
      touched: {},
      submitted: false,
      status: 'idle',
      serverMessage: null,
    });
  });

  it('names its actions <form>/<pastTenseEvent>', () => {
    expect(actions.fieldChanged({ username: 'a' }).type).toBe('testForm/fieldChanged');
    expect(actions.fieldBlurred('username').type).toBe('testForm/fieldBlurred');
    expect(actions.submitted().type).toBe('testForm/submitted');
    expect(actions.submissionStarted().type).toBe('testForm/submissionStarted');
    expect(actions.submissionSucceeded(null).type).toBe('testForm/submissionSucceeded');
    expect(actions.submissionFailed(null).type).toBe('testForm/submissionFailed');
    expect(actions.formReset().type).toBe('testForm/formReset');
  });

  it('fieldChanged carries { [field]: value } and changes only that field', () => {
    const action = actions.fieldChanged({ password: 'Secret#1' });
    expect(action.payload).toEqual({ password: 'Secret#1' });
    const state = reducer(reducer(undefined, actions.fieldChanged({ username: 'ada' })), action);
    expect(state.values).toEqual({ username: 'ada', password: 'Secret#1', remember: false });
  });

  it('fieldBlurred marks one field touched', () => {
    const state = reducer(undefined, actions.fieldBlurred('username'));
    expect(state.touched).toEqual({ username: true });
    expect(state.submitted).toBe(false);
  });

  it('submitted marks every field touched, sets submitted and clears the server message', () => {
    let state = reducer(undefined, actions.submissionFailed('There was a problem'));
    state = reducer(state, actions.submitted());
    expect(state.touched).toEqual({ username: true, password: true, remember: true });
    expect(state.submitted).toBe(true);
    expect(state.serverMessage).toBeNull();
  });

  it('submission goes submitting → succeeded or failed with a message', () => {
    let state = reducer(undefined, actions.submissionStarted());
    expect(state.status).toBe('submitting');
    expect(reducer(state, actions.submissionSucceeded('Done')).status).toBe('succeeded');
    expect(reducer(state, actions.submissionSucceeded('Done')).serverMessage).toBe('Done');
    expect(reducer(state, actions.submissionSucceeded(undefined)).serverMessage).toBeNull();
    state = reducer(state, actions.submissionFailed('There was a problem requesting a password reset'));
    expect(state).toMatchObject({ status: 'failed', serverMessage: 'There was a problem requesting a password reset' });
    expect(reducer(state, actions.submissionStarted()).serverMessage).toBeNull();
  });

  it('a message with values keeps its id and its values apart; a message without values drops the old ones', () => {
    let state = reducer(undefined, actions.submissionFailed({ id: 'passwordReset.failedBecause', values: { reason: 'Too common.' } }));
    expect(state).toMatchObject({ status: 'failed', serverMessage: 'passwordReset.failedBecause', messageValues: { reason: 'Too common.' } });
    state = reducer(state, actions.submissionFailed('passwordReset.failed'));
    expect(state.serverMessage).toBe('passwordReset.failed');
    expect(state).not.toHaveProperty('messageValues');
    state = reducer(state, actions.submissionSucceeded({ id: 'recoverUsername.succeeded', values: { email: 'd***@example.com' } }));
    expect(reducer(state, actions.submissionStarted())).not.toHaveProperty('messageValues');
  });

  it('formReset returns to the initial state', () => {
    let state = reducer(undefined, actions.fieldChanged({ username: 'ada' }));
    state = reducer(state, actions.submitted());
    state = reducer(state, actions.submissionFailed('x'));
    expect(reducer(state, actions.formReset())).toEqual(reducer(undefined, { type: '@@init' }));
  });

  it('formOpened starts a sent form afresh and keeps one in progress', () => {
    let typed = reducer(undefined, actions.fieldChanged({ username: 'ada' }));
    expect(reducer(typed, actions.formOpened())).toBe(typed);
    typed = reducer(typed, actions.submissionFailed('x'));
    expect(reducer(typed, actions.formOpened())).toBe(typed);
    const sent = reducer(typed, actions.submissionSucceeded('done'));
    expect(reducer(sent, actions.formOpened())).toEqual(reducer(undefined, { type: '@@init' }));
  });

  it('keeps the reducers the feature adds', () => {
    expect(reducer(undefined, actions.rememberToggled(true)).values.remember).toBe(true);
    expect(actions.rememberToggled(true).type).toBe('testForm/rememberToggled');
  });
});

describe('createFormSlice: a field the server checks as it is typed (checkedFields)', () => {
  const checked = createFormSlice({
    name: 'checkedForm',
    initialValues: { email: '', note: '' },
    checkedFields: { email: (value) => value.includes('@') },
  });
  const { fieldChanged, fieldCheckSucceeded, fieldCheckFailed } = checked.actions;
  const after = (...steps: Parameters<typeof checked.reducer>[1][]) => steps.reduce(checked.reducer, checked.reducer(undefined, { type: '@@init' }));

  it('a keystroke the rules pass makes the check pending; one they refuse, or another field, makes none', () => {
    expect(after(fieldChanged({ email: 'a@b' })).checks).toEqual({ email: { value: 'a@b', status: 'pending', message: null } });
    expect(after(fieldChanged({ email: 'a@b' }), fieldChanged({ email: 'ab' })).checks).toEqual({});
    expect(after(fieldChanged({ note: 'a@b' })).checks).toBeUndefined();
  });

  it("settles with the server's answer for the value typed; an answer for an older value changes nothing", () => {
    expect(after(fieldChanged({ email: 'a@b' }), fieldCheckSucceeded({ field: 'email', value: 'a@b' })).checks?.email?.status).toBe('valid');
    const failed = after(fieldChanged({ email: 'a@b' }), fieldCheckFailed({ field: 'email', value: 'a@b', message: 'In use' }));
    expect(failed.checks?.email).toEqual({ value: 'a@b', status: 'invalid', message: 'In use' });
    const stale = after(fieldChanged({ email: 'a@b' }), fieldChanged({ email: 'a@bc' }), fieldCheckFailed({ field: 'email', value: 'a@b', message: null }));
    expect(stale.checks?.email?.status).toBe('pending');
    expect(fieldCheckSucceeded({ field: 'email', value: 'a@b' }).type).toBe('checkedForm/fieldCheckSucceeded');
  });
});
