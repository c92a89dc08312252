/**
 * The one schema source for the /loanmanager/api/ contract (spec sections 3 and 7).
 * The client uses these schemas for its local "required payload is missing" checks and
 * for the TypeScript types; the reference server validates request bodies with them.
 * zod/mini keeps the client bundle small (it tree-shakes per check).
 */
import * as z from 'zod/mini';
import { POPUP_IDS } from './popupKinds';

const requiredString = () => z.string().check(z.minLength(1));

export const popupIdSchema = z.enum(POPUP_IDS);

/** One popup the server asks the client to show. Unknown ids are tolerated here and skipped later. */
const popupItemSchema = z.object({
  id: z.string(),
  sub_type: z.optional(z.nullable(z.string())),
  tax_year: z.optional(z.nullable(z.union([z.number(), z.string()]))),
  email: z.optional(z.nullable(z.string())),
});
export const popupListSchema = z.array(popupItemSchema);

export const popupRequestSchema = z.strictObject({ coacct: requiredString() });
export const markPopupSeenSchema = z.strictObject({ id_to_mark_as_seen: requiredString() });
/** The tax popup's "Don't show again" (spec), and a declined offer, which then rests (server/popups.ts; docs/spec-deviations.md). */
export const dismissPopupSchema = z.strictObject({ id_to_dismiss: z.enum(['tax-reminder', 'go-green-auto-pay']) });

/**
 * One item of `available_loans (list)`: the spec does not say what an item is. The portal reads only
 * the list's length (one loan: the overview; several: loan selection), so any reasonable item passes:
 * a `{loanno, property_address}` object (the reference server's), an object with other fields, or a
 * plain loan number as a string or a number. Nothing of an item is read.
 */
const loanSummarySchema = z.union([z.string(), z.number(), z.looseObject({})]);

export const registrationSchema = z.strictObject({
  firstname: requiredString(),
  lastname: requiredString(),
  username: requiredString(),
  password: requiredString(),
  email: requiredString(),
  loanno: requiredString(),
  /** Digits only: hyphens are removed before sending. */
  ssn: requiredString(),
  /** YYYY-MM-DD */
  dob: requiredString(),
  remember_this_browser: z.boolean(),
  recaptcha_response: requiredString(),
});
export const registrationResponseSchema = z.object({ available_loans: z.array(loanSummarySchema) });

export const recoverUsernameSchema = z.strictObject({
  loanno: requiredString(),
  ssn: requiredString(),
  dob: requiredString(),
  recaptcha_response: requiredString(),
});
/**
 * The address the username went to, masked (spec section 3). Missing or not a string, the borrower is
 * still told the username was sent, without the address: the 2xx says it was.
 */
export const recoverUsernameResponseSchema = z.object({ email_address: z.optional(z.nullable(z.unknown())) });

/**
 * The reset request's answer: the spec names no field. The reference server adds how long the
 * emailed link works (`link_minutes`, its RESET_NONCE_MINUTES), which the success notice states; any
 * other answer passes and the notice then says the link works for a limited time.
 */
export const requestPasswordResetResponseSchema = z.object({ link_minutes: z.optional(z.unknown()) });

export const requestPasswordResetSchema = z.strictObject({
  username: requiredString(),
  recaptcha_response: requiredString(),
});

export const validateNonceSchema = z.strictObject({ nonce: requiredString() });
export const resetPasswordSchema = z.strictObject({
  nonce: requiredString(),
  password: requiredString(),
  password2: requiredString(),
});
export const verifyRequestSchema = z.strictObject({ nonce: requiredString() });

export const goGreenInfoSchema = z.object({
  email_address: z.string(),
  email_validated: z.boolean(),
  /** true when the borrower has already elected electronic documents */
  electdocs: z.boolean(),
  /** HTML; always sanitized before it is rendered */
  disclosures: z.string(),
});

export const goGreenOptInSchema = z.strictObject({
  time_zone: requiredString(),
  browser: requiredString(),
  os: requiredString(),
  email: requiredString(),
});

export const emailQuerySchema = z.strictObject({ email_address: requiredString() });
export const requestEmailChangeSchema = z.strictObject({ email_address: requiredString() });
/**
 * `link_expires_in_seconds` (our addition, optional: a servicer's server may leave it out): how long
 * the verification link just sent works, so the page can say so.
 */
