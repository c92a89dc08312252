/** The signed-in user's endpoints: /loanmanager/api/user/*. All answer 401 without a session or token. */
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  confirmPasswordResponseSchema,
  confirmPasswordSchema,
  dismissPopupSchema,
  emailQuerySchema,
  isValidatedResponseSchema,
  markPopupSeenSchema,
  popupIdSchema,
  popupListSchema,
  popupRequestSchema,
  requestEmailChangeResponseSchema,
  requestEmailChangeSchema,
  sessionTimeoutSchema,
} from '../../src/api/schemas';
import { HttpError, requireAccount, sendJson, type PortalContext } from '../http/context';
import { checkEmailAvailable, EMAIL_MESSAGES } from '../services/emailAddress';
import { requestEmailChange } from '../services/emailChange';
import { popupsOf } from '../services/popupsToShow';
import { confirmPassword } from '../services/reauthentication';
import { sessionTimeoutOf } from '../services/sessionTimeout';
import { signedInAccount, emptyBodySchema, type ValibotTypeProvider } from './declarations';
import { addition, answers, csrfOrRefusedSchema, emptyAnswerSchema, refusedOrReauthSchema, specCall, usedByWidgets, validAnswerSchema, wrongPasswordSchema } from './schemas';

/** The contract's shape first (its texts), then only the popup ids this server knows ("Invalid value"). */
const markSeenSchema = v.pipe(markPopupSeenSchema, v.strictObject({ id_to_mark_as_seen: popupIdSchema }));

export function userRoutes(fastify: FastifyInstance, ctx: PortalContext) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  // "in use by another account" tells whether an address has an account: counted per account, at the
  // anonymous endpoints' rate, well above what typing with the 500 ms delay sends
  const emailChangeLimit = { rateLimit: { max: ctx.options.rateLimitMax, timeWindow: 60_000 } };
  const signedIn = { signedIn: true } as const;

  app.get('/loanmanager/api/user/check_email_address/', {
    schema: { ...specCall('Is this address usable?'), querystring: emailQuerySchema, response: answers({ 200: validAnswerSchema }, { signedIn: true }) },
    config: { ...emailChangeLimit, ...signedIn },
  }, async (request, reply) => {
    await checkEmailAvailable(ctx, signedInAccount(request), request.query.email_address);
    return sendJson(reply, 200, { valid: true });
  });

  // polled every 5 s while the borrower may be away reading their mail: it must not hold the session open
  app.get('/loanmanager/api/user/is_validated/', {
    schema: { ...specCall('Has this address been verified?'), querystring: emailQuerySchema, response: answers({ 200: isValidatedResponseSchema }, { signedIn: true }) },
    config: { backgroundPoll: true, ...signedIn },
  }, async (request, reply) => {
    const validated = await ctx.store.isEmailValidated(signedInAccount(request).borrower.id, request.query.email_address.trim());
    return sendJson(reply, 200, { validated });
  });

  // Step-up (docs/security.md, "Re-authentication and the address on file"): the password again, at
  // most REAUTH_WINDOW_MS before a change of the address on file. Wrong passwords count towards the
  // sign-in lockout of the username.
  app.post('/loanmanager/api/user/confirm_password/', {
    schema: {
      ...addition('Confirm the password again (re-authentication)'),
      ...usedByWidgets(
        'the widgets call it only after a `403 {"reauth_required": true}` answer to `user/request_email_change/` or `go-green/opt_in/`, ' +
          'to send the same change again once the password is confirmed; a server that never asks for it never sees this call.',
      ),
      body: confirmPasswordSchema,
      response: answers({ 200: confirmPasswordResponseSchema, 400: wrongPasswordSchema, 403: csrfOrRefusedSchema }, { signedIn: true, unsafe: true, hashes: true }),
    },
    config: { ...emailChangeLimit, ...signedIn },
  }, async (request, reply) => {
    return sendJson(reply, 200, await confirmPassword(ctx, request, reply, signedInAccount(request), request.body.password));
  });

  app.post('/loanmanager/api/user/request_email_change/', {
    schema: {
      ...specCall('Change the address on file'),
      body: requestEmailChangeSchema,
      response: answers(
        { 200: requestEmailChangeResponseSchema, 403: refusedOrReauthSchema },
        { signedIn: true, unsafe: true },
      ),
    },
    config: { ...emailChangeLimit, ...signedIn },
  }, async (request, reply) => {
    return sendJson(reply, 200, await requestEmailChange(ctx, request, signedInAccount(request), request.body.email_address));
  });

  // When the session ends, for the page's inactivity warning (docs/security.md, control 24). Only times.
  app.get('/loanmanager/api/user/session/', {
    schema: { ...addition('When the session ends'), response: answers({ 200: sessionTimeoutSchema }, { signedIn: true }) },
    config: signedIn,
  }, async (request, reply) => {
    return sendJson(reply, 200, sessionTimeoutOf(ctx, signedInAccount(request).auth));
  });

  // "Stay signed in": records a request now, whatever the last-seen throttle would skip. Its body is
  // checked before the session (as it always was): not declared signedIn.
  app.post('/loanmanager/api/user/session/extend/', {
    schema: { ...addition('Stay signed in'), body: emptyBodySchema, response: answers({ 200: sessionTimeoutSchema }, { signedIn: true, unsafe: true }) },
  }, async (request, reply) => {
    const { auth } = await requireAccount(ctx, request);
    if (auth.sessionId !== null && auth.sessionTimes) {
      const now = ctx.nowMs();
      await ctx.store.touchSession(auth.sessionId, now);
      auth.sessionTimes = { ...auth.sessionTimes, lastSeenAt: now };
    }
    return sendJson(reply, 200, sessionTimeoutOf(ctx, auth));
  });

  const popupsToShow = popupsOf(ctx);
  app.post('/loanmanager/api/user/popup/', {
    schema: { ...specCall('The popups to show'), body: popupRequestSchema, response: answers({ 200: popupListSchema, 403: csrfOrRefusedSchema }, { signedIn: true, unsafe: true }) },
    config: signedIn,
  }, async (request, reply) => {
    const account = signedInAccount(request);
    if (request.body.coacct !== String(account.borrower.id)) throw HttpError.errors(403, EMAIL_MESSAGES.notYourAccount);
    return sendJson(reply, 200, await popupsToShow(account, account.auth));
  });

  app.post('/loanmanager/api/user/set_popup_seen/', {
    schema: { ...specCall('A popup was seen'), body: markSeenSchema, response: answers({ 200: emptyAnswerSchema }, { signedIn: true, unsafe: true }) },
    config: signedIn,
  }, async (request, reply) => {
    const { auth, user } = signedInAccount(request);
    await ctx.store.markPopupSeen(auth.sessionKey, user.id, request.body.id_to_mark_as_seen, ctx.nowMs());
    return sendJson(reply, 200, {});
  });

  app.post('/loanmanager/api/user/dismiss_popup/', {
    schema: { ...specCall('Do not show a popup again'), body: dismissPopupSchema, response: answers({ 200: emptyAnswerSchema }, { signedIn: true, unsafe: true }) },
    config: signedIn,
  }, async (request, reply) => {
    await ctx.store.dismissPopup(signedInAccount(request).user.id, request.body.id_to_dismiss, ctx.nowMs());
    return sendJson(reply, 200, {});
  });
}
