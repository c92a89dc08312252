import type { MessageId } from '../../platform/i18n/messageId';

/**
 * Every validation message of spec section 5, as its id in the catalogs (src/platform/i18n/locales: the
 * English texts are the spec's, verbatim). Shared by the forms and the reference server, which
 * show them in the borrower's language. `dobInFuture` and `dobInvalid` are the portal's own (the spec is silent).
 */
export const MESSAGES = {
  required: 'validation.required',
  maxLength200: 'validation.maxLength200',
  password: 'validation.password',
  passwordHint: 'validation.passwordHint',
  passwordsDoNotMatch: 'validation.passwordsDoNotMatch',
  invalidEmail: 'validation.invalidEmail',
  emailsDoNotMatch: 'validation.emailsDoNotMatch',
  loanno: 'validation.loanno',
  dobInFuture: 'validation.dobInFuture',
  /** not a real date (the spec sends it empty and is silent on what to say) */
  dobInvalid: 'validation.dobInvalid',
  ssn: 'validation.ssn',
  goGreenEmailRequired: 'validation.goGreenEmailRequired',
  goGreenEmailInvalid: 'validation.goGreenEmailInvalid',
} as const satisfies Record<string, MessageId>;

/** Business constants of spec section 9. */
export const LIMITS = {
  loannoLength: 10,
  ssnDigits: 9,
  passwordMinimum: 8,
  validatorMaximum: 200,
  /** name, username, email and password inputs */
  inputMaximum: 50,
} as const;