export const requestEmailChangeResponseSchema = z.object({
  requires_validation: z.boolean(),
  link_expires_in_seconds: z.optional(z.number()),
});
export const isValidatedResponseSchema = z.object({ validated: z.boolean() });
/**
 * When the signed-in session ends, in seconds from now, unless another request comes
 * (`expires_in_seconds`); how long any later request keeps it for at least (`idle_timeout_seconds`);
 * and its absolute end, which no request moves (`max_expires_in_seconds`). All null for an API
 * token, which does not idle out.
 */
export const sessionTimeoutSchema = z.object({
  expires_in_seconds: z.nullable(z.number()),
  idle_timeout_seconds: z.nullable(z.number()),
  max_expires_in_seconds: z.nullable(z.number()),
});

/** Sign-in is beyond the spec; the reference server adds it so the signed-in parts can be reached. */
export const loginSchema = z.strictObject({ username: requiredString(), password: requiredString() });
export const loginResponseSchema = z.object({ available_loans: z.array(loanSummarySchema) });

/**
 * Re-authentication (our addition, docs/security.md): a signed-in session proves the password again
 * (`POST user/confirm_password/`), which opens a 10-minute window for that session alone; outside
 * it, a change of the address on file (`user/request_email_change/`, an opt-in naming another
 * address) answers 403 with `reauthRequiredSchema`'s body and changes nothing. A wrong password
 * answers 400 with `errorBodySchema` and counts towards the sign-in lockout (429 once paused).
 */
export const confirmPasswordSchema = z.strictObject({ password: requiredString() });
export const confirmPasswordResponseSchema = z.object({ reauth_expires_in_seconds: z.number() });
export const reauthRequiredSchema = z.object({ reauth_required: z.literal(true) });

/** The error body every 4xx of the reference server carries. */
export const errorBodySchema = z.object({ errors: z.array(z.string()) });

/** Spec section 7's table, copied verbatim: method and path (under /loanmanager/api/) of each call. */
export const SPEC_CALLS = [
  'POST account/recover_username/',
  'POST account/register/',
  'POST account/request_password_reset/',
  'POST account/reset_password/',
  'POST account/validate_nonce/',
  'POST anon-user/verify_email/',
  'POST go-green/opt_in/',
  'POST go-green/opt_out/',
  'GET go-green/status/',
  'GET user/check_email_address/',
  'POST user/dismiss_popup/',
  'GET user/is_validated/',
  'POST user/popup/',
  'POST user/request_email_change/',
  'POST user/set_popup_seen/',
] as const;

export type PopupItem = z.infer<typeof popupItemSchema>;
export type PopupRequest = z.infer<typeof popupRequestSchema>;
export type MarkPopupSeen = z.infer<typeof markPopupSeenSchema>;
export type DismissPopup = z.infer<typeof dismissPopupSchema>;
export type Registration = z.infer<typeof registrationSchema>;
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;
export type RecoverUsername = z.infer<typeof recoverUsernameSchema>;
export type RecoverUsernameResponse = z.infer<typeof recoverUsernameResponseSchema>;
export type RequestPasswordReset = z.infer<typeof requestPasswordResetSchema>;
export type RequestPasswordResetResponse = z.infer<typeof requestPasswordResetResponseSchema>;
export type ValidateNonce = z.infer<typeof validateNonceSchema>;
export type ResetPassword = z.infer<typeof resetPasswordSchema>;
export type VerifyRequest = z.infer<typeof verifyRequestSchema>;
export type GoGreenInfo = z.infer<typeof goGreenInfoSchema>;
export type GoGreenOptIn = z.infer<typeof goGreenOptInSchema>;
export type EmailQuery = z.infer<typeof emailQuerySchema>;
export type RequestEmailChange = z.infer<typeof requestEmailChangeSchema>;
export type RequestEmailChangeResponse = z.infer<typeof requestEmailChangeResponseSchema>;
export type IsValidatedResponse = z.infer<typeof isValidatedResponseSchema>;
export type SessionTimeout = z.infer<typeof sessionTimeoutSchema>;
export type Login = z.infer<typeof loginSchema>;
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export type ConfirmPassword = z.infer<typeof confirmPasswordSchema>;
export type ConfirmPasswordResponse = z.infer<typeof confirmPasswordResponseSchema>;
