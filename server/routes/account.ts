/**
 * The anonymous account endpoints (spec section 7) plus sign-in and sign-out:
 * /loanmanager/api/account/* and /loanmanager/api/anon-user/verify_email/.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  loginResponseSchema,
  loginSchema,
  recoverUsernameResponseSchema,
  recoverUsernameSchema,
  registrationResponseSchema,
  registrationSchema,
  requestPasswordResetSchema,
  resetPasswordSchema,
  validateNonceSchema,
  verifyRequestSchema,
} from '../../src/api/contract';
import { PORTAL_URLS } from '../../src/lib/portalUrls';
import { isoToDob } from '../../src/lib/validation/dob';
import { LIMITS, MESSAGES } from '../../src/lib/validation/messages';
import { checkPasswordRule } from '../../src/lib/validation/passwordRule';
import { validateRegistration } from '../../src/lib/validation/rules';
import type { MessageId } from '../../src/platform/i18n/messageId';
import type { CaptchaAction } from '../captcha';
import { HttpError, sendJson, type PortalContext } from '../context';
import type { Loan } from '../db/store';
import { describeBrowser, passwordResetEmail, usernameEmail } from '../emails';
import { localText, type LocalText } from '../i18n';
import { apiLocale, emailLocale, rememberLocale } from '../locale';
import { maskEmail } from '../mail';
import { checkPasswordPolicy } from '../passwordPolicy';
import {
  RESET_NONCE_MINUTES,
  dummyPasswordHash,
  flagVerificationSent,
  hashPassword,
  hashSecret,
  needsRehash,
  randomToken,
  verifyPassword,
} from '../security';
import { noticeOf, noticeUrl, notifyAddressReplaced, notifyBorrower } from '../services/accountNotices';
import { sendVerificationEmail } from '../services/emailVerification';
import { INVALID_CREDENTIALS, answerWrongPassword, forgetWrongPasswords, loginThrottleKey, refuseIfSignInPaused } from '../services/wrongPasswords';
import { recognizeBrowser, signIn, signOut } from '../sessions';
import { emptyBodySchema } from './contract';
import {
  addition,
  answers,
  emailValidatedAnswerSchema,
  emptyAnswerSchema,
  registrationRefusalSchema,
  specCall,
  validAnswerSchema,
  wrongPasswordSchema,
} from './schemas';

/**
 * What the account endpoints answer in their error lists: catalog texts (src/platform/i18n/locales,
 * namespace `server.error`), put in the request's language when sent (server/locale.ts `apiLocale`).
 * The English texts are unchanged.
 */
export const MESSAGES_SERVER = {
  alreadyRegistered: localText('server.error.alreadyRegistered'),
  usernameTaken: localText('server.error.usernameTaken'),
  usernameCharacters: localText('server.error.usernameCharacters'),
  captchaFailed: localText('server.error.captchaFailed'),
  noRegistration: localText('server.error.noRegistration'),
  resetExpired: localText('server.error.resetExpired'),
  verifyFailed: localText('server.error.verifyFailed'),
  invalidCredentials: INVALID_CREDENTIALS,
  maxLength50: localText('server.error.maxLength50'),
  emailInUse: localText('server.error.emailInUse'),
} as const;

/** The registration fields as an error names them ("Username: This field is required"). */
const FIELD_LABELS: Record<string, MessageId> = {
  firstname: 'server.field.firstname',
  lastname: 'server.field.lastname',
  username: 'server.field.username',
  password: 'server.field.password',
  email: 'server.field.email',
  loanno: 'server.field.loanno',
  ssn: 'server.field.ssn',
  dob: 'server.field.dob',
};

const USERNAME_PATTERN = /^[\w.@+-]+$/;

export function availableLoans(loans: Loan[]) {
  return loans.map((loan) => ({ loanno: loan.loanno, property_address: loan.propertyAddress }));
}

/**
 * Spaces around a username are a typing habit, never part of it (USERNAME_PATTERN refuses spaces
 * inside one): every route that takes a username trims it, so an API client is answered as the
 * portal's own forms are.
 */
function withTrimmedUsername<B extends { username: string }>(body: B): B {
  return { ...body, username: body.username.trim() };
}

