import { requestPasswordResetActions, requestPasswordResetForm, requestPasswordResetSlice } from './requestPasswordResetSlice';
import { resetPasswordActions as actions, resetPasswordForm, resetPasswordSlice } from './resetPasswordSlice';
import { MESSAGES } from '../../lib/validation/messages';

const reducer = resetPasswordSlice.reducer;
const initial = resetPasswordSlice.getInitialState();

test('the reset page starts checking; the nonce answer makes it valid or expired', () => {
  expect(initial.nonceStatus).toBe('pending');
  expect(reducer(initial, actions.nonceAccepted()).nonceStatus).toBe('succeeded');
  expect(reducer(initial, actions.nonceRejected()).nonceStatus).toBe('refused');
  expect(reducer(reducer(initial, actions.nonceCheckFailed()), actions.opened()).nonceStatus).toBe('pending');
});

test('a mount keeps the answer the page came with; an unmount lets it go, so the next mount checks again', () => {
  for (const answered of [actions.nonceAccepted(), actions.nonceRejected()]) {
    const withAnswer = reducer(initial, answered);
    expect(reducer(withAnswer, actions.opened()).nonceStatus).toBe(withAnswer.nonceStatus);
    expect(reducer(reducer(withAnswer, actions.closed()), actions.opened()).nonceStatus).toBe('pending');
  }
});

test('the form half works on the same state and keeps the nonce status, formReset included', () => {
  let state = reducer(initial, actions.nonceAccepted());
  state = reducer(state, actions.fieldChanged({ password: 'Secret-pass1' }));
  state = reducer(state, actions.fieldBlurred('password'));
  state = reducer(state, actions.submitted());
  expect(state).toMatchObject({ nonceStatus: 'succeeded', submitted: true, values: { password: 'Secret-pass1', password2: '' } });
  state = reducer(state, actions.formReset());
  expect(state).toEqual({ ...initial, nonceStatus: 'succeeded' });
  expect(actions.fieldChanged({ password: 'x' }).type).toBe('resetPassword/fieldChanged');
});

test('reset errors from the shared rules', () => {
  const state = { resetPassword: reducer(initial, actions.fieldChanged({ password: 'weak', password2: '' })) };
  expect(resetPasswordForm.selectErrors(state)).toEqual({ password: MESSAGES.password, password2: MESSAGES.required });
  expect(resetPasswordForm.selectFirstInvalidField(state)).toBe('password');
});

test('reset request: username required; succeeded and failed carry the message', () => {
  const reduce = requestPasswordResetSlice.reducer;
  const start = requestPasswordResetSlice.getInitialState();
  expect(requestPasswordResetForm.selectIsValid({ requestPasswordReset: start })).toBe(false);
  const typed = reduce(start, requestPasswordResetActions.fieldChanged({ username: 'dana.demo' }));
  expect(requestPasswordResetForm.selectIsValid({ requestPasswordReset: typed })).toBe(true);
  expect(reduce(typed, requestPasswordResetActions.submissionSucceeded('ok'))).toMatchObject({ status: 'succeeded', serverMessage: 'ok' });
});
