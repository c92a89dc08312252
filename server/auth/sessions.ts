/**
 * Request authentication and the CSRF check, as fastify hooks, plus signing in and out.
 * Sessions are server-side rows keyed by the sha256 of a random cookie value; API tokens
 * (`Authorization: Token <token>`) are stored hashed the same way, expire, and are exempt from
 * CSRF, as in Django REST framework.
 *
 * Whether a request is an API call is decided on the route the router matched (or, for no
 * route, on the decoded path), never on the raw address: `/loanmanager/%61pi/...` reaches the
 * API's handlers, so it must meet the API's checks. Addresses the router would have to guess
 * about (double slashes, dot segments, encoded slashes, absolute-form targets) are refused.
 */
import { PROBE_PATHS } from '../http/probePaths';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX, HttpError, type PortalContext } from '../http/context';
import { DEMO_API_TOKEN } from '../db/seed';
import { KNOWN_BROWSER_DAYS, type BrowserRecognition } from '../db/records';
import type { CsrfRefusalCode } from '../../src/api/schemas';
import {
  BROWSER_COOKIE,
  CSRF_HEADER,
  REMEMBERED_SESSION_DAYS,
  SESSION_HOURS,
  SESSION_TOUCH_INTERVAL_MS,
  clearSessionCookie,
  cookieNamesFor,
  hashSecret,
  looksLikeToken,
  randomToken,
  safeEqual,
  setBrowserCookie,
  setCsrfCookie,
  setSessionCookie,
} from './security';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CSRF_FAILED = 'CSRF verification failed';
const INVALID_TOKEN = 'Invalid token.';

const BAD_PATH = 'Bad request path';

/** What a session's "seen in this session" records (popups) are keyed by: its key's hash (row ids are
 * reused after sign-out, keys never). */
const sessionKeyOf = (keyHash: string) => `session:${keyHash}`;

const isStatic = (path: string) => path.startsWith('/loanmanager/static/');
const isApi = (path: string) => path.startsWith(API_PREFIX);

/** A path of plain characters only: nothing to decode, nothing a router could read two ways. */
const PLAIN_PATH = /^\/[A-Za-z0-9_\-/]*$/;

/** The decoded path of an origin-form target, or null for a form this server refuses. */
export function normalisedPath(rawUrl: string): string | null {
  const end = rawUrl.search(/[?#]/);
  const rawPath = end < 0 ? rawUrl : rawUrl.slice(0, end);
  // the common case (every address the portal itself uses): no escapes, dots or backslashes
  if (PLAIN_PATH.test(rawPath)) return rawPath.includes('//') ? null : rawPath;
  // origin-form only (RFC 9112 3.2.1): no absolute-form, no scheme-relative `//host/...`
  if (!rawPath.startsWith('/') || rawPath.startsWith('//')) return null;
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (/%2f|%5c/i.test(rawPath) || path.includes('\\') || path.includes('//') || path.includes('\0')) return null;
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) return null;
  return path;
}

/** The path of the matched route (its pattern), or the decoded path when nothing matched. */
function routePath(request: FastifyRequest, decoded: string): string {
  return request.routeOptions.url ?? decoded;
}

/** Origins allowed to make unsafe requests with the cookie session: this server as the browser
 * addressed it, PUBLIC_URL, and ALLOWED_ORIGINS (host pages that proxy the API). */
function sameOriginAllowed(ctx: PortalContext, request: FastifyRequest, origin: string): boolean {
  if (origin === `${request.protocol}://${request.host}`) return true;
  return ctx.allowedOrigins.has(origin);
}

/** Whether the browser says the request comes from a page of another site (Origin, or Sec-Fetch-Site without one). */
export function fromAnotherSite(ctx: PortalContext, request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  // Our pages say `Referrer-Policy: no-referrer`, so Chromium posts their own forms (sign-out, the
  // language switch) with `Origin: null`: the browser's Sec-Fetch-Site, which no page can set,
  // then tells whether the form was ours. A null origin without it is refused.
  if (origin === 'null') return request.headers['sec-fetch-site'] !== 'same-origin';
  if (origin !== undefined) return !sameOriginAllowed(ctx, request, origin);
  return request.headers['sec-fetch-site'] === 'cross-site';
}

/** A CSRF refusal: the text for people, the `code` for the widgets (src/api/schemas.ts, docs/embedding.md). */
function csrfRefusal(code: CsrfRefusalCode): HttpError {
  return new HttpError(403, { errors: [CSRF_FAILED], code });
}

/** Refuses an unsafe cookie-authenticated API request without a valid CSRF token or from another site. */
function checkCsrf(ctx: PortalContext, request: FastifyRequest, cookieToken: string | undefined) {
  const header = request.headers[CSRF_HEADER];
  const sent = Array.isArray(header) ? header[0] : header;
  if (!looksLikeToken(cookieToken) || typeof sent !== 'string' || !safeEqual(sent, cookieToken)) {
    throw csrfRefusal('csrf_token');
  }
  if (fromAnotherSite(ctx, request)) throw csrfRefusal('csrf_origin');
}

function tokenFromHeader(request: FastifyRequest): string | null | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Token\s+(\S+)\s*$/i.exec(header);
  if (!match) return undefined;
  return looksLikeToken(match[1]) ? match[1] : null;
}