export function accountRoutes(fastify: FastifyInstance, ctx: PortalContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { rateLimit: { max: ctx.options.rateLimitMax, timeWindow: 60_000 } };


  const checkCaptcha = async (request: FastifyRequest, token: string, action: CaptchaAction) => {
    if (!(await ctx.captcha.verify(token, action, request.ip))) {
      throw HttpError.errors(400, MESSAGES_SERVER.captchaFailed);
    }
  };

  app.post('/loanmanager/api/account/register/', {
    schema: { ...specCall('Register'), body: registrationSchema, response: answers({ 201: registrationResponseSchema, 400: registrationRefusalSchema, 409: errorBodySchema }, { unsafe: true }) },
    config: rateLimit,
  }, async (request, reply) => {
    const body = withTrimmedUsername(request.body);
    await checkCaptcha(request, body.recaptcha_response, 'registration');
    const fieldErrors = validateRegistration({
      ...body,
      password2: body.password,
      email2: body.email,
      // the rules take the date as typed (MM/DD/YYYY); an invalid ISO date becomes '' and fails
      dob: isoToDob(body.dob),
    });
    // `fields` names the refused fields, so the form takes its green ticks off those only
    const errors: LocalText[] = [];
    const fields = new Set<string>();
    const refuse = (field: string, message: MessageId | LocalText) => {
      const label = FIELD_LABELS[field];
      errors.push(
        localText('server.error.field', {
          field: label ? localText(label) : field,
          message: typeof message === 'string' ? localText(message) : message,
        }),
      );
      fields.add(field);
    };
    // the shared rules answer catalog ids (src/lib/validation/messages.ts)
    for (const [field, message] of Object.entries(fieldErrors)) refuse(field, message as MessageId);
    for (const field of ['firstname', 'lastname', 'username', 'email'] as const) {
      if (body[field].length > LIMITS.inputMaximum) refuse(field, MESSAGES_SERVER.maxLength50);
    }
    if (!fieldErrors.username && !USERNAME_PATTERN.test(body.username)) refuse('username', MESSAGES_SERVER.usernameCharacters);
    // server-side only (the list stays out of the client bundle), once the spec's rule is met
    const tooCommon = fieldErrors.password ? null : checkPasswordPolicy(body.password);
    if (tooCommon) refuse('password', tooCommon);
    if (errors.length > 0) throw new HttpError(400, { errors, fields: [...fields] });

    const match = await ctx.store.findLoanMatch(body.loanno, body.ssn, body.dob);
    // No `errors` list: the client shows its "unable to find your account" message.
    if (!match) throw new HttpError(400, { detail: 'no match', fields: ['loanno', 'ssn', 'dob'] });
    if (match.user) throw HttpError.errors(409, MESSAGES_SERVER.alreadyRegistered);
    if (await ctx.store.emailInUseByOtherUser(body.email, match.borrower.id)) {
      throw new HttpError(400, { errors: [MESSAGES_SERVER.emailInUse], fields: ['email'] });
    }

    const created = await ctx.store.createUserForBorrower({
      borrowerId: match.borrower.id,
      username: body.username,
      passwordHash: await hashPassword(body.password, ctx.options.scryptN),
      emailAddress: body.email,
      now: ctx.nowMs(),
      // the language the borrower registered in: their emails follow it
      locale: apiLocale(request),
    });
    if (!created.ok) {
      throw created.reason === 'already_registered'
        ? HttpError.errors(409, MESSAGES_SERVER.alreadyRegistered)
        : new HttpError(400, { errors: [MESSAGES_SERVER.usernameTaken], fields: ['username'] });
    }
    await signIn(ctx, request, reply, created.user.id, body.remember_this_browser);
    // the browser registered from is the user's first known one: signing in there later tells nothing
    await recognizeBrowser(ctx, request, reply, created.user.id);
    if (!(await ctx.store.isEmailValidated(match.borrower.id, body.email))) {
      await sendVerificationEmail(ctx, created.user, body.email, emailLocale(request, created.user));
      flagVerificationSent(request, reply);
    }
    request.log.info({ userId: created.user.id }, 'borrower registered');
    const loans = await ctx.store.loansOfBorrower(match.borrower.id);
    return sendJson(reply, 201, { available_loans: availableLoans(loans) });
  });

  app.post('/loanmanager/api/account/recover_username/', {
    schema: { ...specCall('Email the username'), body: recoverUsernameSchema, response: answers({ 200: recoverUsernameResponseSchema }, { unsafe: true }) },
    config: rateLimit,
  }, async (request, reply) => {
    const body = request.body;
    await checkCaptcha(request, body.recaptcha_response, 'recover_username');
    const match = await ctx.store.findLoanMatch(body.loanno, body.ssn, body.dob);
    const emailAddress = match?.borrower.emailAddress;
    if (!match?.user || !emailAddress) throw HttpError.errors(400, MESSAGES_SERVER.noRegistration);
    await ctx.mailer.send({
      to: emailAddress,
      ...usernameEmail(emailLocale(request, match.user), {
        username: match.user.username,
        signInUrl: `${ctx.options.publicUrl}/loanmanager/login/`,
      }),
      links: ['/loanmanager/login/'],
    });
    return sendJson(reply, 200, { email_address: maskEmail(emailAddress) });
  });

  app.post('/loanmanager/api/account/request_password_reset/', {
    schema: { ...specCall('Email a password reset link'), body: requestPasswordResetSchema, response: answers({ 200: emptyAnswerSchema }, { unsafe: true }) },
    config: rateLimit,
  }, async (request, reply) => {
    const body = withTrimmedUsername(request.body);
    await checkCaptcha(request, body.recaptcha_response, 'request_password_reset');
    const user = await ctx.store.findUserByUsername(body.username);
    const account = user ? await ctx.store.getAccount(user.id) : null;
    const emailAddress = account?.borrower.emailAddress;
    if (account && emailAddress) {
      const nonce = randomToken();
      const now = ctx.nowMs();
      const expiresAt = now + RESET_NONCE_MINUTES * 60 * 1000;
      await ctx.store.createNonce({
        purpose: 'password_reset',
        nonceHash: hashSecret(nonce),
        userId: account.user.id,
        emailAddress: null,
        now,
        expiresAt,
      });
      const link = `/loanmanager/reset_password/${nonce}/`;
      await ctx.mailer.send({
        to: emailAddress,
        ...passwordResetEmail(emailLocale(request, account.user), { url: `${ctx.options.publicUrl}${link}`, minutes: RESET_NONCE_MINUTES }),
        links: [link],
        expiresAt,
      });
    }
    // The same answer either way: whether a username exists is not disclosed.
    return sendJson(reply, 200, {});
  });

  app.post('/loanmanager/api/account/validate_nonce/', {
    schema: { ...specCall('Is this reset link still valid?'), body: validateNonceSchema, response: answers({ 200: validAnswerSchema }, { unsafe: true }) },
    config: rateLimit,
  }, async (request, reply) => {
    const body = request.body;
    const nonce = await ctx.store.findUsableNonce('password_reset', hashSecret(body.nonce), ctx.nowMs());
    if (!nonce) throw HttpError.errors(400, MESSAGES_SERVER.resetExpired);
    return sendJson(reply, 200, { valid: true });
  });

  app.post('/loanmanager/api/account/reset_password/', {
    schema: { ...specCall('Set a new password'), body: resetPasswordSchema, response: answers({ 200: emptyAnswerSchema }, { unsafe: true }) },
    config: rateLimit,
  }, async (request, reply) => {
    const body = request.body;
    const nonceHash = hashSecret(body.nonce);
    if (!(await ctx.store.findUsableNonce('password_reset', nonceHash, ctx.nowMs()))) {
      throw HttpError.errors(400, MESSAGES_SERVER.resetExpired);
    }
    const errors: LocalText[] = [];
    if (!checkPasswordRule(body.password).valid) errors.push(localText(MESSAGES.password));
    if (body.password.length > LIMITS.validatorMaximum) errors.push(localText(MESSAGES.maxLength200));
    const tooCommon = errors.length === 0 ? checkPasswordPolicy(body.password) : null;
    if (tooCommon) errors.push(localText(tooCommon));
    if (body.password !== body.password2) errors.push(localText(MESSAGES.passwordsDoNotMatch));
    if (errors.length > 0) throw new HttpError(400, { errors });
    const done = await ctx.store.completePasswordReset({
      nonceHash,
      passwordHash: await hashPassword(body.password, ctx.options.scryptN),
      now: ctx.nowMs(),
      keepSessionId: request.auth?.sessionId ?? null,
    });
    if (!done) throw HttpError.errors(400, MESSAGES_SERVER.resetExpired);
    // whoever was guessing the old password has nothing left to lock the borrower out with
    await ctx.store.clearLoginFailures(loginThrottleKey(done.username));
    request.log.info({ userId: done.userId }, 'password reset');
    const account = await ctx.store.getAccount(done.userId);
    if (account) await notifyBorrower(ctx, request, account.user, account.borrower.emailAddress, { kind: 'passwordChanged' });
    return sendJson(reply, 200, {});
  });

  app.post('/loanmanager/api/anon-user/verify_email/', {
    schema: { ...specCall('Verify an email address'), body: verifyRequestSchema, response: answers({ 200: emailValidatedAnswerSchema }, { unsafe: true }) },
    config: rateLimit,
  }, async (request, reply) => {
    const body = request.body;
    const done = await ctx.store.completeEmailVerification(hashSecret(body.nonce), ctx.nowMs());
    if (!done.ok) {
      throw HttpError.errors(400, done.reason === 'in_use' ? MESSAGES_SERVER.emailInUse : MESSAGES_SERVER.verifyFailed);
    }
    request.log.info({ userId: done.userId }, 'email address verified');
    if (done.previousEmailAddress && done.previousEmailAddress.toLowerCase() !== done.emailAddress.toLowerCase()) {
      const account = await ctx.store.getAccount(done.userId);
      if (account) await notifyAddressReplaced(ctx, request, account.user, done.previousEmailAddress, done.emailAddress);
    }
    return sendJson(reply, 200, { email_validated: true });
  });

  app.post('/loanmanager/api/account/login/', {
    schema: { ...addition('Sign in'), body: loginSchema, response: answers({ 200: loginResponseSchema, 400: wrongPasswordSchema }, { unsafe: true }) },
    config: rateLimit,
  }, async (request, reply) => {
    const body = withTrimmedUsername(request.body);
    const now = ctx.nowMs();
    // paused: the same answer for every password (refuseIfSignInPaused)
    await refuseIfSignInPaused(ctx, reply, body.username, now);
    const user = body.username.length <= LIMITS.inputMaximum ? await ctx.store.findUserByUsername(body.username) : null;
    const tooLong = body.password.length > LIMITS.validatorMaximum;
    // Unknown usernames cost one hash too, so response time does not reveal which exist.
    const matches = tooLong
      ? false
      : await verifyPassword(body.password, user?.passwordHash ?? (await dummyPasswordHash(ctx.options.scryptN)));
    if (!user || !matches) return answerWrongPassword(ctx, request, reply, body.username, user, now);
    await forgetWrongPasswords(ctx, body.username);
    if (needsRehash(user.passwordHash, ctx.options.scryptN)) {
      await ctx.store.updatePasswordHash(user.id, user.passwordHash, await hashPassword(body.password, ctx.options.scryptN));
    }
    await signIn(ctx, request, reply, user.id, false);
    await rememberLocale(ctx, request, user);
    request.log.info({ userId: user.id }, 'signed in');
    // A browser the user never signed in from is told of; the first one ever only starts the record
    // (a user registered, or signed in first, before browsers were recorded).
    if ((await recognizeBrowser(ctx, request, reply, user.id)) === 'new') {
      await noticeOf(ctx, request, user.id, {
        kind: 'newBrowser',
        browser: describeBrowser(request.headers['user-agent']),
        resetUrl: noticeUrl(ctx, PORTAL_URLS.requestPasswordReset),
      });
    }
    const loans = await ctx.store.loansOfBorrower(user.borrowerId);
    return sendJson(reply, 200, { available_loans: availableLoans(loans) });
  });

  // the global limit only: signing out is never refused for being frequent
  app.post('/loanmanager/api/account/logout/', {
    schema: { ...addition('Sign out'), body: emptyBodySchema, response: answers({ 200: emptyAnswerSchema }, { unsafe: true }) },
  }, async (request, reply) => {
    await signOut(ctx, request, reply);
    return sendJson(reply, 200, {});
  });
}
