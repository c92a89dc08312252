/**
 * Request authentication and the CSRF check, as fastify hooks, plus signing in and out.
 * Sessions are server-side rows keyed by the sha256 of a random cookie value; API tokens
 * (`Authorization: Token <token>`) are stored hashed the same way and are exempt from CSRF,
 * as in Django REST framework.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX, HttpError, type PortalContext } from './context';
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  REMEMBERED_SESSION_DAYS,
  SESSION_COOKIE,
  SESSION_HOURS,
  clearSessionCookie,
  hashSecret,
  looksLikeToken,
  randomToken,
  safeEqual,
  setCsrfCookie,
  setSessionCookie,
} from './security';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CSRF_FAILED = 'CSRF verification failed';
const INVALID_TOKEN = 'Invalid token.';

const isStatic = (url: string) => url.startsWith('/loanmanager/static/');
export const isApi = (url: string) => url.startsWith(API_PREFIX);

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

  app.addHook('onRequest', async (request, reply) => {
    if (isStatic(request.url)) return;

    // Django-style CSRF cookie: issued to every browser that lacks a well-formed one.
    const cookieToken = request.cookies[CSRF_COOKIE];
    if (looksLikeToken(cookieToken)) {
      request.csrfToken = cookieToken;
    } else {
      request.csrfToken = randomToken();
      setCsrfCookie(request, reply, request.csrfToken);
    }

    const token = tokenFromHeader(request);
    if (token !== undefined) {
      const found = token === null ? null : await ctx.store.findApiToken(hashSecret(token));
      if (!found) {
        if (isApi(request.url)) throw HttpError.errors(401, INVALID_TOKEN);
      } else {
        request.auth = { userId: found.userId, sessionId: null, tokenId: found.id, sessionKey: `token:${found.id}` };
      }
    } else {
      const sessionKey = request.cookies[SESSION_COOKIE];
      if (sessionKey !== undefined) {
        const keyHash = looksLikeToken(sessionKey) ? hashSecret(sessionKey) : null;
        const session = keyHash ? await ctx.store.findSession(keyHash, ctx.nowMs()) : null;
        if (session) {
          request.auth = {
            userId: session.userId,
            sessionId: session.id,
            tokenId: null,
            // keyed by the session secret's hash: row ids are reused after sign-out, secrets never
            sessionKey: `session:${keyHash}`,
          };
        } else {
          clearSessionCookie(request, reply);
        }
      }
    }

    if (isApi(request.url) && UNSAFE_METHODS.has(request.method) && request.auth?.tokenId == null) {
      const header = request.headers[CSRF_HEADER];
      const sent = Array.isArray(header) ? header[0] : header;
      if (!looksLikeToken(cookieToken) || typeof sent !== 'string' || !safeEqual(sent, cookieToken)) {
        throw HttpError.errors(403, CSRF_FAILED);
      }
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
  const sessionId = await ctx.store.createSession({
    userId,
    keyHash,
    now,
    expiresAt: now + lifetimeSeconds * 1000,
  });
  setSessionCookie(request, reply, key, remember ? lifetimeSeconds : null);
  request.csrfToken = randomToken();
  setCsrfCookie(request, reply, request.csrfToken);
  request.auth = { userId, sessionId, tokenId: null, sessionKey: `session:${keyHash}` };
}

export async function signOut(ctx: PortalContext, request: FastifyRequest, reply: FastifyReply) {
  if (request.auth?.sessionId != null) await ctx.store.deleteSession(request.auth.sessionId);
  clearSessionCookie(request, reply);
  request.auth = null;
}
