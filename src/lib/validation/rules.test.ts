import { MESSAGES } from './messages';
import {
  dob,
  email,
  loanno,
  maxLength200,
  required,
  ssn,
  validateRecovery,
  validateRegistration,
  validateResetPassword,
  validateResetRequest,
} from './rules';

const validRegistration = {
  firstname: 'Reggie',
  lastname: 'Register',
  username: 'reggie',
  password: 'Secret-pass1',
  password2: 'Secret-pass1',
  email: 'reggie@example.com',
  email2: 'reggie@example.com',
  loanno: '9000000008',
  ssn: '900000007',
  dob: '12/24/1978',
};

describe('the messages of section 5, verbatim', () => {
  test('texts', () => {
    expect(MESSAGES).toMatchObject({
      required: 'This field is required',
      maxLength200: 'Maximum length is 200.',
      password: 'Password requirements not met.',
      passwordHint: 'Password must include a capital letter, a number, a special character, and be at least 8 characters long.',
      passwordsDoNotMatch: 'The passwords you entered do not match',
      invalidEmail: 'Please enter a valid email address',
      emailsDoNotMatch: 'The email addresses you entered do not match',
      loanno: 'Must be 10 digits',
      ssn: 'Must be 9 digits',
    });
  });
});

describe('single rules', () => {
  test('required: empty or blank fails', () => {
    expect(required('')).toBe(MESSAGES.required);
    expect(required('   ')).toBe(MESSAGES.required);
    expect(required('a')).toBeNull();
  });
  test('maximum 200', () => {
    expect(maxLength200('a'.repeat(200))).toBeNull();
    expect(maxLength200('a'.repeat(201))).toBe(MESSAGES.maxLength200);
  });
  test.each([
    ['a@b.co', null],
    ['first.last+tag@example.com', null],
    ['a@b', MESSAGES.invalidEmail],
    ['a b@c.de', MESSAGES.invalidEmail],
    ['@b.co', MESSAGES.invalidEmail],
  ])('email %j', (value, message) => expect(email(value)).toBe(message));
  test('loan number: exactly 10 characters', () => {
    expect(loanno('9000000001')).toBeNull();
    expect(loanno('900000001')).toBe(MESSAGES.loanno);
    expect(loanno('90000000011')).toBe(MESSAGES.loanno);
  });
  test('ssn: exactly 9 digits, digits only', () => {
    expect(ssn('900000001')).toBeNull();
    expect(ssn('90000001')).toBe(MESSAGES.ssn);
    expect(ssn('900-00-0001')).toBe(MESSAGES.ssn);
    expect(ssn('90000000a')).toBe(MESSAGES.ssn);
  });
  test('dob: an unparseable date is empty, hence required', () => {
    expect(dob('02/30/2024')).toBe(MESSAGES.required);
    expect(dob('1/2/2020')).toBeNull();
  });
});

describe('registration', () => {
  test('valid values have no errors', () => expect(validateRegistration(validRegistration)).toEqual({}));
  test('everything empty: required for each field, confirmations match', () => {
    const empty = Object.fromEntries(Object.keys(validRegistration).map((key) => [key, ''])) as typeof validRegistration;
    expect(validateRegistration(empty)).toEqual({
      firstname: MESSAGES.required,
      lastname: MESSAGES.required,
      username: MESSAGES.required,
      password: MESSAGES.required,
      email: MESSAGES.required,
      loanno: MESSAGES.required,
      ssn: MESSAGES.required,
      dob: MESSAGES.required,
    });
  });
  test.each([
    [{ password: 'weakpass' }, { password: MESSAGES.password, password2: MESSAGES.passwordsDoNotMatch }],
    [{ password: `Aa1-${'a'.repeat(197)}`, password2: `Aa1-${'a'.repeat(197)}` }, { password: MESSAGES.maxLength200 }],
    [{ password2: 'Secret-pass2' }, { password2: MESSAGES.passwordsDoNotMatch }],
    [{ email: 'nope', email2: 'nope' }, { email: MESSAGES.invalidEmail }],
    [{ email2: 'other@example.com' }, { email2: MESSAGES.emailsDoNotMatch }],
    [{ loanno: '123' }, { loanno: MESSAGES.loanno }],
    [{ ssn: '12345678' }, { ssn: MESSAGES.ssn }],
    [{ dob: '13/01/2020' }, { dob: MESSAGES.required }],
  ])('%j gives %j', (change, errors) => {
    expect(validateRegistration({ ...validRegistration, ...change })).toEqual(errors);
  });
});

describe('recovery, reset request and reset', () => {
  test('recovery: loanno, ssn, dob with the same rules', () => {
    expect(validateRecovery({ loanno: '9000000001', ssn: '900000001', dob: '01/15/1980' })).toEqual({});
    expect(validateRecovery({ loanno: '1', ssn: '1', dob: '02/30/2024' })).toEqual({
      loanno: MESSAGES.loanno,
      ssn: MESSAGES.ssn,
      dob: MESSAGES.required,
    });
    expect(validateRecovery({ loanno: '', ssn: '', dob: '' })).toEqual({
      loanno: MESSAGES.required,
      ssn: MESSAGES.required,
      dob: MESSAGES.required,
    });
  });
  test('reset request: username required', () => {
    expect(validateResetRequest({ username: '' })).toEqual({ username: MESSAGES.required });
    expect(validateResetRequest({ username: 'dana.demo' })).toEqual({});
  });
  test('reset: password rule and maximum; the repeat is required, at most 200, and equal', () => {
    expect(validateResetPassword({ password: 'Secret-pass1', password2: 'Secret-pass1' })).toEqual({});
    expect(validateResetPassword({ password: '', password2: '' })).toEqual({
      password: MESSAGES.required,
      password2: MESSAGES.required,
    });
    expect(validateResetPassword({ password: 'weak', password2: 'other' })).toEqual({
      password: MESSAGES.password,
      password2: MESSAGES.passwordsDoNotMatch,
    });
    const long = `Aa1-${'a'.repeat(197)}`;
    expect(validateResetPassword({ password: long, password2: long })).toEqual({
      password: MESSAGES.maxLength200,
      password2: MESSAGES.maxLength200,
    });
  });
});