export function registerAuthHooks(app: FastifyInstance, ctx: PortalContext) {
  app.decorateRequest('auth', null);
  app.decorateRequest('csrfToken', '');
  // the session and CSRF cookies' names: `__Host-` in production over https (security.ts)
  app.decorateRequest('cookieNames', {
    getter(this: FastifyRequest) {
      return cookieNamesFor(ctx.options.production, this);
    },
  });

  app.addHook('onRequest', async (request, reply) => {
    const decoded = normalisedPath(request.url);
    if (decoded === null) throw HttpError.errors(400, BAD_PATH);
    const path = routePath(request, decoded);
    if (isStatic(path) || PROBE_PATHS.has(path)) return;

    // Django-style CSRF cookie: issued to every browser that lacks a well-formed one.
    const cookieToken = request.cookies[request.cookieNames.csrf];
    if (looksLikeToken(cookieToken)) {
      request.csrfToken = cookieToken;
    } else {
      request.csrfToken = randomToken();
      setCsrfCookie(request, reply, request.csrfToken);
    }

    const token = tokenFromHeader(request);
    if (token !== undefined) {
      const found =
        token === null || (ctx.options.production && token === DEMO_API_TOKEN)
          ? null
          : await ctx.store.findApiToken(hashSecret(token), ctx.nowMs());
      if (!found) {
        if (isApi(path)) throw HttpError.errors(401, INVALID_TOKEN);
      } else {
        request.auth = { userId: found.userId, sessionId: null, tokenId: found.id, sessionKey: `token:${found.id}`, sessionTimes: null, account: null };
      }
    } else {
      const sessionKey = request.cookies[request.cookieNames.session];
      if (sessionKey !== undefined) {
        const keyHash = looksLikeToken(sessionKey) ? hashSecret(sessionKey) : null;
        const now = ctx.nowMs();
        const session = keyHash ? await ctx.store.findSession(keyHash, now, now - idleMs(ctx)) : null;
        if (session && keyHash) {
          let lastSeenAt = session.lastSeenAt;
          // throttled: one write a minute per session, and a poll never holds a session open
          if (request.routeOptions.config?.backgroundPoll !== true && now - lastSeenAt >= SESSION_TOUCH_INTERVAL_MS) {
            await ctx.store.touchSession(session.id, now);
            lastSeenAt = now;
          }
          request.auth = {
            userId: session.userId,
            sessionId: session.id,
            tokenId: null,
            sessionKey: sessionKeyOf(keyHash),
            sessionTimes: { lastSeenAt, expiresAt: session.expiresAt },
            account: session.account,
          };
        } else {
          clearSessionCookie(request, reply);
        }
      }
    }

    if (isApi(path) && UNSAFE_METHODS.has(request.method) && request.auth?.tokenId == null) {
      checkCsrf(ctx, request, cookieToken);
    }
  });
}

