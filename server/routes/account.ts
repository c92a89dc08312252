/**
 * The anonymous account endpoints (spec section 7) plus sign-in and sign-out:
 * /loanmanager/api/account/* and /loanmanager/api/anon-user/verify_email/.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  loginSchema,
  recoverUsernameSchema,
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
import type { Locale } from '../../src/platform/i18n/locales';
import type { MessageId } from '../../src/platform/i18n/messageId';
import type { CaptchaAction } from '../captcha';
import { HttpError, parseWith, requireEmptyBody, sendJson, type PortalContext } from '../context';
import type { Loan, User } from '../db/store';
import { accountNoticeEmail, describeBrowser, passwordResetEmail, recipientLocale, usernameEmail, verificationEmail, type AccountNotice } from '../emails';
import { localText, type LocalText } from '../i18n';
import { apiLocale, emailLocale, rememberLocale } from '../locale';
import { maskEmail } from '../mail';
import { checkPasswordPolicy } from '../passwordPolicy';
import {
  RESET_NONCE_MINUTES,
  VERIFY_NONCE_HOURS,
  flagVerificationSent,
  hashPassword,
  hashSecret,
  needsRehash,
  randomToken,
  verifyLoginPassword,
} from '../security';
import { recognizeBrowser, signIn, signOut } from '../sessions';

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
  invalidCredentials: localText('server.error.invalidCredentials'),
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

/** The emailed verification link for an address (register, email change, go green), in `locale`: the
 * language of the request that asked for it (server/locale.ts `emailLocale`). */
export async function sendVerificationEmail(ctx: PortalContext, user: Pick<User, 'id'>, emailAddress: string, locale: Locale) {
  const nonce = randomToken();
  const now = ctx.nowMs();
  const expiresAt = now + VERIFY_NONCE_HOURS * 3600 * 1000;
  await ctx.store.createNonce({
    purpose: 'verify_email',
    nonceHash: hashSecret(nonce),
    userId: user.id,
    emailAddress,
    now,
    expiresAt,
  });
  const link = `/loanmanager/verify_email/?nonce=${nonce}`;
  await ctx.mailer.send({
    to: emailAddress,
    ...verificationEmail(locale, { url: `${ctx.options.publicUrl}${link}`, hours: VERIFY_NONCE_HOURS }),
    links: [link],
    expiresAt,
  });
}

/** The portal pages each notice links to (written out in full in its text). */
const NOTICE_LINKS: Record<AccountNotice['kind'], string[]> = {
  passwordChanged: [],
  addressChanged: [PORTAL_URLS.requestPasswordReset],
  paperlessOn: [PORTAL_URLS.goGreen],
  paperlessOff: [PORTAL_URLS.goGreen],
  signInPaused: [PORTAL_URLS.requestPasswordReset],
  newBrowser: [PORTAL_URLS.requestPasswordReset],
};

/**
 * Tells the borrower of a change to their account, or of sign-in paused (OWASP ASVS 2.2.3), so that
 * what they did not do is seen: at `to`, an address of theirs (none on file: nobody to tell). Queued
 * once the change is stored; a failure to queue it is logged and neither fails nor undoes the change.
 */
export async function notifyBorrower(
  ctx: PortalContext,
  request: FastifyRequest,
  user: Pick<User, 'id' | 'locale'>,
  to: string | null | undefined,
  change: AccountNotice,
) {
  if (!to) return;
  // In the language of the request that caused it, except sign-in paused: wrong passwords, which
  // anyone can type, cause it, and the owner reads it in their saved language (docs/server.md).
  const locale = change.kind === 'signInPaused' ? recipientLocale(user) : emailLocale(request, user);
  try {
    await ctx.mailer.send({
      to,
      ...accountNoticeEmail(locale, change, ctx.options.help),
      links: NOTICE_LINKS[change.kind],
    });
  } catch (error) {
    request.log.error({ err: error, userId: user.id, change: change.kind }, 'account notice not queued');
  }
}

/** The absolute address of a portal page, for a notice's text. */
export const noticeUrl = (ctx: PortalContext, path: string) => `${ctx.options.publicUrl}${path}`;

/**
 * Tells the address on file that another replaced it, with the way to a new password (docs/security.md,
 * "Re-authentication and the address on file"): every path that changes the address on file calls
 * this once the change is stored (the verification link, putting back an address verified before,
 * an opt-in naming another one).
 * Nothing when there was none, or the new one is the same address.
 */
