/** Registration and username recovery (spec sections 2 and 7): a borrower found by loan number, SSN and date of birth. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RecoverUsername, Registration, RegistrationResponse, RecoverUsernameResponse } from '../../src/api/schemas';
import { isoToDob } from '../../src/lib/validation/dob';
import { LIMITS } from '../../src/lib/validation/messages';
import { validateRegistration } from '../../src/lib/validation/rules';
import type { MessageId } from '../../src/platform/i18n/messageId';
import { HttpError, type PortalContext } from '../http/context';
import { usernameEmail } from '../mail/emails';
import { localText, type LocalText } from '../http/i18n';
import { apiLocale, emailLocale } from '../http/locale';
import { maskEmail } from '../mail/mail';
import { checkPasswordPolicy } from '../auth/passwordPolicy';
import { flagPasskeyOffer, flagVerificationSent, hashPassword } from '../auth/security';
import { recognizeBrowser, signIn } from '../auth/sessions';
import { availableLoans, checkCaptcha, MESSAGES_SERVER, withTrimmedUsername } from './accountAnswers';
import { normalizeEmailAddress } from './emailAddress';
import { sendVerificationEmail } from './emailVerification';

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

/**
 * Registers the borrower the body names and signs them in: 400 with the refused `fields`, 400 without
 * an `errors` list when no loan matches, 409 when already registered. The address is sent a
 * verification link unless it was verified before.
 */
export async function register(ctx: PortalContext, request: FastifyRequest, reply: FastifyReply, sent: Registration): Promise<RegistrationResponse> {
  // the address's domain in lower case, as everywhere an address is taken (normalizeEmailAddress)
  const body = { ...withTrimmedUsername(sent), email: normalizeEmailAddress(sent.email) };
  await checkCaptcha(ctx, request, body.recaptcha_response, 'registration');
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
  const tooCommon = fieldErrors.password ? null : checkPasswordPolicy(body.password, { username: body.username });
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
  // the landing page offers a passkey once (issue 49, server/routes/passkeyOffer.ts)
  if (ctx.options.passkeys) flagPasskeyOffer(request, reply);
  if (!(await ctx.store.isEmailValidated(match.borrower.id, body.email))) {
    await sendVerificationEmail(ctx, created.user, body.email, emailLocale(request, created.user));
    flagVerificationSent(request, reply);
  }
  request.log.info({ userId: created.user.id }, 'borrower registered');
  const loans = await ctx.store.loansOfBorrower(match.borrower.id);
  return { available_loans: availableLoans(loans) };
}

/** Emails the username to the address on file of the borrower the body names; the address, masked. */
export async function recoverUsername(ctx: PortalContext, request: FastifyRequest, body: RecoverUsername): Promise<RecoverUsernameResponse> {
  await checkCaptcha(ctx, request, body.recaptcha_response, 'recover_username');
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
  return { email_address: maskEmail(emailAddress) };
}
