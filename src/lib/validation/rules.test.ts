import fc from 'fast-check';
import { english } from '../../testing/english';
import { MESSAGES } from './messages';
import {
  EMAIL_PATTERN,
  dob,
  email,
  loanno,
  maxLength200,
  required,
  ssn,
  validateRecovery,
  validateRegistration,
  validateResetPassword,
  validateGoGreenEmail,
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
  test('texts (the English catalog\'s, by the ids the rules return)', () => {
    const texts = Object.fromEntries(Object.entries(MESSAGES).map(([name, id]) => [name, english(id)]));
    expect(texts).toMatchObject({
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
  test.each(['02/30/1990', '13/01/1990', '01/02/90', '00/10/1990', '1/2/90'])(
    'dob: %p is not a real date, and says so (not "required")',
    (typed) => {
      expect(dob(typed)).toBe(MESSAGES.dobInvalid);
    },
  );

  test('dob: nothing typed is required; a real date passes', () => {
    expect(dob('')).toBe(MESSAGES.required);
    expect(dob('  ')).toBe(MESSAGES.required);
    expect(dob('1/2/2020')).toBeNull();
    expect(dob('02/29/2024')).toBeNull();
  });
});

describe('email: a bare address only (the one pattern of the client rules and the server)', () => {
  const local64 = 'l'.repeat(64);
  /** A well-formed address of `length` characters (199 to 261): `a@`, three 63-letter labels, one more, `.com`. */
  const addressOfLength = (length: number) => `a@${`${'d'.repeat(63)}.`.repeat(3)}${'d'.repeat(length - 198)}.com`;

  test.each([
    'dana.demo@example.com',
    'first+tag@mail.example.co.uk',
    "o'brien@example.com",
    'a@b.co',
    'UPPER.Case@Example.COM',
    'under_score@example.com',
    "!#$%&'*+/=?^_`{|}~-@example.com",
    'digits123@123.example.com',
    'a@xn--bcher-kva.example', // a punycode label is fine; only the last label must be letters
    'a@my-host.example.com',
    `${local64}@example.com`,
  ])('accepts %j', (value) => {
    expect(email(value)).toBeNull();
    expect(validateGoGreenEmail(value)).toBeNull();
  });

  test('accepts 254 characters in all; the same form at 255 is refused (length alone)', () => {
    expect(addressOfLength(254)).toHaveLength(254);
    expect(email(addressOfLength(254))).toBeNull();
    expect(addressOfLength(255)).toHaveLength(255);
    expect(email(addressOfLength(255))).toBe(MESSAGES.invalidEmail);
  });

  test.each([
    ['a display name in angle brackets', 'x<a@example.com>'],
    ['a quoted display name', '"A" <a@example.com>'],
    ['angle brackets alone', '<a@example.com>'],
    ['a list with a comma', 'a@example.com, b@example.com'],
    ['a list with a comma, no space', 'a@example.com,b@example.com'],
    ['a list with a semicolon', 'a@example.com;b@example.com'],
    ['a comment', 'a(comment)@example.com'],
    ['a trailing comment', 'a@example.com(comment)'],
    ['a quoted local part', '"a b"@example.com'],
    ['an IP-literal domain', 'a@[127.0.0.1]'],
    ['an IP address domain', 'a@127.0.0.1'],
    ['a domain without a dot', 'a@example'],
    ['a one-letter top-level domain', 'a@example.c'],
    ['a top-level domain with a digit', 'a@example.c0m'],
    ['two dots in a row', 'a..b@example.com'],
    ['a leading dot', '.a@example.com'],
    ['a trailing dot before the @', 'a.@example.com'],
    ['a trailing dot after the domain', 'a@example.com.'],
    ['an empty label', 'a@example..com'],
    ['a label starting with a hyphen', 'a@-example.com'],
    ['a label ending with a hyphen', 'a@example-.com'],
    ['a label of 64 characters', `a@${'d'.repeat(64)}.com`],
    ['two @', 'a@b@example.com'],
    ['no local part', '@example.com'],
    ['no domain', 'a@'],
    ['no @', 'a.example.com'],
    ['a space', 'a b@example.com'],
    ['a leading space', ' a@example.com'],
    ['a trailing newline', 'a@example.com\n'],
    ['a tab', 'a@example.com\tb@example.com'],
    ['a backslash', 'a\\b@example.com'],
    ['non-ASCII in the local part', 'josé@example.com'],
    ['non-ASCII in the domain', 'a@exämple.com'],
    ['a long s, which upper-cases to S', 'a@example.ſe'],
    ['the Kelvin sign, which lower-cases to k', 'a@example.\u212Ae'],
    ['a local part of 65 characters', `l${local64}@example.com`],
    ['255 characters in all', addressOfLength(255)],
  ])('refuses %s: %j', (_why, value) => {
    expect(email(value)).toBe(MESSAGES.invalidEmail);
    expect(validateGoGreenEmail(value)).toBe(MESSAGES.goGreenEmailInvalid);
  });

  test('empty: "Please enter a valid email address" as a rule; go green says "Required" for blank', () => {
    expect(email('')).toBe(MESSAGES.invalidEmail);
    expect(validateGoGreenEmail('')).toBe(MESSAGES.goGreenEmailRequired);
    expect(validateGoGreenEmail('  ')).toBe(MESSAGES.goGreenEmailRequired);
  });

  test('property: an accepted value is one bare address (one @, none of the characters of names, lists, comments or quotes)', () => {
    const units = [...'ab1.-_+@<>,;:()"[] \\\t'];
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...units), maxLength: 24 }), fc.boolean(), (body, suffix) => {
        const value = suffix ? `${body}.com` : body;
        if (!EMAIL_PATTERN.test(value)) return;
        const [local = '', domain = '', ...rest] = value.split('@');
        expect(rest).toEqual([]);
        expect(value).not.toMatch(/[<>,;:()"[\]\s\\]/);
        expect(local).not.toMatch(/^\.|\.$|\.\./);
        expect(domain).toMatch(/\.[a-z]{2,}$/i);
      }),
      { numRuns: 2000 },
    );
  });

  test('adversarial input is refused at once (no catastrophic backtracking)', () => {
    const started = Date.now();
    for (const value of [
      `a@${'a'.repeat(100_000)}!`,
      `${'a.'.repeat(30)}@${'a-'.repeat(120)}`,
      `a@${'a.'.repeat(120)}1`,
      `${'!'.repeat(64)}@${'a'.repeat(60)}.${'b'.repeat(63)}1`,
    ]) {
      expect(EMAIL_PATTERN.test(value)).toBe(false);
    }
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('registration', () => {
  test('valid values have no errors', () => expect(validateRegistration(validRegistration)).toEqual({}));
  test('everything empty: required for each field, the confirmations too (an empty one said nothing)', () => {
    const empty = Object.fromEntries(Object.keys(validRegistration).map((key) => [key, ''])) as typeof validRegistration;
    expect(validateRegistration(empty)).toEqual({
      firstname: MESSAGES.required,
      lastname: MESSAGES.required,
      username: MESSAGES.required,
      password: MESSAGES.required,
      password2: MESSAGES.required,
      email: MESSAGES.required,
      email2: MESSAGES.required,
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
    [{ email: 'x<reggie@example.com>', email2: 'x<reggie@example.com>' }, { email: MESSAGES.invalidEmail }],
    [{ email2: 'other@example.com' }, { email2: MESSAGES.emailsDoNotMatch }],
    [{ loanno: '123' }, { loanno: MESSAGES.loanno }],
    [{ ssn: '12345678' }, { ssn: MESSAGES.ssn }],
    [{ dob: '13/01/2020' }, { dob: MESSAGES.dobInvalid }],
    [{ password2: '' }, { password2: MESSAGES.required }],
    [{ email2: '' }, { email2: MESSAGES.required }],
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
      dob: MESSAGES.dobInvalid,
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
