/**
 * The one createApi of the portal (reducerPath 'api'). Endpoints are injected per domain in
 * accountApi.ts, goGreenApi.ts and userApi.ts. The base query adds what every call needs:
 * the API base from the config, the token credential, the widget's language (`Accept-Language:
 * en|es`, the config's `locale`: the server writes its error texts in it), the CSRF header on
 * unsafe relative requests (the token obtained first when there is none, and a refused call sent
 * again once: `withCsrfToken`), the local "required payload is missing" check against the contract schema, and the
 * check of every success answer against the contract's response schema (both looked up by the
 * endpoint's name: endpointSchemas.ts, installed by the flows): an answer that does not
 * fit is reported and fails the call with RESPONSE_MISMATCH, which the flows treat as the success
 * the 2xx was (`isResponseMismatch`). The schemas check only what the spec names and the UI reads.
 */
import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query';
import { safeParse, type BaseIssue, type GenericSchema } from 'valibot';
import type { PortalConfig } from '../platform/config';
import { DEFAULT_API_BASE } from '../platform/config';
import type { ErrorReporter } from '../platform/errorReporting';
import { issueKeys } from '../lib/validation/schemaKit';
import { CSRF_COOKIES, CSRF_HEADER, CSRF_REFUSAL_CODES, CSRF_TOKEN_PATH, type CsrfRefusalCode } from './csrf';

/** A contract schema (valibot, as the config's: already in the first load). */
type PayloadSchema = GenericSchema;

/** An endpoint's schemas in the contract (endpointSchemas.ts). */
export interface EndpointSchemas {
  /** Checked before anything is sent; the call fails locally when the payload does not fit. */
  contract?: PayloadSchema;
  /** The contract's schema of a success answer (`...ResponseSchema`); an answer that does not fit fails the call. */
  response?: PayloadSchema;
}

let schemasByEndpoint: Readonly<Record<string, EndpointSchemas>> = {};

/**
 * The endpoints' schemas, by name: installed with the flows (flows.ts), which alone send requests,
 * so that the endpoints' definitions (and a first view reading the cache) load no contract.
 */
export function installEndpointSchemas(schemas: Readonly<Record<string, EndpointSchemas>>) {
  schemasByEndpoint = schemas;
}

/** The `error` of a call whose success answer does not fit the contract (already reported by the base query). */
export const RESPONSE_MISMATCH = 'response does not match the contract';

