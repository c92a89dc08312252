/** Addresses the signed-out flows link or go to, exactly as the spec writes them (sections 2 and 8). */
export const PORTAL_URLS = {
  register: '/loanmanager/register/',
  login: '/loanmanager/login/',
  /** the registration page's link and the 409 hand-over */
  recoverUsername: '/loanmanager/recover_username/',
  /** the reset-request page's "forgot your username" link (the spec writes it without the slash) */
  recoverUsernameFromResetRequest: '/loanmanager/recover_username',
  requestPasswordReset: '/loanmanager/request_password_reset',
  main: '/loanmanager/main/',
  loanOverview: '/loanmanager/loanoverview/',
} as const;

/** Where a borrower lands after signing in or registering: loan selection for several loans, else the overview. */
export function landingUrl(availableLoans: readonly unknown[]): string {
  return availableLoans.length > 1 ? PORTAL_URLS.main : PORTAL_URLS.loanOverview;
}
