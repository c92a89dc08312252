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
  /** the server sends a signed-in borrower on to their landing page (main/ or loanoverview/) */
  home: '/loanmanager/',
  loanOverview: '/loanmanager/loanoverview/',
  /** where the browser goes after opting out (a full page load, so the server renders the new state); linked from the server's paperless notices */
  goGreen: '/loanmanager/go-green/',
} as const;

/** The profile's passkeys (issue 49): the anchor of their section, where the landing page's offer of a passkey leads. */
export const PASSKEYS_ANCHOR = 'passkeys';
export const PASSKEYS_ON_PROFILE = `/loanmanager/profile/#${PASSKEYS_ANCHOR}`;

/** Where a borrower lands after signing in or registering: loan selection for several loans, else the overview. */
export function landingUrl(availableLoans: readonly unknown[]): string {
  return availableLoans.length > 1 ? PORTAL_URLS.main : PORTAL_URLS.loanOverview;
}

/** The sign-in page after a password reset: it says the password has been changed (no data in the address). */
export const PASSWORD_CHANGED_PARAM = 'password_changed';
export const LOGIN_AFTER_PASSWORD_RESET = `${PORTAL_URLS.login}?${PASSWORD_CHANGED_PARAM}=1`;

/** The query parameter of the sign-in page that names the signed-in page a borrower was sent from. */
const RETURN_PARAM = 'next';

/** The sign-in page after the header's "Sign out": it says "You have signed out" (a flag, nothing personal). */
export const SIGNED_OUT_PARAM = 'signed_out';
export const LOGIN_AFTER_SIGN_OUT = `${PORTAL_URLS.login}?${SIGNED_OUT_PARAM}=1`;

/** The sign-in page after the inactivity sign-out: it says why the borrower was signed out. */
export const SIGNED_OUT_INACTIVE_PARAM = 'inactive';

/**
 * The sign-in page after the inactivity sign-out, returning afterwards to `page` (its path and
 * query): of the query only what the page reads (returnQueryOf), as the server's redirect sends.
 */
export function loginAfterInactivity(page: string): string {
  const mark = page.indexOf('?');
  const returnPath = mark < 0 ? page : `${page.slice(0, mark)}${returnQueryOf(page.slice(mark + 1))}`;
  return `${PORTAL_URLS.login}?${SIGNED_OUT_INACTIVE_PARAM}=1&${RETURN_PARAM}=${encodeURIComponent(returnPath)}`;
}

/**
 * A path of the portal: /loanmanager/ then plain segments; no query, no dot segments, no second
 * slash. Each segment but the last ends in its slash, so the pattern has one way to match a text
 * and runs in linear time: `(?:[A-Za-z0-9_-]+\/?)*`, its former spelling, backtracked
 * exponentially on a long segment followed by a refused character (24 letters and `!`: 0.4 s,
 * each letter more doubling it), and the server checks return paths that anyone may send.
 */
const PORTAL_PATH = /^\/loanmanager\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]*$/;

/**
 * Whether a value is a plain path of this portal (`/loanmanager/` then letters, digits, `_`, `-`
 * segments): never another site, a scheme, `//`, a backslash, a dot segment, a query or a fragment. What the
 * portal may send a browser back to (sign-in's `next`, the language switch's return path).
 */
export function isPortalReturnPath(value: unknown): value is string {
  return typeof value === 'string' && PORTAL_PATH.test(value) && !value.includes('//');
}

/**
 * The query parameters a signed-in page reads, each with the values it may take: the only part of a
 * page's query that its return link keeps. Any other parameter is dropped, since a query may carry
 * whatever a link was given (an email address) and the return link goes into the sign-in page's address.
 */
const RETURN_QUERY: ReadonlyMap<string, RegExp> = new Map([
  // the loan overview's loan (server/routes/pages/): digits only
  ['loanno', /^\d{1,20}$/],
]);

/**
 * The part of a query (`?a=1&b=2`, or without its `?`) a return link keeps (RETURN_QUERY): `?loanno=…`
 * rebuilt from the parsed values, or '' when none is kept.
 */
export function returnQueryOf(search: string): string {
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const [name, rule] of RETURN_QUERY) {
    const values = given.getAll(name);
    // a name given twice is not one value the page reads: dropped too
    if (values.length === 1 && rule.test(values[0]!)) kept.set(name, values[0]!);
  }
  const query = kept.toString();
  return query ? `?${query}` : '';
}

/**
 * A page of the portal to send a browser back to (`/loanmanager/loanoverview/?loanno=9000000003`):
 * a plain path of the portal (isPortalReturnPath) and the query a signed-in page reads
 * (returnQueryOf), rebuilt; null when the path is not one (no open redirect).
 */
export function portalReturnTarget(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const mark = value.indexOf('?');
  const path = mark < 0 ? value : value.slice(0, mark);
  if (!isPortalReturnPath(path)) return null;
  return mark < 0 ? path : `${path}${returnQueryOf(value.slice(mark + 1))}`;
}

/**
 * Where to land after signing in when the borrower was sent to sign in from a signed-in page
 * (`?next=/loanmanager/loanoverview/?loanno=9000000003`, encoded): only a page of this portal with
 * the query its page reads (portalReturnTarget), never another site (no open redirect) and never
 * the sign-in page itself; null otherwise.
 */
export function returnPathFrom(search: string): string | null {
  const next = portalReturnTarget(new URLSearchParams(search).get(RETURN_PARAM));
  if (next === null) return null;
  if (next.replace(/\?.*$/, '').replace(/\/?$/, '/') === PORTAL_URLS.login) return null;
  return next;
}
