/** The registration texts of spec section 8, verbatim. */
export const REGISTRATION_MESSAGES = {
  alreadyRegistered: 'You have already registered. Would you like to have your username emailed to you?',
  accountNotFound:
    'We were unable to find your account based on the loan number, social security number, and date of birth you entered. Please check your entries and try again.',
} as const;