export async function notifyAddressReplaced(
  ctx: PortalContext,
  request: FastifyRequest,
  user: Pick<User, 'id' | 'locale'>,
  previousAddress: string | null,
  newAddress: string,
) {
  if (!previousAddress || previousAddress.toLowerCase() === newAddress.toLowerCase()) return;
  await notifyBorrower(ctx, request, user, previousAddress, {
    kind: 'addressChanged',
    address: maskEmail(newAddress),
    resetUrl: noticeUrl(ctx, PORTAL_URLS.requestPasswordReset),
  });
}

/** A notice to a user's address on file, for the sign-in, which has the user's id only. Never throws:
 * the paused sign-in's notice is not awaited (see there). */
async function noticeOf(ctx: PortalContext, request: FastifyRequest, userId: number, notice: AccountNotice) {
  try {
    const account = await ctx.store.getAccount(userId);
    if (account) await notifyBorrower(ctx, request, account.user, account.borrower.emailAddress, notice);
  } catch (error) {
    request.log.error({ err: error, userId, change: notice.kind }, 'account notice not queued');
  }
}

/**
 * Spaces around a username are a typing habit, never part of it (USERNAME_PATTERN refuses spaces
 * inside one): every route that takes a username trims it, so an API client is answered as the
 * portal's own forms are.
 */
function withTrimmedUsername<B extends { username: string }>(body: B): B {
  return { ...body, username: body.username.trim() };
}

/** What sign-in failures are counted by: the username as the borrower would retype it. Re-authentication
 * (user/confirm_password/) counts its wrong passwords under the same key. */
export const loginThrottleKey = (username: string) => hashSecret(`login:${username.trim().toLowerCase()}`);

/**
 * The answer of a paused sign-in, the same for every password and every username, existing or not:
 * 429, `retry-after`, and the pause in minutes (the config's, as the notice emailed says it) in the
 * text and as `lockout_minutes` for the portal's sign-in page, which says it in its own words.
 */
function signInPaused(ctx: PortalContext, reply: FastifyReply, retryAfterMs: number): HttpError {
  void reply.header('retry-after', String(Math.ceil(retryAfterMs / 1000)));
  const minutes = ctx.options.loginLockoutMinutes;
  return new HttpError(429, { errors: [localText('server.error.signInLocked', { minutes })], lockout_minutes: minutes });
}

/**
 * Throws the paused answer when `username`'s sign-in is paused. Checked before the password:
 * a paused username answers the same for every password, so the pause reveals neither.
 */
export async function refuseIfSignInPaused(ctx: PortalContext, reply: FastifyReply, username: string, now: number) {
  const throttle = await ctx.store.loginThrottle(loginThrottleKey(username), now);
  if (throttle.locked) throw signInPaused(ctx, reply, throttle.retryAfterMs);
}

/** The right password for `username`: its count of wrong ones starts again. */
export async function forgetWrongPasswords(ctx: PortalContext, username: string) {
  await ctx.store.clearLoginFailures(loginThrottleKey(username));
}

/**
 * The answer to a wrong password for `username` (sign-in, and every route that asks a signed-in
 * borrower for their password again: they count towards the same pause). Counted per username
 * whether it exists or not (`user` null), so the answers and their timing say nothing of which
 * exist. Always throws:
 * - the failure that reaches `loginFailuresMax`: the paused answer (429), as the attempts after it
 *   get, and the notice to the borrower (a real account only, not awaited: the answer takes no
 *   longer for a username that exists than for one that does not);
 * - the failure before it: 400 with a second text and `attempts_left: 1`, `lockout_minutes`;
 * - any other: 400, the wrong-password text.
 * `wrongPassword` is that text: sign-in's "Invalid username or password." by default; a route that
 * asks a signed-in borrower for their password passes its own.
 */
export async function answerWrongPassword(
  ctx: PortalContext,
  request: FastifyRequest,
  reply: FastifyReply,
  username: string,
  user: Pick<User, 'id'> | null,
  now: number,
  wrongPassword: LocalText = MESSAGES_SERVER.invalidCredentials,
): Promise<never> {
  const throttleKey = loginThrottleKey(username);
  const failures = await ctx.store.recordLoginFailure(throttleKey, now);
  const max = ctx.options.loginFailuresMax;
  const minutes = ctx.options.loginLockoutMinutes;
  if (user && failures === max) {
    void noticeOf(ctx, request, user.id, {
      kind: 'signInPaused',
      failures,
      minutes,
      resetUrl: noticeUrl(ctx, PORTAL_URLS.requestPasswordReset),
    });
  }
  if (failures >= max) {
    const throttle = await ctx.store.loginThrottle(throttleKey, now);
    throw signInPaused(ctx, reply, throttle.locked ? throttle.retryAfterMs : minutes * 60_000);
  }
  if (failures === max - 1) {
    throw new HttpError(400, {
      errors: [wrongPassword, localText('server.error.oneAttemptLeft', { minutes })],
      attempts_left: 1,
      lockout_minutes: minutes,
    });
  }
  throw HttpError.errors(400, wrongPassword);
}

