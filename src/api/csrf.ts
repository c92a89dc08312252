/**
 * The CSRF protocol between the widgets and the API (docs/embedding.md, "Requests, credentials and
 * CSRF"), in a module of its own: the base query needs these few constants in the first load, and
 * the contract (src/api/schemas.ts, which re-exports them for the server) is not in it.
 */

/**
 * Our addition, optional for a servicer's server: a GET that sets the CSRF cookie when the browser
 * has none, answering `{}`. The widgets call it before their first unsafe call when no CSRF cookie
 * is readable; without it (a 404), they send the call anyway and rely on the `csrf_token` refusal
 * setting the cookie, then send the call again once.
 */
export const CSRF_TOKEN_PATH = 'account/csrf/';

/**
 * A CSRF refusal (403) is told by its `code`, never by its text: `csrf_token` (no CSRF cookie came,
 * or the `X-CSRFToken` header is not its value: the widgets obtain a token and send the call again,
 * once) or `csrf_origin` (the browser says another site sent it: not sent again).
 */
export const CSRF_REFUSAL_CODES = ['csrf_token', 'csrf_origin'] as const;
export type CsrfRefusalCode = (typeof CSRF_REFUSAL_CODES)[number];

/** Where the token is read, in this order: `__Host-csrftoken` (production over https), then `csrftoken`. */
export const CSRF_COOKIES = ['__Host-csrftoken', 'csrftoken'] as const;
export const CSRF_HEADER = 'X-CSRFToken';