/** Starts a new session for the user: the old one of this browser ends, and the CSRF token rotates. */
export async function signIn(
  ctx: PortalContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  remember: boolean,
) {
  if (request.auth?.sessionId != null) await ctx.store.deleteSession(request.auth.sessionId);
  const key = randomToken();
  const now = ctx.nowMs();
  const lifetimeSeconds = remember ? REMEMBERED_SESSION_DAYS * 24 * 3600 : SESSION_HOURS * 3600;
  const keyHash = hashSecret(key);
  const expiresAt = now + lifetimeSeconds * 1000;
  const sessionId = await ctx.store.createSession({ userId, keyHash, now, expiresAt, idleSince: now - idleMs(ctx) });
  setSessionCookie(request, reply, key, remember ? lifetimeSeconds : null);
  request.csrfToken = randomToken();
  setCsrfCookie(request, reply, request.csrfToken);
  request.auth = { userId, sessionId, tokenId: null, sessionKey: sessionKeyOf(keyHash), sessionTimes: { lastSeenAt: now, expiresAt }, account: null };
}

/**
 * A new session id at a step up (issue 46 items 3 and 4; docs/security.md): the signed-in browser's
 * session gets a new random key, set in this same answer together with a new CSRF token, and the old
 * key finds nothing from the moment the store has the new one; the session itself (its account, its
 * absolute end, whether it was remembered, the popups seen) carries on, so the page does not notice.
 * `reauthUntil`: the re-authentication window, which belongs to the new key only (null or absent:
 * none, any open one closes). Resolves false, changing nothing, when the request has no cookie session
 * or another request renewed or ended it first. Signing in makes a new session instead (`signIn`).
 */
export async function renewSession(
  ctx: PortalContext,
  request: FastifyRequest,
  reply: FastifyReply,
  { reauthUntil = null }: { reauthUntil?: number | null } = {},
): Promise<boolean> {
  const auth = request.auth;
  if (auth?.sessionId == null || !auth.sessionKey.startsWith(sessionKeyOf(''))) return false;
  const oldKeyHash = auth.sessionKey.slice(sessionKeyOf('').length);
  const key = randomToken();
  const keyHash = hashSecret(key);
  const renewed = await ctx.store.renewSessionKey({
    sessionId: auth.sessionId,
    oldKeyHash,
    newKeyHash: keyHash,
    reauthUntil,
    seenKey: { from: auth.sessionKey, to: sessionKeyOf(keyHash) },
  });
  if (!renewed) return false;
  const remembered = renewed.expiresAt - renewed.createdAt > SESSION_HOURS * 3600 * 1000;
  setSessionCookie(request, reply, key, remembered ? Math.max(1, Math.floor((renewed.expiresAt - ctx.nowMs()) / 1000)) : null);
  request.csrfToken = randomToken();
  setCsrfCookie(request, reply, request.csrfToken);
  request.auth = { ...auth, sessionKey: sessionKeyOf(keyHash) };
  return true;
}

/**
 * Whether the user has signed in from this browser before (its lm_browser cookie, a random value
 * stored as its sha256), and the cookie set or kept for another KNOWN_BROWSER_DAYS. A cookie that is
 * not one of ours is replaced.
 */
export async function recognizeBrowser(ctx: PortalContext, request: FastifyRequest, reply: FastifyReply, userId: number): Promise<BrowserRecognition> {
  const sent = request.cookies[BROWSER_COOKIE];
  const value = sent !== undefined && looksLikeToken(sent) ? sent : randomToken();
  setBrowserCookie(request, reply, value, KNOWN_BROWSER_DAYS * 86_400);
  return ctx.store.recognizeBrowser(userId, hashSecret(value), ctx.nowMs());
}

/**
 * Idle expiry (docs/security.md, control 24): every cookie session, remembered or not, ends after
 * `sessionIdleMinutes` without a request, besides its absolute end.
 */
export function idleMs(ctx: PortalContext): number {
  return ctx.options.sessionIdleMinutes * 60_000;
}

/** When a cookie session ends unless another request comes: its idle limit or its absolute end, whichever is first. */
export function sessionEndsAt(ctx: PortalContext, times: { lastSeenAt: number; expiresAt: number }): number {
  return Math.min(times.lastSeenAt + idleMs(ctx), times.expiresAt);
}

export async function signOut(ctx: PortalContext, request: FastifyRequest, reply: FastifyReply) {
  if (request.auth?.sessionId != null) await ctx.store.deleteSession(request.auth.sessionId);
  clearSessionCookie(request, reply);
  request.auth = null;
}
