/**
 * The anonymous account endpoints (spec section 7) plus sign-in and sign-out:
 * /loanmanager/api/account/* and /loanmanager/api/anon-user/verify_email/. The logic is in
 * server/services/ (registration, passwordReset, emailVerification, passwordSignIn).
 */
import type { FastifyInstance } from 'fastify';
import {
  CSRF_TOKEN_PATH,
  errorBodySchema,
  loginResponseSchema,
  loginSchema,
  recoverUsernameSchema,
  registrationResponseSchema,
  registrationSchema,
  requestPasswordResetSchema,
  resetPasswordSchema,
  validateNonceSchema,
  verifyRequestSchema,
} from '../../src/api/schemas';
import { sendJson, type PortalContext } from '../http/context';
import { verifyEmail } from '../services/emailVerification';
import { requestPasswordReset, resetPassword, validateResetNonce } from '../services/passwordReset';
import { signInWithPassword } from '../services/passwordSignIn';
import { recoverUsername, register } from '../services/registration';
import { signOut } from '../auth/sessions';
import { emptyBodySchema, type ValibotTypeProvider } from './declarations';
import {
  addition,
  answers,
  emailValidatedAnswerSchema,
  emptyAnswerSchema,
  passwordRefusalSchema,
  recoverUsernameAnswerSchema,
  registrationRefusalSchema,
  resetRequestAnswerSchema,
  specCall,
  usedByWidgets,
  validAnswerSchema,
  wrongPasswordSchema,
} from './schemas';

/**
 * The limit of a reset link's checks: one count for `validate_nonce` and the reset page with a nonce,
 * which checks it as it is drawn (server/routes/pages/signedOut.ts), so guessing nonces gets no more
 * tries from the pages (docs/security.md, control 10). Counted under its group, not each route.
 */
export const resetLinkCheckLimit = (ctx: PortalContext) => ({
  rateLimit: { max: ctx.options.rateLimitMax, timeWindow: 60_000, groupId: 'reset-link-check' },
});

export function accountRoutes(fastify: FastifyInstance, ctx: PortalContext) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const rateLimit = { rateLimit: { max: ctx.options.rateLimitMax, timeWindow: 60_000 } };

  app.post('/loanmanager/api/account/register/', {
    schema: { ...specCall('Register'), body: registrationSchema, response: answers({ 201: registrationResponseSchema, 400: registrationRefusalSchema, 409: errorBodySchema }, { unsafe: true, hashes: true }) },
    config: rateLimit,
  }, async (request, reply) => sendJson(reply, 201, await register(ctx, request, reply, request.body)));

  app.post('/loanmanager/api/account/recover_username/', {
    schema: { ...specCall('Email the username'), body: recoverUsernameSchema, response: answers({ 200: recoverUsernameAnswerSchema }, { unsafe: true }) },
    config: rateLimit,
  }, async (request, reply) => sendJson(reply, 200, await recoverUsername(ctx, request, request.body)));

  app.post('/loanmanager/api/account/request_password_reset/', {
    schema: { ...specCall('Email a password reset link'), body: requestPasswordResetSchema, response: answers({ 200: resetRequestAnswerSchema }, { unsafe: true }) },
    config: rateLimit,
  }, async (request, reply) => sendJson(reply, 200, await requestPasswordReset(ctx, request, reply, request.body)));

  app.post('/loanmanager/api/account/validate_nonce/', {
    schema: { ...specCall('Is this reset link still valid?'), body: validateNonceSchema, response: answers({ 200: validAnswerSchema }, { unsafe: true }) },
    config: resetLinkCheckLimit(ctx),
  }, async (request, reply) => {
    await validateResetNonce(ctx, request.body.nonce);
    return sendJson(reply, 200, { valid: true });
  });

  app.post('/loanmanager/api/account/reset_password/', {
    schema: { ...specCall('Set a new password'), body: resetPasswordSchema, response: answers({ 200: emptyAnswerSchema, 400: passwordRefusalSchema }, { unsafe: true, hashes: true }) },
    config: rateLimit,
  }, async (request, reply) => {
    await resetPassword(ctx, request, reply, request.body);
    return sendJson(reply, 200, {});
  });

  app.post('/loanmanager/api/anon-user/verify_email/', {
    schema: { ...specCall('Verify an email address'), body: verifyRequestSchema, response: answers({ 200: emailValidatedAnswerSchema }, { unsafe: true }) },
    config: rateLimit,
  }, async (request, reply) => {
    await verifyEmail(ctx, request, request.body.nonce);
    return sendJson(reply, 200, { email_validated: true });
  });

  app.post('/loanmanager/api/account/login/', {
    schema: { ...addition('Sign in'), body: loginSchema, response: answers({ 200: loginResponseSchema, 400: wrongPasswordSchema }, { unsafe: true, hashes: true }) },
    config: rateLimit,
  }, async (request, reply) => sendJson(reply, 200, await signInWithPassword(ctx, request, reply, request.body)));

  // The CSRF cookie for a host page's widgets before their first unsafe call (docs/embedding.md): the
  // auth hook sets it when the browser has none (server/auth/sessions.ts); the answer says nothing more.
  app.get(`/loanmanager/api/${CSRF_TOKEN_PATH}`, {
    schema: {
      ...addition('Set the CSRF cookie'),
      ...usedByWidgets(
        'a widget on a host page calls it once before its first unsafe call when the CSRF cookie is missing; without it (404) ' +
          'that first call is refused with `403 {"code": "csrf_token"}`, whose answer must set the cookie, and the widget sends it again once, silently.',
      ),
      response: answers({ 200: emptyAnswerSchema }),
    },
    config: rateLimit,
  }, async (_request, reply) => sendJson(reply, 200, {}));

  // the global limit only, not the anonymous endpoints' stricter one
  app.post('/loanmanager/api/account/logout/', {
    schema: { ...addition('Sign out'), body: emptyBodySchema, response: answers({ 200: emptyAnswerSchema }, { unsafe: true }) },
  }, async (request, reply) => {
    await signOut(ctx, request, reply);
    return sendJson(reply, 200, {});
  });
}
