/**
 * What every route plugin is given, the request decorations, and the one way routes fail:
 * throw an `HttpError`; the error handler turns it into JSON.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CaptchaVerifier } from '../auth/captcha';
import type { ServerOptions } from '../config';
import type { Repositories } from '../db/open';
import type { Account } from '../db/records';
import type { LocalText } from './i18n';
import type { Mailer } from '../mail/mail';
import type { CookieNames } from '../auth/security';

export interface Auth {
  userId: number;
  /** The session row, when signed in by cookie. */
  sessionId: number | null;
  /** The API token row, when signed in by `Authorization: Token`. */
  tokenId: number | null;
  /** What "seen in this session" is keyed by: the session, or the token. */
  sessionKey: string;
  /** A cookie session's last recorded request and absolute end (what its idle expiry is counted from); null for a token. */
  sessionTimes: { lastSeenAt: number; expiresAt: number } | null;
  /** The account, when read together with the session at the start of this request (one statement for
   * both); null when not read yet (an API token, a session started by this request): `signedInAccount`
   * reads it then. Never kept beyond the request. */
  account: Account | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A request the page makes by itself (polling), not the borrower: it does not hold the session open (docs/security.md, control 24). */
    backgroundPoll?: boolean;
  }

  interface FastifyRequest {
    auth: Auth | null;
    /** The CSRF token of this browser (from its cookie, or newly issued with this response). */
    csrfToken: string;
    /** The names of the session and CSRF cookies for this request: `__Host-` in production over https (server/auth/security.ts). */
    readonly cookieNames: CookieNames;
  }
}

export interface PortalContext {
  options: ServerOptions;
  /** The database: every repository's methods (server/db/open.ts). */
  store: Repositories;
  mailer: Mailer;
  captcha: CaptchaVerifier;
  nowMs(): number;
  /** Origins allowed to make cookie-authenticated unsafe requests besides the one the browser addressed. */
  allowedOrigins: ReadonlySet<string>;
}

export const API_PREFIX = '/loanmanager/api/';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
  ) {
    super(`HTTP ${statusCode}`);
  }

  /**
   * An `{errors: [...]}` answer. What a borrower may read is a LocalText (a catalog text), put in
   * the request's language when the answer is sent (server/http/app.ts); a plain string is sent as it is
   * (texts for the developers of API clients, and the security refusals, stay English).
   */
  static errors(statusCode: number, ...errors: Array<string | LocalText>): HttpError {
    return new HttpError(statusCode, { errors });
  }
}

export const NOT_SIGNED_IN = 'Authentication credentials were not provided.';

/** The signed-in account (read with the session when signed in by cookie), or null. */
export async function signedInAccount(ctx: PortalContext, request: FastifyRequest): Promise<Account | null> {
  const auth = request.auth;
  if (!auth) return null;
  return auth.account ?? (await ctx.store.getAccount(auth.userId));
}

/** The signed-in account, or a 401. */
export async function requireAccount(ctx: PortalContext, request: FastifyRequest): Promise<Account & { auth: Auth }> {
  const auth = request.auth;
  if (!auth) throw HttpError.errors(401, NOT_SIGNED_IN);
  const account = auth.account ?? (await ctx.store.getAccount(auth.userId));
  if (!account) throw HttpError.errors(401, NOT_SIGNED_IN);
  return { user: account.user, borrower: account.borrower, auth };
}

/** A bodiless POST (opt_out, logout) accepts nothing or `{}`. */
export function requireEmptyBody(body: unknown) {
  if (body === undefined || body === null) return;
  if (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0) return;
  throw HttpError.errors(400, 'This endpoint takes no body');
}

export function sendJson(reply: FastifyReply, statusCode: number, body: unknown) {
  return reply.code(statusCode).header('cache-control', 'no-store').send(body);
}