/** Every error the API layer produces is one of these plain, serializable shapes. */
export type ApiError =
  | { status: number; data: unknown }
  | { status: 'LOCAL_VALIDATION_ERROR'; error: string; fields: string[] }
  | { status: 'FETCH_ERROR' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR'; error: string; data?: unknown };

/** What the store hands to thunks and the base query (RTK Query's `extra`). */
export interface ApiExtra {
  /** `locale` is the page's language; without it (a tool's store) the server answers in its default. */
  config: Pick<PortalConfig, 'apiBase' | 'authToken'> & Partial<Pick<PortalConfig, 'locale'>>;
  /** Where an answer that does not fit the contract is reported. */
  reporter?: Pick<ErrorReporter, 'report'>;
}

function issuePaths(issues: readonly BaseIssue<unknown>[]) {
  return [...new Set(issues.map((issue) => issueKeys(issue).map(String).join('.')))];
}

function readCookie(name: string, cookieString: string = typeof document === 'undefined' ? '' : document.cookie) {
  for (const part of cookieString.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** Absolute (scheme:) and protocol-relative (//host) addresses never get the CSRF token. */
function isRelativeUrl(url: string): boolean {
  return !/^([a-z][a-z\d+.-]*:|\/\/)/i.test(url);
}

function joinUrl(base: string, path: string) {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

const rawBaseQuery = fetchBaseQuery({ credentials: 'same-origin' });

type RawResult = Awaited<ReturnType<typeof rawBaseQuery>>;
type QueryApi = Parameters<BaseQueryFn>[1];

/** The `error` of a call the server's CSRF check refused even after the token was obtained and the call sent again. */
export const CSRF_REFUSED = 'refused by the CSRF check';

/** The CSRF token, read at the moment of each call (sign-in renews it): `__Host-csrftoken` first, then `csrftoken`. */
function csrfToken(): string | null {
  for (const name of CSRF_COOKIES) {
    const value = readCookie(name);
    if (value) return value;
  }
  return null;
}

/**
 * A step-up renews the session and with it the CSRF token (server/auth/sessions.ts `renewSession`): the
 * reference server's header forms (Sign out, the language switch) were drawn with the old one and
 * would be refused, so they take the new one. Nothing outside the portal's own header is touched.
 */
export function renewHeaderFormTokens() {
  const token = csrfToken();
  if (!token || typeof document === 'undefined') return;
  for (const field of document.querySelectorAll<HTMLInputElement>('.site-header form input[name="csrfmiddlewaretoken"]')) field.value = token;
}

/** The code of a CSRF refusal (403 `{code}`), or null for any other answer. */
function csrfRefusalOf(error: RawResult['error']): CsrfRefusalCode | null {
  if (error?.status !== 403 || !error.data || typeof error.data !== 'object' || !('code' in error.data)) return null;
  const { code } = error.data;
  return CSRF_REFUSAL_CODES.find((known) => known === code) ?? null;
}

/** The GET that sets the CSRF cookie; one at a time for the page, so widgets pressed at once share it. */
let tokenRequest: Promise<unknown> | null = null;
function obtainCsrfToken(base: string, api: QueryApi, extraOptions: object) {
  tokenRequest ??= Promise.resolve(rawBaseQuery({ url: joinUrl(base, CSRF_TOKEN_PATH), headers: { Accept: 'application/json' } }, api, extraOptions)).finally(() => {
    tokenRequest = null;
  });
  return tokenRequest;
}

/**
 * An unsafe call to the relative API base with the CSRF token (issue 47: on a host page the first
 * press failed, as no page of the portal had set the cookie yet). Without a readable cookie the token
 * is obtained first (GET account/csrf/); a refusal for a missing or stale token (`csrf_token`) is
 * sent again once, silently, with the cookie read again. A refusal that stays, or `csrf_origin`,
 * becomes a CUSTOM_ERROR: a borrower never reads the server's CSRF text, the flow says its own.
 */
async function withCsrfToken(send: (token: string | null) => Promise<RawResult>, obtain: () => Promise<unknown>, skipObtaining: boolean): Promise<RawResult> {
  if (!skipObtaining && csrfToken() === null) await obtain();
  let result = await send(csrfToken());
  if (csrfRefusalOf(result.error) === 'csrf_token') {
    if (csrfToken() === null) await obtain();
    result = await send(csrfToken());
  }
  const code = csrfRefusalOf(result.error);
  if (code === null) return result;
  return { error: { status: 'CUSTOM_ERROR', error: CSRF_REFUSED, data: { code } }, meta: result.meta };
}

const apiBaseQuery: BaseQueryFn<FetchArgs | string, unknown, ApiError> = async (request, api, extraOptions) => {
  const fetchArgs: FetchArgs = typeof request === 'string' ? { url: request } : request;
  const { contract, response } = schemasByEndpoint[api.endpoint] ?? {};
  if (contract) {
    const payload = fetchArgs.method && fetchArgs.method !== 'GET' ? fetchArgs.body : fetchArgs.params;
    const checked = safeParse(contract, payload);
    if (!checked.success) {
      return { error: { status: 'LOCAL_VALIDATION_ERROR', error: 'required payload is missing', fields: issuePaths(checked.issues) } };
    }
  }
  const extra = api.extra as ApiExtra | undefined;
  const config = extra?.config;
  const base = config?.apiBase ?? DEFAULT_API_BASE;
  const url = joinUrl(base, fetchArgs.url);
  const headers = new Headers(fetchArgs.headers as HeadersInit | undefined);
  headers.set('Accept', 'application/json');
  if (config?.authToken) headers.set('Authorization', `Token ${config.authToken}`);
  // the server's error texts in the widget's language (server/http/locale.ts); the language is never in an address
  if (config?.locale) headers.set('Accept-Language', config.locale);
  const method = (fetchArgs.method ?? 'GET').toUpperCase();
  const send = async (csrf: string | null) => {
    if (csrf) headers.set(CSRF_HEADER, csrf);
    else headers.delete(CSRF_HEADER);
    return rawBaseQuery({ ...fetchArgs, url, method, headers }, api, extraOptions);
  };
  const result =
    method !== 'GET' && method !== 'HEAD' && isRelativeUrl(url)
      ? // an API token is exempt from the check: no token is fetched for it
        await withCsrfToken(send, () => obtainCsrfToken(base, api, extraOptions), !!config?.authToken)
      : await rawBaseQuery({ ...fetchArgs, url, method, headers }, api, extraOptions);
  const { error } = result;
  // An error answer whose body is not JSON (a proxy's HTML 409 page) is still that HTTP status.
  if (error?.status === 'PARSING_ERROR' && error.originalStatus >= 400) {
    return { error: { status: error.originalStatus, data: error.data }, meta: result.meta };
  }
  // only where the answer differs, never its values: it may hold personal data
  const reportMismatch = (fields: string[]) =>
    extra?.reporter?.report(new Error(`${method} ${fetchArgs.url}: ${RESPONSE_MISMATCH}`), { where: 'api', endpoint: api.endpoint, fields });
  // A 2xx whose body is not JSON: the server did what was asked. Reported; an endpoint that reads
  // nothing of its answer succeeds, one that reads the answer gets the misfit (its flow still succeeds).
  if (error?.status === 'PARSING_ERROR' && error.originalStatus >= 200 && error.originalStatus < 300) {
    reportMismatch(['(not JSON)']);
    if (!response) return { data: null, meta: result.meta };
    return { error: { status: 'CUSTOM_ERROR', error: RESPONSE_MISMATCH, data: { fields: ['(not JSON)'] } }, meta: result.meta };
  }
  if (error) return { error: error as ApiError, meta: result.meta };
  if (response) {
    const checked = safeParse(response, result.data);
    if (!checked.success) {
      const fields = issuePaths(checked.issues);
      reportMismatch(fields);
      return { error: { status: 'CUSTOM_ERROR', error: RESPONSE_MISMATCH, data: { fields } }, meta: result.meta };
    }
  }
  return result;
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes: ['GoGreenStatus', 'Passkeys'],
  endpoints: () => ({}),
});

/** The HTTP status of an API error, or null for local and network failures. */
export function httpStatusOf(error: unknown): number | null {
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') return error.status;
  return null;
}

/**
 * The error of a 2xx answer that did not fit the contract (the base query has reported it): the
 * server did what was asked, so a flow treats it as a success, never as a failure to show.
 */
export function isResponseMismatch(error: unknown): boolean {
  return !!error && typeof error === 'object' && 'error' in error && error.error === RESPONSE_MISMATCH;
}

/** The body of an HTTP error, if any. */
export function errorBodyOf(error: unknown): unknown {
  if (error && typeof error === 'object' && 'data' in error) return error.data;
  return undefined;
}

/** The texts of an HTTP error's `{ errors: [...] }` body (the contract's error shape); [] when it has none. */
export function listedErrorsOf(error: unknown): string[] {
  const body = errorBodyOf(error);
  if (!body || typeof body !== 'object' || !('errors' in body) || !Array.isArray(body.errors)) return [];
  const listed: unknown[] = body.errors;
  return listed.filter((text): text is string => typeof text === 'string' && text.trim() !== '');
}

/** The first message of an HTTP error's `{ errors: [...] }` body (the contract's error shape), or null. */
export function firstListedErrorOf(error: unknown): string | null {
  return listedErrorsOf(error)[0] ?? null;
}

/**
 * The form fields an HTTP error's body names as refused (`{ errors: [...], fields: [...] }`), the
 * known ones only; null when it names none (the caller then treats every field as refused).
 */
export function rejectedFieldsOf<F extends string>(error: unknown, known: readonly F[]): F[] | null {
  const body = errorBodyOf(error);
  if (!body || typeof body !== 'object' || !('fields' in body) || !Array.isArray(body.fields)) return null;
  const named: unknown[] = body.fields;
  const fields = known.filter((field) => named.includes(field));
  return fields.length > 0 ? fields : null;
}
