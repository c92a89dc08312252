/**
 * The one schema source for the /loanmanager/api/ contract (spec sections 3 and 7).
 * The client uses these schemas for its local "required payload is missing" checks and
 * for the TypeScript types; the reference server validates request bodies with them.
 * valibot, as the config (src/platform/config.ts): one schema library, bundled function by
 * function (bench/RESULTS.md, "Page weight").
 */
import * as v from 'valibot';
import { looseObject, object, strictObject } from '../lib/validation/schemaKit';
import { CSRF_REFUSAL_CODES } from './csrf';
import { POPUP_IDS } from './popupKinds';

const requiredString = () => v.pipe(v.string(), v.minLength(1));

export const popupIdSchema = v.picklist(POPUP_IDS);

/** One popup the server asks the client to show. Unknown ids are tolerated here and skipped later. */
const popupItemSchema = object({
  id: v.string(),
  sub_type: v.optional(v.nullable(v.string())),
  tax_year: v.optional(v.nullable(v.union([v.number(), v.string()]))),
  email: v.optional(v.nullable(v.string())),
});
export const popupListSchema = v.array(popupItemSchema);

export const popupRequestSchema = strictObject({ coacct: requiredString() });
export const markPopupSeenSchema = strictObject({ id_to_mark_as_seen: requiredString() });
/** The tax popup's "Don't show again" (spec), and a declined offer, which then rests (server/services/popups.ts; docs/spec-deviations.md). */
export const dismissPopupSchema = strictObject({ id_to_dismiss: v.picklist(['tax-reminder', 'go-green-auto-pay']) });

/**
 * One item of `available_loans (list)`: the spec does not say what an item is. The portal reads only
 * the list's length (one loan: the overview; several: loan selection), so any reasonable item passes:
 * a `{loanno, property_address}` object (the reference server's), an object with other fields, or a
 * plain loan number as a string or a number. Nothing of an item is read.
 */
const loanSummarySchema = v.union([v.string(), v.number(), looseObject({})]);

export const registrationSchema = strictObject({
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
  remember_this_browser: v.boolean(),
  recaptcha_response: requiredString(),
});
export const registrationResponseSchema = object({ available_loans: v.array(loanSummarySchema) });

export const recoverUsernameSchema = strictObject({
  loanno: requiredString(),
  ssn: requiredString(),
  dob: requiredString(),
  recaptcha_response: requiredString(),
});
/**
 * The address the username went to, masked (spec section 3). Missing or not a string, the borrower is
 * still told the username was sent, without the address: the 2xx says it was.
 */
export const recoverUsernameResponseSchema = object({ email_address: v.optional(v.nullable(v.unknown())) });

/**
 * The reset request's answer: the spec names no field. The reference server adds how long the
 * emailed link works (`link_minutes`, its RESET_NONCE_MINUTES), which the success notice states; any
 * other answer passes and the notice then says the link works for a limited time.
 */
export const requestPasswordResetResponseSchema = object({ link_minutes: v.optional(v.unknown()) });

export const requestPasswordResetSchema = strictObject({
  username: requiredString(),
  recaptcha_response: requiredString(),
});

export const validateNonceSchema = strictObject({ nonce: requiredString() });
export const resetPasswordSchema = strictObject({
  nonce: requiredString(),
  password: requiredString(),
  password2: requiredString(),
});
export const verifyRequestSchema = strictObject({ nonce: requiredString() });

export const goGreenInfoSchema = object({
  email_address: v.string(),
  email_validated: v.boolean(),
  /** true when the borrower has already elected electronic documents */
  electdocs: v.boolean(),
  /** HTML; always sanitized before it is rendered */
  disclosures: v.string(),
});

export const goGreenOptInSchema = strictObject({
  time_zone: requiredString(),
  browser: requiredString(),
  os: requiredString(),
  email: requiredString(),
});

export const emailQuerySchema = strictObject({ email_address: requiredString() });
export const requestEmailChangeSchema = strictObject({ email_address: requiredString() });
/**
 * `link_expires_in_seconds` (our addition, optional: a servicer's server may leave it out): how long
 * the verification link just sent works, so the page can say so.
 */
export const requestEmailChangeResponseSchema = object({
  requires_validation: v.boolean(),
  link_expires_in_seconds: v.optional(v.number()),
});
export const isValidatedResponseSchema = object({ validated: v.boolean() });
/**
 * When the signed-in session ends, in seconds from now, unless another request comes
 * (`expires_in_seconds`); how long any later request keeps it for at least (`idle_timeout_seconds`);
 * and its absolute end, which no request moves (`max_expires_in_seconds`). All null for an API
 * token, which does not idle out.
 */
export const sessionTimeoutSchema = object({
  expires_in_seconds: v.nullable(v.number()),
  idle_timeout_seconds: v.nullable(v.number()),
  max_expires_in_seconds: v.nullable(v.number()),
});

/** Sign-in is beyond the spec; the reference server adds it so the signed-in parts can be reached. */
export const loginSchema = strictObject({ username: requiredString(), password: requiredString() });
export const loginResponseSchema = object({ available_loans: v.array(loanSummarySchema) });

