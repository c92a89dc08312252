/**
 * Every text the spec quotes, as the spec quotes it. The widgets' tests read their texts through
 * `english(id)`, the same catalog the widgets show; this table pins that catalog to the spec's
 * words, so a changed letter, case or stop in en.json fails here even where those tests follow it.
 */
import { english } from '../../testing/english';
import type { MessageId } from './messageId';

const SPEC_TEXTS: Array<[MessageId, string, Record<string, string>?]> = [
  // section 2: the flows
  ['registration.alreadyRegistered', 'You have already registered. Would you like to have your username emailed to you?'],
  ['registration.accountNotFound', 'We were unable to find your account based on the loan number, social security number, and date of birth you entered. Please check your entries and try again.'],
  ['recoverUsername.succeeded', 'Your username has been emailed to you at reggie@example.com. If you do not receive it, please wait a few minutes and check your spam folder.', { email: 'reggie@example.com' }],
  ['recoverUsername.failed', 'There was a problem recovering your username.'],
  ['passwordReset.requestTitle', 'Having trouble signing in?'],
  ['passwordReset.requestSucceeded', 'Please check your email for a link to reset your password.'],
  ['passwordReset.requestFailed', 'There was a problem requesting a password reset'],
  ['passwordReset.title', 'Reset Password'],
  ['passwordReset.checking', 'Please wait...'],
  ['passwordReset.expired', 'Your reset password request has expired.'],
  ['passwordReset.succeeded', 'Password reset successful! You will now be redirected to the login page.'],
  ['passwordReset.failed', 'There was a problem resetting your password'],
  ['verifyEmail.verifying', 'Verifying...'],
  ['verifyEmail.verified', 'Your email has been verified. You may now close this tab.'],
  ['verifyEmail.failed', 'There was a problem verifying your email address.'],
  // section 2: go green
  ['goGreen.stepConfirmEmail', 'Confirm Email Address'],
  ['goGreen.stepChangeEmail', 'Change Email Address'],
  ['goGreen.stepValidateEmail', 'Validate Email Address'],
  ['goGreen.stepReviewDisclosures', 'Review Disclosures'],
  ['goGreen.choiceYes', 'Yes, the details mentioned above are correct'],
  ['goGreen.choiceNo', 'No, I want to submit correct details'],
  ['goGreen.waiting', "A verification link has been sent to your new email address. Please click that link and return to this page to continue. If you can't find the email please check your Junk or Spam folder."],
  ['goGreen.verified', 'Your email address has been verified.'],
  ['goGreen.thankYou', 'Thank you for choosing "Go Green".'],
  ['goGreen.optOutHeading', 'Opt Out of Go Green'],
  ['goGreen.problem', 'There was a problem, please try again later'],
  ['goGreen.loadFailed', 'There was a problem. Please try again later'],
  ['profile.failed', 'There was a problem, please try again later'],
  // section 2: the popups
  ['popups.goGreenHeading', 'Go Paperless, Go Green'],
  ['popups.goGreenLink', 'Click Here to Go Green'],
  ['popups.declineGoGreen', 'Not at this time, I prefer to receive paper documents via mail'],
  ['popups.declineAutoPay', 'Not at this time, I prefer to pay manually'],
  ['popups.declineBoth', 'Not at this time'],
  ['popups.taxTitle', '2026 Tax Information', { year: '2026' }],
  ['popups.dontShowAgain', "Don't show again"],
  ['popups.ok', 'Ok'],
  ['popups.verifyTitle', 'Please Verify Your Email Address'],
  ['popups.acknowledge', 'I acknowledge this email is correct'],
  ['popups.changeEmail', 'I need to change my email address'],
  // section 5: validation
  ['validation.required', 'This field is required'],
  ['validation.maxLength200', 'Maximum length is 200.'],
  ['validation.password', 'Password requirements not met.'],
  ['validation.passwordHint', 'Password must include a capital letter, a number, a special character, and be at least 8 characters long.'],
  ['validation.passwordsDoNotMatch', 'The passwords you entered do not match'],
  ['validation.invalidEmail', 'Please enter a valid email address'],
  ['validation.emailsDoNotMatch', 'The email addresses you entered do not match'],
  ['validation.loanno', 'Must be 10 digits'],
  ['validation.ssn', 'Must be 9 digits'],
  ['validation.goGreenEmailRequired', 'Required'],
  ['validation.goGreenEmailInvalid', 'Invalid email address'],
];

describe("the spec's quoted texts, letter for letter", () => {
  // rows as objects: a row's missing third value would make jest take the test for a `done` one
  it.each(SPEC_TEXTS.map(([id, text, values]) => ({ id, text, values })))('$id reads as the spec quotes it', ({ id, text, values }) => {
    expect(english(id, values)).toBe(text);
  });
});
