import { MESSAGES } from '../../lib/validation/messages';
import {
  RECOVER_USERNAME_MESSAGES,
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

test('the payload and the texts', () => {
  expect(toRecoverUsernamePayload({ loanno: '9000000001', ssn: '900000001', dob: '01/15/1980' }, 't')).toEqual({
    loanno: '9000000001',
    ssn: '900000001',
    dob: '1980-01-15',
    recaptcha_response: 't',
  });
  expect(RECOVER_USERNAME_MESSAGES.succeeded('d***@example.com')).toBe(
    'Your username has been emailed to you at d***@example.com. If you do not receive it, please wait a few minutes and check your spam folder.',
  );
});
