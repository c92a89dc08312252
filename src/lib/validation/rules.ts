/**
 * The field rules of spec section 5 as pure functions: each returns the message to show,
 * or null when the value passes. Shared by every form slice and by the reference server.
 */
import type { MessageId } from '../../platform/i18n/messageId';
import { dobToIso, isFutureIsoDate } from './dob';
import { LIMITS, MESSAGES } from './messages';
import { checkPasswordRule } from './passwordRule';

export type Rule = (value: string) => MessageId | null;

/**
 * The spec's "simple email pattern", made strict: a bare address only, because the server mails
 * to what passes (the old something@something.something let `x<paula@example.com>` through, and
 * nodemailer delivered to Paula). The one definition for the client rules and the server.
 *
 * Accepted: `local@domain`, where
 * - local is an RFC 5322 dot-atom: runs of atext (ASCII letters, digits and
 *   ! # $ % & ' * + / = ? ^ _ ` { | } ~ -) joined by single dots, no leading or trailing dot;
 * - domain is dot-separated labels of letters, digits and hyphens, each 1 to 63 characters,
 *   not starting or ending with a hyphen, and a final label (the TLD) of 2 to 63 letters;
 * - at most 64 characters before the @ and 254 in all (RFC 5321), checked by the two lookaheads.
 * Refused, among others: display names and angle brackets (`A <a@b.co>`), lists (`,` `;`),
 * comments (`(...)`), quoted local parts (`"a b"@b.co`), IP-literal domains (`a@[127.0.0.1]`),
 * whitespace, non-ASCII, and a domain without a dot. Punycode TLDs (`xn--...`) are refused too.
 * Cheap on any input: the lookaheads refuse long input first, and every repeated part ends at a
 * dot or the @, so failing input is not retried in many ways (no catastrophic backtracking).
 */
export const EMAIL_PATTERN =
  /^(?=[^@]{1,64}@)(?=.{1,254}$)[\w!#$%&'*+/=?^`{|}~-]+(?:\.[\w!#$%&'*+/=?^`{|}~-]+)*@(?:[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?\.)+[a-z]{2,63}$/i;

/** Nothing typed: empty, or only spaces. */
export const isBlank = (value: string) => value.trim() === '';

export const required: Rule = (value) => (isBlank(value) ? MESSAGES.required : null);

export const maxLength200: Rule = (value) =>
  value.length > LIMITS.validatorMaximum ? MESSAGES.maxLength200 : null;

export const passwordRule: Rule = (value) => (checkPasswordRule(value).valid ? null : MESSAGES.password);

export const email: Rule = (value) => (EMAIL_PATTERN.test(value) ? null : MESSAGES.invalidEmail);

/** Exactly 10 characters, all digits (letters once passed, with a green tick). */
export const loanno: Rule = (value) => (new RegExp(`^\\d{${LIMITS.loannoLength}}$`).test(value) ? null : MESSAGES.loanno);

export const ssn: Rule = (value) => (new RegExp(`^\\d{${LIMITS.ssnDigits}}$`).test(value) ? null : MESSAGES.ssn);

/**
 * Something typed that is not a real date (02/30/1990, 13/01/1990, a two-digit year) is sent empty,
 * as the spec says, but the borrower reads why: "Enter a real date as MM/DD/YYYY", not "This field
 * is required" (docs/spec-deviations.md). A date after today is refused.
 */
export const dob: Rule = (value) => {
  const iso = dobToIso(value);
  if (iso === '') return isBlank(value) ? MESSAGES.required : MESSAGES.dobInvalid;
  return isFutureIsoDate(iso) ? MESSAGES.dobInFuture : null;
};

function matches(other: string, message: MessageId): Rule {
  return (value) => (value === other ? null : message);
}

/** The first message of the rules, in order, or null. */
export function firstError(value: string, rules: readonly Rule[]): MessageId | null {
  for (const rule of rules) {
    const message = rule(value);
    if (message !== null) return message;
  }
  return null;
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/**
 * The registration form's own values: dob as typed (MM/DD/YYYY), ssn as its digits, plus the two
 * confirmations (password2, email2). The form slice holds them; the request body differs.
 */
export interface RegistrationValues {
  firstname: string;
  lastname: string;
  username: string;
  password: string;
  password2: string;
  email: string;
  email2: string;
  loanno: string;
  ssn: string;
  dob: string;
  remember_this_browser: boolean;
}

/** The registration fields the rules check: every one but the checkbox. */
export type RegistrationField = Exclude<keyof RegistrationValues, 'remember_this_browser'>;

/** The rules of every form, keyed by field. Values are the form's own (dob as typed, ssn as digits). */
export function validateRegistration(values: Pick<RegistrationValues, RegistrationField>): FieldErrors<RegistrationField> {
  const errors: FieldErrors<RegistrationField> = {};
  const check = (field: RegistrationField, rules: Rule[]) => {
    const message = firstError(values[field], rules);
    if (message !== null) errors[field] = message;
  };
  check('firstname', [required]);
  check('lastname', [required]);
  check('username', [required]);
  check('password', [required, passwordRule, maxLength200]);
  // an empty confirmation is required too: left empty beside an empty original it "matched" and said nothing
  check('password2', [required, matches(values.password, MESSAGES.passwordsDoNotMatch)]);
  check('email', [required, email]);
  check('email2', [required, matches(values.email, MESSAGES.emailsDoNotMatch)]);
  check('loanno', [required, loanno]);
  check('ssn', [required, ssn]);
  check('dob', [required, dob]);
  return errors;
}

export function validateRecovery(values: { loanno: string; ssn: string; dob: string }): FieldErrors<
  'loanno' | 'ssn' | 'dob'
> {
  const errors: FieldErrors<'loanno' | 'ssn' | 'dob'> = {};
  const loannoError = firstError(values.loanno, [required, loanno]);
  if (loannoError) errors.loanno = loannoError;
  const ssnError = firstError(values.ssn, [required, ssn]);
  if (ssnError) errors.ssn = ssnError;
  const dobError = firstError(values.dob, [required, dob]);
  if (dobError) errors.dob = dobError;
  return errors;
}

export function validateResetRequest(values: { username: string }): FieldErrors<'username'> {
  const message = firstError(values.username, [required]);
  return message ? { username: message } : {};
}

export function validateResetPassword(values: { password: string; password2: string }): FieldErrors<
  'password' | 'password2'
> {
  const errors: FieldErrors<'password' | 'password2'> = {};
  const passwordError = firstError(values.password, [required, passwordRule, maxLength200]);
  if (passwordError) errors.password = passwordError;
  const password2Error = firstError(values.password2, [
    required,
    maxLength200,
    matches(values.password, MESSAGES.passwordsDoNotMatch),
  ]);
  if (password2Error) errors.password2 = password2Error;
  return errors;
}

/** The go-green email field's synchronous rules ('Required', 'Invalid email address'). */
export function validateGoGreenEmail(value: string): string | null {
  if (isBlank(value)) return MESSAGES.goGreenEmailRequired;
  return EMAIL_PATTERN.test(value) ? null : MESSAGES.goGreenEmailInvalid;
}