/** A reset link to the address on file of `username`, if there is such a user with an address. Never throws. */
async function sendResetLink(ctx: PortalContext, request: FastifyRequest, username: string) {
  try {
    const user = await ctx.store.findUserByUsername(username);
    const account = user ? await ctx.store.getAccount(user.id) : null;
    const emailAddress = account?.borrower.emailAddress;
    if (!account || !emailAddress) return;
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
  } catch (error) {
    request.log.error({ err: error }, 'password reset link not sent');
  }
}

export function accountRoutes(app: FastifyInstance, ctx: PortalContext) {
  const rateLimit = { rateLimit: { max: ctx.options.rateLimitMax, timeWindow: 60_000 } };

  const post = (
    path: string,
    handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
    limited = true,
  ) => app.post(path, { config: limited ? rateLimit : {} }, handler);

  const checkCaptcha = async (request: FastifyRequest, token: string, action: CaptchaAction) => {
    if (!(await ctx.captcha.verify(token, action, request.ip))) {
      throw HttpError.errors(400, MESSAGES_SERVER.captchaFailed);
    }
  };

  post('/loanmanager/api/account/register/', async (request, reply) => {
    const body = withTrimmedUsername(parseWith(registrationSchema, request.body));
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

  post('/loanmanager/api/account/recover_username/', async (request, reply) => {
    const body = parseWith(recoverUsernameSchema, request.body);
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

  post('/loanmanager/api/account/request_password_reset/', async (request, reply) => {
    const body = withTrimmedUsername(parseWith(requestPasswordResetSchema, request.body));
    await checkCaptcha(request, body.recaptcha_response, 'request_password_reset');
    // The same answer, after the same work, whether the username exists or not: the lookup, the
    // link and its mail come once the answer has gone (a real username answered measurably slower
    // when they came first, issue 38). A failure then is logged; the borrower asks again.
    const answered = new Promise<void>((resolve) => {
      // once the answer is out, and after whatever else was waiting for it
      const later = () => setImmediate(resolve);
      void reply.then(later, later);
    });
    ctx.mailer.afterAnswer(answered.then(() => sendResetLink(ctx, request, body.username)));
    // How long a link works is the same for all, and the form's notice states it (issue 39).
    return sendJson(reply, 200, { link_minutes: RESET_NONCE_MINUTES });
  });

  post('/loanmanager/api/account/validate_nonce/', async (request, reply) => {
    const body = parseWith(validateNonceSchema, request.body);
    const nonce = await ctx.store.findUsableNonce('password_reset', hashSecret(body.nonce), ctx.nowMs());
    if (!nonce) throw HttpError.errors(400, MESSAGES_SERVER.resetExpired);
    return sendJson(reply, 200, { valid: true });
  });

  post('/loanmanager/api/account/reset_password/', async (request, reply) => {
    const body = parseWith(resetPasswordSchema, request.body);
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

  post('/loanmanager/api/anon-user/verify_email/', async (request, reply) => {
    const body = parseWith(verifyRequestSchema, request.body);
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

  post('/loanmanager/api/account/login/', async (request, reply) => {
    const body = withTrimmedUsername(parseWith(loginSchema, request.body));
    const now = ctx.nowMs();
    // paused: the same answer for every password (refuseIfSignInPaused)
    await refuseIfSignInPaused(ctx, reply, body.username, now);
    const user = body.username.length <= LIMITS.inputMaximum ? await ctx.store.findUserByUsername(body.username) : null;
    const tooLong = body.password.length > LIMITS.validatorMaximum;
    // Unknown usernames and old, cheaper hashes cost one hash at the current cost: the time tells nothing.
    const matches = tooLong ? false : await verifyLoginPassword(body.password, user?.passwordHash ?? null, ctx.options.scryptN);
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

  post(
    '/loanmanager/api/account/logout/',
    async (request, reply) => {
      requireEmptyBody(request.body);
      await signOut(ctx, request, reply);
      return sendJson(reply, 200, {});
    },
    false,
  );
}
