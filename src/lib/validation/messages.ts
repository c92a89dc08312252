/** Every validation message of spec section 5, verbatim. Shared by the forms and the reference server. */
export const MESSAGES = {
  required: 'This field is required',
  maxLength200: 'Maximum length is 200.',
  password: 'Password requirements not met.',
  passwordHint:
    'Password must include a capital letter, a number, a special character, and be at least 8 characters long.',
  passwordsDoNotMatch: 'The passwords you entered do not match',
  invalidEmail: 'Please enter a valid email address',
  emailsDoNotMatch: 'The email addresses you entered do not match',
  loanno: 'Must be 10 digits',
  /** beyond the spec (it is silent on dates in the future): the portal's own text */
  dobInFuture: 'Date of birth cannot be in the future',
  ssn: 'Must be 9 digits',
  goGreenEmailRequired: 'Required',
  goGreenEmailInvalid: 'Invalid email address',
} as const;

/** Business constants of spec section 9. */
export const LIMITS = {
  loannoLength: 10,
  ssnDigits: 9,
  passwordMinimum: 8,
  validatorMaximum: 200,
  /** name, username, email and password inputs */
  inputMaximum: 50,
} as const;
