/**
 * What the routes declare besides the client's request schemas (src/api/contract.ts): the answers the
 * contract has no schema for, the error bodies, and how the API description (docs/api/openapi.json)
 * tells the spec's calls (section 7) from this server's own additions.
 */
import * as v from 'valibot';
import { object } from '../../src/lib/validation/schemaKit';
import { errorBodySchema, reauthRequiredSchema } from '../../src/api/contract';

/** The spec's calls (section 7), as a servicer's server must answer them. */
export const SPEC_TAG = 'Spec section 7';
/** What this reference server adds: a servicer's server need not have it. */
export const ADDITION_TAG = 'Portal additions';
export const PROBES_TAG = 'Health probes';
export const PAGES_TAG = 'Portal pages';

/** The operation fields of a spec call. */
export const specCall = (summary: string) => ({ tags: [SPEC_TAG], summary });

/** The operation fields of an addition: its tag, the `x-loanmanager-addition` extension, and the line that says so. */
export const addition = (summary: string) => ({
  tags: [ADDITION_TAG],
  summary,
  description: 'Our addition: not in the borrower portal spec (section 7); a servicer’s server need not have it.',
  'x-loanmanager-addition': true,
});

/** `{}`: the answer of a call whose body the spec does not name. */
export const emptyAnswerSchema = object({});
/** The reset request's answer, the same for every username: how long the emailed link works (`link_minutes`, our addition; the spec names no field). */
export const resetRequestAnswerSchema = object({ link_minutes: v.pipe(v.number(), v.safeInteger(), v.gtValue(0)) });
export const validAnswerSchema = object({ valid: v.literal(true) });
export const emailValidatedAnswerSchema = object({ email_validated: v.literal(true) });
export const electdocsAnswerSchema = object({ electdocs: v.boolean() });

/** 403: a refused CSRF check, or a change of the address on file without a recent re-authentication. */
export const refusedOrReauthSchema = v.union([errorBodySchema, reauthRequiredSchema]);

/** A refused registration: the `errors` list (with the refused `fields`), or no list when no loan matched. */
export const registrationRefusalSchema = v.union([
  object({ errors: v.array(v.string()), fields: v.optional(v.array(v.string())) }),
  object({ detail: v.string(), fields: v.array(v.string()) }),
]);

/** A refused new password: the `errors` list with the refused `fields`; an expired link's refusal names none. */
export const passwordRefusalSchema = object({ errors: v.array(v.string()), fields: v.optional(v.array(v.string())) });

/** A wrong password: the text, and before the last attempt the attempts left and the pause in minutes. */
export const wrongPasswordSchema = object({
  errors: v.array(v.string()),
  attempts_left: v.optional(v.number()),
  lockout_minutes: v.optional(v.number()),
});

/** Paused sign-in (or too many requests): 429 with the pause in minutes when it is sign-in's. */
const tooManySchema = object({ errors: v.array(v.string()), lockout_minutes: v.optional(v.number()) });

/** Every error answer the API can give before or besides a route's own: refused body (400), CSRF (403 on
 * unsafe methods), too large (413), wrong content type (415), rate limit (429), unexpected (500). */
const commonErrors = { 400: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema, 429: tooManySchema, 500: errorBodySchema };

/**
 * A route's answers: its own, plus the common errors; `signedIn` adds 401, `unsafe` (a POST) adds 403,
 * `hashes` (it hashes or checks a password) adds 503: every hashing thread busy and its queue full
 * (server/passwordHashing.ts), with `Retry-After`.
 */
export function answers<T extends Record<number, v.GenericSchema>>(own: T, { signedIn = false, unsafe = false, hashes = false } = {}) {
  return {
    ...commonErrors,
    ...(signedIn ? { 401: errorBodySchema } : {}),
    ...(unsafe ? { 403: errorBodySchema } : {}),
    ...(hashes ? { 503: errorBodySchema } : {}),
    ...own,
  };
}
