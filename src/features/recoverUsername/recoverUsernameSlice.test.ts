import { MESSAGES } from '../../lib/validation/messages';
import { english } from '../../testing/english';
import {
  recoverUsernameActions as actions,
  recoverUsernameForm,
  recoverUsernameSlice,
  toRecoverUsernamePayload,
} from './recoverUsernameSlice';

test('fields, errors and the first invalid field in order', () => {
  const state = recoverUsernameSlice.reducer(undefined, actions.fieldChanged({ loanno: '9000000001', ssn: '12' }));
  expect(recoverUsernameForm.selectErrors({ recoverUsername: state })).toEqual({ ssn: MESSAGES.ssn, dob: MESSAGES.required });
  expect(recoverUsernameForm.selectFirstInvalidField({ recoverUsername: state })).toBe('ssn');
});

test('restoring cached details is an event without values (they arrive by fieldChanged)', () => {
  expect(actions.cachedDetailsRestored()).toEqual({ type: 'recoverUsername/cachedDetailsRestored', payload: undefined });
  expect(actions.opened()).toEqual({ type: 'recoverUsername/opened', payload: undefined });
});

test('the payload and the success text (spec section 8) with the address', () => {
  expect(toRecoverUsernamePayload({ loanno: '9000000001', ssn: '900000001', dob: '01/15/1980' }, 't')).toEqual({
    loanno: '9000000001',
    ssn: '900000001',
    dob: '1980-01-15',
    recaptcha_response: 't',
  });
  expect(english('recoverUsername.succeeded', { email: 'd***@example.com' })).toBe(
    'Your username has been emailed to you at d***@example.com. If you do not receive it, please wait a few minutes and check your spam folder.',
  );
});

test('success keeps the message id and the address for it, not a text; a new submit clears both', () => {
  let state = recoverUsernameSlice.reducer(undefined, actions.submissionStarted());
  state = recoverUsernameSlice.reducer(
    state,
    actions.submissionSucceeded({ id: 'recoverUsername.succeeded', values: { email: 'd***@example.com' } }),
  );
  expect(state).toMatchObject({ status: 'succeeded', serverMessage: 'recoverUsername.succeeded', messageValues: { email: 'd***@example.com' } });
  state = recoverUsernameSlice.reducer(state, actions.submitted());
  expect(state.serverMessage).toBeNull();
  expect(state).not.toHaveProperty('messageValues');
});