/**
 * Re-authentication (our addition, docs/security.md): a signed-in session proves the password again
 * (`POST user/confirm_password/`), which opens a 10-minute window for that session alone; outside
 * it, a change of the address on file (`user/request_email_change/`, an opt-in naming another
 * address) answers 403 with `reauthRequiredSchema`'s body and changes nothing. A wrong password
 * answers 400 with `errorBodySchema` and counts towards the sign-in lockout (429 once paused).
 */
export const confirmPasswordSchema = strictObject({ password: requiredString() });
export const confirmPasswordResponseSchema = object({ reauth_expires_in_seconds: v.number() });
export const reauthRequiredSchema = object({ reauth_required: v.literal(true) });

/**
 * Passkeys (our addition, issue 49; docs/security.md, "Passkeys"): WebAuthn's own JSON, as the browser
 * makes it (@simplewebauthn/browser) and the server checks it (@simplewebauthn/server). A ceremony's
 * options are the server's to shape: only their challenge is named here. The credential's fields are
 * base64url texts; the server checks everything else, and refuses every bad one with the same answer.
 */
const base64url = () => v.pipe(v.string(), v.minLength(1), v.maxLength(16_384), v.regex(/^[A-Za-z0-9_-]+={0,2}$/));
export const passkeyOptionsSchema = looseObject({ challenge: v.string() });
const passkeyCredentialSchema = looseObject({
  id: base64url(),
  rawId: base64url(),
  type: v.literal('public-key'),
  response: looseObject({ clientDataJSON: base64url() }),
  clientExtensionResults: v.optional(looseObject({})),
});
export const passkeySignInSchema = strictObject({ credential: passkeyCredentialSchema });
/** The borrower's name for a passkey: up to 60 characters, not only spaces (the server drops the spaces around it). */
export const PASSKEY_NAME_MAXIMUM = 60;
const passkeyNameSchema = v.pipe(v.string(), v.maxLength(PASSKEY_NAME_MAXIMUM), v.regex(/\S/));
export const addPasskeySchema = strictObject({ credential: passkeyCredentialSchema, name: passkeyNameSchema });
export const renamePasskeySchema = strictObject({ id: v.pipe(v.number(), v.safeInteger()), name: passkeyNameSchema });
export const removePasskeySchema = strictObject({ id: v.pipe(v.number(), v.safeInteger()) });
/** A passkey as its owner sees it: times as ISO 8601; `synced`: its provider keeps copies on other devices. */
export const passkeyItemSchema = object({
  id: v.number(),
  name: v.string(),
  created_at: v.string(),
  last_used_at: v.nullable(v.string()),
  synced: v.boolean(),
});
export const passkeyListSchema = object({ passkeys: v.array(passkeyItemSchema) });

/** The error body every 4xx of the reference server carries. */
export const errorBodySchema = object({ errors: v.array(v.string()) });

/** A CSRF refusal (403): the text for people, the `code` for the widgets (src/api/csrf.ts). */
export const csrfRefusalSchema = object({ errors: v.array(v.string()), code: v.picklist(CSRF_REFUSAL_CODES) });
export { CSRF_TOKEN_PATH, type CsrfRefusalCode } from './csrf';

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

export type PopupItem = v.InferOutput<typeof popupItemSchema>;
export type PopupRequest = v.InferOutput<typeof popupRequestSchema>;
export type MarkPopupSeen = v.InferOutput<typeof markPopupSeenSchema>;
export type DismissPopup = v.InferOutput<typeof dismissPopupSchema>;
export type Registration = v.InferOutput<typeof registrationSchema>;
export type RegistrationResponse = v.InferOutput<typeof registrationResponseSchema>;
export type RecoverUsername = v.InferOutput<typeof recoverUsernameSchema>;
export type RecoverUsernameResponse = v.InferOutput<typeof recoverUsernameResponseSchema>;
export type RequestPasswordReset = v.InferOutput<typeof requestPasswordResetSchema>;
export type RequestPasswordResetResponse = v.InferOutput<typeof requestPasswordResetResponseSchema>;
export type ValidateNonce = v.InferOutput<typeof validateNonceSchema>;
export type ResetPassword = v.InferOutput<typeof resetPasswordSchema>;
export type VerifyRequest = v.InferOutput<typeof verifyRequestSchema>;
export type GoGreenInfo = v.InferOutput<typeof goGreenInfoSchema>;
export type GoGreenOptIn = v.InferOutput<typeof goGreenOptInSchema>;
export type EmailQuery = v.InferOutput<typeof emailQuerySchema>;
export type RequestEmailChange = v.InferOutput<typeof requestEmailChangeSchema>;
export type RequestEmailChangeResponse = v.InferOutput<typeof requestEmailChangeResponseSchema>;
export type IsValidatedResponse = v.InferOutput<typeof isValidatedResponseSchema>;
export type SessionTimeout = v.InferOutput<typeof sessionTimeoutSchema>;
export type Login = v.InferOutput<typeof loginSchema>;
export type LoginResponse = v.InferOutput<typeof loginResponseSchema>;
export type ConfirmPassword = v.InferOutput<typeof confirmPasswordSchema>;
export type ConfirmPasswordResponse = v.InferOutput<typeof confirmPasswordResponseSchema>;
export type PasskeyCredential = v.InferOutput<typeof passkeyCredentialSchema>;
export type PasskeyItem = v.InferOutput<typeof passkeyItemSchema>;
export type PasskeyList = v.InferOutput<typeof passkeyListSchema>;
