/** The go-green texts of spec sections 2 and 8, verbatim, and ours where the spec is silent (marked). */
export const GO_GREEN_MESSAGES = {
  loadFailed: 'There was a problem. Please try again later',
  /** polling, opt-in and opt-out failures */
  problem: 'There was a problem, please try again later',
  waiting:
    "A verification link has been sent to your new email address. Please click that link and return to this page to continue. If you can't find the email please check your Junk or Spam folder.",
  /** ours: after the spec's waiting text, where the link went */
  sentTo: 'We sent the link to',
  /** ours: a second verification email, after a short wait */
  sendAgain: 'Send the link again',
  sendAgainIn: (seconds: number) => `You can send it again in ${seconds} s.`,
  verified: 'Your email address has been verified.',
  thankYou: 'Thank you for choosing "Go Green".',
  optOutHeading: 'Opt Out of Go Green',
  /** ours: after the reload that follows an opt-out (then the spec's optOutPrinted) */
  optedOut: 'You have opted out of Go Green.',
  /** ours: the thank-you view's next steps */
  whatNext: (email: string) => `From now on, your statements and notices will be emailed to ${email} as soon as they are ready.`,
  returnToPaper: 'You can go back to paper at any time on this page.',
  backToLoans: 'Back to your loans',
  optOutStops: 'By opting out, you will no longer receive electronic notification of your loan documents.',
  optOutPrinted: 'If no other borrower on your loan is opted in, printed copies of your documents will be mailed to you.',
  choiceYes: 'Yes, the details mentioned above are correct',
  choiceNo: 'No, I want to submit correct details',
} as const;

export const STEP_TITLES = {
  confirmEmail: 'Confirm Email Address',
  changeEmail: 'Change Email Address',
  validateEmail: 'Validate Email Address',
  reviewDisclosures: 'Review Disclosures',
} as const;

/** Where the browser goes after opting out (a full page load, so the server renders the new state). */
export const GO_GREEN_URL = '/loanmanager/go-green/';
