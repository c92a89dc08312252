import fc from 'fast-check';
import { english } from '../../testing/english';
import { MESSAGES } from './messages';
import { checkPasswordRule, passwordValidator } from './passwordRule';

describe('the password rule', () => {
  test.each([
    ['Secret-pass1', []],
    ['secret-pass1', ['capital']],
    ['Secret-passs', ['number']],
    ['Secretpass11', ['specialChar']],
    ['Se-1', ['minimumLength']],
    ['', ['capital', 'number', 'specialChar', 'minimumLength']],
    ['Aa1 aaaa', []],
  ])('%j fails %j', (value, failed) => {
    expect(checkPasswordRule(value)).toEqual({ valid: failed.length === 0, failed });
  });

  test.each([undefined, null, 12345678, ['Secret-pass1'], { password: 'Secret-pass1' }])('a non-string (%j) is invalid', (value) => {
    expect(checkPasswordRule(value)).toEqual({ valid: false, failed: ['capital', 'number', 'specialChar', 'minimumLength'] });
    expect(passwordValidator(value)).toEqual({ password: MESSAGES.password });
  });

  test('as a form validator the error is named password', () => {
    expect(passwordValidator('weak')).toEqual({ password: MESSAGES.password });
    expect(english(MESSAGES.password)).toBe('Password requirements not met.');
    expect(passwordValidator('Strong-pass1')).toBeNull();
  });

  test('property: valid exactly when it has a capital, a digit, a non-alphanumeric and 8 characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (value) => {
        const expected = {
          capital: /[A-Z]/.test(value),
          number: /[0-9]/.test(value),
          specialChar: /[^A-Za-z0-9]/.test(value),
          minimumLength: value.length >= 8,
        };
        const result = checkPasswordRule(value);
        const failed = Object.entries(expected).filter(([, ok]) => !ok).map(([reason]) => reason);
        expect(result.failed).toEqual(failed);
        expect(result.valid).toBe(failed.length === 0);
      }),
    );
  });

  test('property: a password built from one of each class and padding is always valid', () => {
    const upper = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
    const digit = fc.constantFrom(...'0123456789');
    const special = fc.constantFrom(...'!@#$%^&*()-_=+[]{};:,.<>/?~ ');
    fc.assert(
      fc.property(upper, digit, special, fc.string({ minLength: 5, maxLength: 40 }), (a, b, c, rest) => {
        expect(checkPasswordRule(`${rest}${a}${b}${c}`).valid).toBe(true);
      }),
    );
  });

  test('property: removing every capital letter always fails "capital"', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(checkPasswordRule(value.replace(/[A-Z]/g, '')).failed).toContain('capital');
      }),
    );
  });
});
