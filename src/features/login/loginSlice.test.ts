import { MESSAGES } from '../../lib/validation/messages';
import { loginActions, loginForm, loginSlice, validateLogin } from './loginSlice';

test('username and password are required', () => {
  expect(validateLogin({ username: '', password: '' })).toEqual({ username: MESSAGES.required, password: MESSAGES.required });
  expect(validateLogin({ username: 'dana.demo', password: 'x' })).toEqual({});
});

test('the form slice and its first invalid field', () => {
  const state = loginSlice.reducer(undefined, loginActions.fieldChanged({ username: 'dana.demo' }));
  expect(loginForm.selectFirstInvalidField({ login: state })).toBe('password');
  expect(loginSlice.reducer(state, loginActions.redirected('/loanmanager/main/'))).toBe(state);
});
