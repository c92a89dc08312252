/**
 * What the routes declare besides the client's request schemas (src/api/schemas.ts): the answers the
 * contract has no schema for, the error bodies, and how the API description (docs/api/openapi.json)
 * tells the spec's calls (section 7) from this server's own additions.
 */
import * as v from 'valibot';
import { object } from '../../src/lib/validation/schemaKit';
import { csrfRefusalSchema, errorBodySchema, reauthRequiredSchema } from '../../src/api/schemas';

/** The spec's calls (section 7), as a servicer's server must answer them. */
export const SPEC_TAG = 'Spec section 7';
/** What this reference server adds: a servicer's server need not have it. */
export const ADDITION_TAG = 'Portal additions';
export const PROBES_TAG = 'Health probes';
export const PAGES_TAG = 'Portal pages';

/**
 * The mark that puts an operation in the widgets' contract (docs/api/widgets-contract.json, generated
 * with docs/api/openapi.json): `required`, every spec call (`specCall`); `optional`, an addition the
 * widgets use when the servicer's server has it (`usedByWidgets`), with what they do without it.
 */
export const WIDGETS_MARK = 'x-loanmanager-widgets';
export const WIDGETS_WITHOUT = 'x-loanmanager-widgets-without';

/** The operation fields of a spec call: in the widgets' contract, required. */
export const specCall = (summary: string) => ({ tags: [SPEC_TAG], summary, [WIDGETS_MARK]: 'required' });

/** The mark of an addition the widgets call when it is there: `without`, what they do when it is missing. */
export const usedByWidgets = (without: string) => ({ [WIDGETS_MARK]: 'optional', [WIDGETS_WITHOUT]: without });

/**
 * The answers of an HTML page or form, as the document tells them (server/routes/openapi.ts turns
 * this mark into its responses): `signedIn` pages send a signed-out browser to sign in (302); a
 * `form` answers 303 (done) or 403 (refused); `redirect` is a 302 only; `notFound` a 404 page
 * (another borrower's loan); `developmentOnly` pages are not there in production (404); `refused` pages
 * of a refusal, by status.
 */
export interface PageAnswers {
  signedIn?: boolean;
  form?: boolean;
  redirect?: boolean;
  notFound?: string;
  developmentOnly?: boolean;
  /** HTML pages of a refusal, by status (e.g. 400: a link that no longer works). */
  refused?: Record<number, string>;
}
export const PAGE_MARK = 'x-loanmanager-page';
export const pageSchema = (summary: string, answers: PageAnswers = {}) => ({ tags: [PAGES_TAG], summary, [PAGE_MARK]: answers });

/** The operation fields of an addition: its tag, the `x-loanmanager-addition` extension, and the line that says so. */
export const addition = (summary: string) => ({
  tags: [ADDITION_TAG],
  summary,
  description: 'Our addition: not in the borrower portal spec (section 7); a servicer’s server need not have it.',
  'x-loanmanager-addition': true,
});

/** `{}`: the answer of a call whose body the spec does not name. */
export const emptyAnswerSchema = object({});
/*
 * The fields below are this server's, in answers whose body the spec does not name: optional in the
 * document (the widgets read none of them but `link_minutes`, and do without it), so that the
 * widgets' contract asks a servicer's server for no more than the widgets need; this server always sends them.
 */
/** The reset request's answer, the same for every username: how long the emailed link works (`link_minutes`, our addition; the spec names no field). */
export const resetRequestAnswerSchema = object({ link_minutes: v.optional(v.pipe(v.number(), v.safeInteger(), v.gtValue(0))) });
export const validAnswerSchema = object({ valid: v.optional(v.literal(true)) });
/** The address the username went to, masked (spec section 3: `email_address`); this server always sends it. */
export const recoverUsernameAnswerSchema = object({ email_address: v.string() });
export const emailValidatedAnswerSchema = object({ email_validated: v.optional(v.literal(true)) });
export const electdocsAnswerSchema = object({ electdocs: v.optional(v.boolean()) });

/** 403: a refused CSRF check, or another refusal (`{errors}`: another borrower's account). */
export const csrfOrRefusedSchema = v.union([csrfRefusalSchema, errorBodySchema]);
/** 403: a refused CSRF check, or a change of the address on file without a recent re-authentication. */
export const refusedOrReauthSchema = v.union([csrfRefusalSchema, errorBodySchema, reauthRequiredSchema]);

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
 * (server/auth/passwordHashing.ts), with `Retry-After`.
 */
export function answers<T extends Record<number, v.GenericSchema>>(own: T, { signedIn = false, unsafe = false, hashes = false } = {}) {
  return {
    ...commonErrors,
    ...(signedIn ? { 401: errorBodySchema } : {}),
    // the CSRF refusal, told by its `code` (src/api/schemas.ts)
    ...(unsafe ? { 403: csrfRefusalSchema } : {}),
    ...(hashes ? { 503: errorBodySchema } : {}),
    ...own,
  };
}
