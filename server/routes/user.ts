/** The signed-in user's endpoints: /loanmanager/api/user/*. All answer 401 without a session or token. */
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import {
  confirmPasswordSchema,
  dismissPopupSchema,
  emailQuerySchema,
  markPopupSeenSchema,
  popupIdSchema,
  popupRequestSchema,
  requestEmailChangeSchema,
  type ConfirmPasswordResponse,
  type SessionTimeout,
} from '../../src/api/contract';
import { LIMITS } from '../../src/lib/validation/messages';
import { EMAIL_PATTERN } from '../../src/lib/validation/rules';
import { HttpError, parseWith, requireAccount, requireEmptyBody, sendJson, type Auth, type PortalContext } from '../context';
import type { Account } from '../db/store';
import { localText } from '../i18n';
import { emailLocale } from '../locale';
import { popupsFor, popupsToShow } from '../popups';
import { SESSION_TOUCH_INTERVAL_MS, VERIFY_NONCE_HOURS, verifyPassword } from '../security';
import { idleMs, sessionEndsAt } from '../sessions';
import { answerWrongPassword, forgetWrongPasswords, notifyAddressReplaced, refuseIfSignInPaused, sendVerificationEmail } from './account';

/** Catalog texts (src/platform/i18n/locales), in the request's language when sent. */
export const EMAIL_MESSAGES = {
  /** "Invalid email address" */
  invalid: localText('server.error.invalidEmail'),
  /** "This email address is already in use by another account." */
  inUse: localText('server.error.emailInUse'),
  /** "This account is not yours." */
  notYourAccount: localText('server.error.notYourAccount'),
  /** "That is not your password. Please try again." */
  wrongPassword: localText('server.error.wrongPassword'),
} as const;

/** How long a confirmed password lets its session change the address on file
 * (docs/security.md, "Re-authentication and the address on file"). */
export const REAUTH_WINDOW_MS = 10 * 60_000;

/** What an API token is told at user/confirm_password/: it has no session to open a window in. */
export const TOKEN_CANNOT_REAUTHENTICATE =
  'An API token cannot confirm a password, so it cannot change the email address on file: sign in to the portal to change it.';

/**
 * Refuses, with 403 `{"reauth_required": true}` (the contract's reauthRequiredSchema), a change of the
 * address on file by a session whose re-authentication window is not open, and by an API token
 * always (it has no window: docs/security.md). Called before anything is changed.
 */
export async function requireReauthentication(ctx: PortalContext, auth: Auth) {
  const open = auth.sessionId !== null && (await ctx.store.reauthWindowOpen(auth.sessionId, ctx.nowMs()));
  if (!open) throw new HttpError(403, { reauth_required: true });
}

/** Whether `address` is the one on file (the same mailbox: addresses compare without case, as everywhere). */
export const isAddressOnFile = (account: Account, address: string) =>
  account.borrower.emailAddress !== null && account.borrower.emailAddress.toLowerCase() === address.toLowerCase();

const markSeenSchema = z.strictObject({ id_to_mark_as_seen: popupIdSchema });

/**
 * The popups a signed-in borrower is to see now, in order: those due, less those seen in this
 * session, dismissed or resting, one offer at most (server/popups.ts). The API's answer (`user/popup/`) and the list a signed-in page comes with
 * (server/routes/pages.ts) are this one.
 */
export function popupsOf(ctx: PortalContext) {
  return async (account: Account, { sessionKey }: Pick<Auth, 'sessionKey'>) => {
    const history = await ctx.store.popupHistory(sessionKey, account.user.id);
    const now = ctx.nowMs();
    return popupsToShow(popupsFor(account.borrower, new Date(now), ctx.options.taxSeason), history, now);
  };
}

/**
 * Syntax, and not the address of another user; 400 `{errors}` otherwise. The syntax is the
 * client's own EMAIL_PATTERN (a bare address, at most 254 characters): nothing else is mailed to.
 */
export async function checkEmailAvailable(ctx: PortalContext, account: Account, emailAddress: string) {
  const address = emailAddress.trim();
  if (!EMAIL_PATTERN.test(address)) throw HttpError.errors(400, EMAIL_MESSAGES.invalid);
  if (await ctx.store.emailInUseByOtherUser(address, account.borrower.id)) throw HttpError.errors(400, EMAIL_MESSAGES.inUse);
  return address;
}

/** Whole seconds, rounded down: the page must never believe in more time than the server gives. */
function secondsUntil(at: number, now: number): number {
  return Math.max(0, Math.floor((at - now) / 1000));
}

function sessionTimeoutOf(ctx: PortalContext, auth: Auth): SessionTimeout {
  if (!auth.sessionTimes) return { expires_in_seconds: null, idle_timeout_seconds: null, max_expires_in_seconds: null };
  const now = ctx.nowMs();
  return {
    expires_in_seconds: secondsUntil(sessionEndsAt(ctx, auth.sessionTimes), now),
    // the last-seen time is written at most once a minute, so a request guarantees the idle limit less that
    idle_timeout_seconds: Math.floor((idleMs(ctx) - SESSION_TOUCH_INTERVAL_MS) / 1000),
    max_expires_in_seconds: secondsUntil(auth.sessionTimes.expiresAt, now),
  };
}

export function userRoutes(app: FastifyInstance, ctx: PortalContext) {
  const emailChangeLimit = { rateLimit: { max: ctx.options.rateLimitMax, timeWindow: 60_000 } };

  // "in use by another account" tells whether an address has an account: counted per account, at the
  // anonymous endpoints' rate, well above what typing with the 500 ms delay sends
  app.get('/loanmanager/api/user/check_email_address/', { config: emailChangeLimit }, async (request, reply) => {
    const account = await requireAccount(ctx, request);
    const query = parseWith(emailQuerySchema, request.query);
    await checkEmailAvailable(ctx, account, query.email_address);
    return sendJson(reply, 200, { valid: true });
  });

  // polled every 5 s while the borrower may be away reading their mail: it must not hold the session open
  app.get('/loanmanager/api/user/is_validated/', { config: { backgroundPoll: true } }, async (request, reply) => {
    const account = await requireAccount(ctx, request);
    const query = parseWith(emailQuerySchema, request.query);
    const validated = await ctx.store.isEmailValidated(account.borrower.id, query.email_address.trim());
    return sendJson(reply, 200, { validated });
  });

  // Step-up (docs/security.md, "Re-authentication and the address on file"): the password again, at
  // most REAUTH_WINDOW_MS before a change of the address on file. Wrong passwords count towards the
  // sign-in lockout of the username.
  app.post('/loanmanager/api/user/confirm_password/', { config: emailChangeLimit }, async (request, reply) => {
    const account = await requireAccount(ctx, request);
    const body = parseWith(confirmPasswordSchema, request.body);
    const { sessionId } = account.auth;
    if (sessionId === null) throw HttpError.errors(403, TOKEN_CANNOT_REAUTHENTICATE);
    const now = ctx.nowMs();
    const { username } = account.user;
    // as at sign-in: paused, the same answer for every password; a wrong one counts towards the
    // pause, warns before the last attempt, and the one that pauses it is told to the borrower
    await refuseIfSignInPaused(ctx, reply, username, now);
    const matches = body.password.length <= LIMITS.validatorMaximum && (await verifyPassword(body.password, account.user.passwordHash));
    if (!matches) {
      request.log.info({ userId: account.user.id }, 're-authentication refused');
      return answerWrongPassword(ctx, request, reply, username, account.user, now, EMAIL_MESSAGES.wrongPassword);
    }
    await forgetWrongPasswords(ctx, username);
    await ctx.store.openReauthWindow(sessionId, now + REAUTH_WINDOW_MS);
    request.log.info({ userId: account.user.id }, 're-authenticated');
    const answer: ConfirmPasswordResponse = { reauth_expires_in_seconds: REAUTH_WINDOW_MS / 1000 };
    return sendJson(reply, 200, answer);
  });

  app.post('/loanmanager/api/user/request_email_change/', { config: emailChangeLimit }, async (request, reply) => {
    const account = await requireAccount(ctx, request);
    const body = parseWith(requestEmailChangeSchema, request.body);
    const address = await checkEmailAvailable(ctx, account, body.email_address);
    // the address on file again (a verification link sent anew) changes nothing: no password asked
    if (!isAddressOnFile(account, address)) await requireReauthentication(ctx, account.auth);
    if (await ctx.store.isEmailValidated(account.borrower.id, address)) {
      await ctx.store.setEmailOnFile(account.borrower.id, address, true, ctx.nowMs());
      // putting back an address verified before is a change like any other: the one it replaces is told
      await notifyAddressReplaced(ctx, request, account.user, account.borrower.emailAddress, address);
      return sendJson(reply, 200, { requires_validation: false });
    }
    await ctx.store.recordPendingEmail(account.borrower.id, address, ctx.nowMs());
    await sendVerificationEmail(ctx, account.user, address, emailLocale(request, account.user));
    // the link's lifetime, which the go-green page states (the one number is the server's)
    return sendJson(reply, 200, { requires_validation: true, link_expires_in_seconds: VERIFY_NONCE_HOURS * 3600 });
  });

  // When the session ends, for the page's inactivity warning (docs/security.md, control 24). Only times.
  app.get('/loanmanager/api/user/session/', async (request, reply) => {
    const account = await requireAccount(ctx, request);
    return sendJson(reply, 200, sessionTimeoutOf(ctx, account.auth));
  });

  // "Stay signed in": records a request now, whatever the last-seen throttle would skip.
  app.post('/loanmanager/api/user/session/extend/', async (request, reply) => {
    requireEmptyBody(request.body);
    const account = await requireAccount(ctx, request);
    const { auth } = account;
    if (auth.sessionId !== null && auth.sessionTimes) {
      const now = ctx.nowMs();
      await ctx.store.touchSession(auth.sessionId, now);
      auth.sessionTimes = { ...auth.sessionTimes, lastSeenAt: now };
    }
    return sendJson(reply, 200, sessionTimeoutOf(ctx, auth));
  });

  const popupsToShow = popupsOf(ctx);
  app.post('/loanmanager/api/user/popup/', async (request, reply) => {
    const account = await requireAccount(ctx, request);
    const body = parseWith(popupRequestSchema, request.body);
    if (body.coacct !== String(account.borrower.id)) throw HttpError.errors(403, EMAIL_MESSAGES.notYourAccount);
    return sendJson(reply, 200, await popupsToShow(account, account.auth));
  });

  app.post('/loanmanager/api/user/set_popup_seen/', async (request, reply) => {
    const account = await requireAccount(ctx, request);
    // the contract's shape first, then only the popup ids this server knows
    parseWith(markPopupSeenSchema, request.body);
    const body = parseWith(markSeenSchema, request.body);
    await ctx.store.markPopupSeen(account.auth.sessionKey, account.user.id, body.id_to_mark_as_seen, ctx.nowMs());
    return sendJson(reply, 200, {});
  });

  app.post('/loanmanager/api/user/dismiss_popup/', async (request, reply) => {
    const account = await requireAccount(ctx, request);
    const body = parseWith(dismissPopupSchema, request.body);
    await ctx.store.dismissPopup(account.user.id, body.id_to_dismiss, ctx.nowMs());
    return sendJson(reply, 200, {});
  });
}
