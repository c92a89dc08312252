/**
 * The conformance check of a servicer's server (`npm run contract:check`, docs/servicer-integration.md):
 * each call the widgets make, sent by the widgets' own code (./browser.ts), judged against
 * docs/api/widgets-contract.json: the status is one the contract gives that operation, the body
 * fits its schema; plus the cookies and the CSRF behaviour the widgets rely on. Read-only unless
 * `allowWrites`: a write flow changes the test account (and puts it back where it can).
 */
import Ajv2020 from 'ajv/dist/2020';
import type { OpenAPIV3_1 } from 'openapi-types';
import { CSRF_COOKIES } from '../../src/api/csrf';
import { createBrowser, type Browser, type Exchange } from './browser';

export interface CheckOptions {
  /** The API's address, e.g. https://servicer.example/loanmanager/api/ */
  base: URL;
  contract: OpenAPIV3_1.Document;
  /** A page of the servicer that hosts the widgets (it issues the CSRF cookie); default: the API's parent folder. */
  page?: URL;
  /** A test account, signed in through the reference server's `account/login/` when the server has it. */
  username?: string;
  password?: string;
  /** Or an API token (`Authorization: Token`). */
  token?: string;
  /** The `coacct` the popups widget asks for (the config block's `coacct`). */
  loan?: string;
  allowWrites?: boolean;
}

export type Verdict = 'ok' | 'mismatch' | 'skipped';

export interface CheckResult {
  name: string;
  verdict: Verdict;
  /** `METHOD path` of the contract's operation, when the check is one call. */
  operation?: string;
  expected?: string;
  actual?: string;
  /** Why it is skipped, or what differs. */
  detail?: string;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
const FAKE = { loanno: '9999999990', ssn: '999999990', dob: '1900-01-01', recaptcha_response: 'contract-check' };
const randomNonce = () => Array.from({ length: 43 }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(Math.random() * 36)]).join('');

type Operation = OpenAPIV3_1.OperationObject & Record<string, unknown>;

/** The contract's operation of a request, by method and path (a `{param}` is one segment). */
function operationOf(contract: OpenAPIV3_1.Document, method: string, path: string): { key: string; op: Operation } | null {
  for (const [template, item] of Object.entries(contract.paths ?? {})) {
    const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`);
    const op = (item as Record<string, Operation> | undefined)?.[method.toLowerCase()];
    if (op && (pattern.test(path) || pattern.test(`${path}/`))) return { key: `${method} ${template}`, op };
  }
  return null;
}

/** A value's shape, as the report prints it: `{email_address: string, validated: boolean}`. */
export function shapeOf(value: unknown, depth = 0): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[${shapeOf(value[0], depth + 1)}${value.length > 1 ? ', …' : ''}]`;
  if (typeof value !== 'object') return typeof value;
  if (depth > 2) return '{…}';
  return `{${Object.entries(value).map(([key, inner]) => `${key}: ${shapeOf(inner, depth + 1)}`).join(', ')}}`;
}

/** A schema's shape, in the same words (`?` after an optional field). */
function schemaShape(schema: OpenAPIV3_1.SchemaObject | undefined, depth = 0): string {
  if (!schema) return 'anything';
  if (schema.anyOf) return schema.anyOf.map((inner) => schemaShape(inner as OpenAPIV3_1.SchemaObject, depth)).join(' | ');
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const types = [schema.type ?? 'anything'].flat();
  if (types.includes('object') && schema.properties && depth <= 2) {
    const required = new Set(schema.required ?? []);
    const fields = Object.entries(schema.properties).map(([key, inner]) => `${key}${required.has(key) ? '' : '?'}: ${schemaShape(inner as OpenAPIV3_1.SchemaObject, depth + 1)}`);
    return `{${fields.join(', ')}}`;
  }
  if (types.includes('array') && 'items' in schema) return `[${schemaShape(schema.items as OpenAPIV3_1.SchemaObject, depth + 1)}]`;
  return types.join(' | ');
}

/** The JSON of an answer, or undefined when it is not JSON. */
function jsonOf(exchange: Exchange): unknown {
  try {
    return JSON.parse(exchange.text) as unknown;
  } catch {
    return undefined;
  }
}

interface Expectation {
  /** The statuses this check wants (each must also be in the contract); default: any the contract gives. */
  statuses?: number[];
}

/** Judges one call against the contract. */
function judge(contract: OpenAPIV3_1.Document, name: string, exchange: Exchange | null, expectation: Expectation = {}): CheckResult {
  if (!exchange) return { name, verdict: 'mismatch', detail: 'nothing was sent: the widgets’ code refused the payload (a bug of this check)' };
  const found = operationOf(contract, exchange.method, exchange.path);
  const operation = found?.key ?? `${exchange.method} ${exchange.path}`;
  if (!found) return { name, operation, verdict: 'mismatch', detail: 'the widgets sent a call the contract does not have' };
  const body = jsonOf(exchange);
  const actual = `${exchange.status} ${body === undefined ? (exchange.text === '' ? '(no body)' : '(not JSON)') : shapeOf(body)}`;
  const documented = Object.keys(found.op.responses ?? {}).map(Number);
  const wanted = expectation.statuses ?? documented;
  const answer = found.op.responses?.[String(exchange.status)] as OpenAPIV3_1.ResponseObject | undefined;
  const expectedOf = (statuses: number[]) =>
    statuses
      .map((status) => {
        const schema = (found.op.responses?.[String(status)] as OpenAPIV3_1.ResponseObject | undefined)?.content?.['application/json']?.schema;
        return `${status} ${schemaShape(schema as OpenAPIV3_1.SchemaObject | undefined)}`;
      })
      .join(' or ');
  if (!wanted.includes(exchange.status) || !answer) {
    return { name, operation, verdict: 'mismatch', expected: expectedOf(wanted.filter((status) => documented.includes(status))), actual, detail: `status ${exchange.status}` };
  }
  const schema = answer.content?.['application/json']?.schema;
  if (schema) {
    if (body === undefined) return { name, operation, verdict: 'mismatch', expected: expectedOf([exchange.status]), actual, detail: 'the answer is not JSON' };
    const validate = ajv.compile(schema as object);
    if (!validate(body)) return { name, operation, verdict: 'mismatch', expected: expectedOf([exchange.status]), actual, detail: ajv.errorsText(validate.errors) };
  }
  return { name, operation, verdict: 'ok', actual };
}

/** Every check, in order; never throws for what the server answers (a network failure is a mismatch of its check). */
export async function runContractCheck(options: CheckOptions): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const { contract } = options;
  const record = (result: CheckResult) => {
    results.push(result);
    return result;
  };
  const guarded = async (name: string, work: () => Promise<CheckResult | void>) => {
    try {
      const result = await work();
      if (result) record(result);
    } catch (error) {
      record({ name, verdict: 'mismatch', detail: `could not be run: ${error instanceof Error ? error.message : String(error)}` });
    }
  };
  const exercised = new Set<string>();
  const judged = (name: string, exchange: Exchange | null, expectation?: Expectation) => {
    const result = judge(contract, name, exchange, expectation);
    if (result.operation) exercised.add(result.operation);
    return result;
  };

  // signed out: the cookies and the CSRF behaviour, and the anonymous calls
  const anonymous = createBrowser({ base: options.base, authToken: null });
  const page = options.page ?? new URL('..', options.base);
  await guarded('csrf cookie: a page of the servicer issues `csrftoken`, readable by the page', async () => {
    const exchange = await anonymous.raw('GET', page, { accept: 'text/html' });
    const cookie = CSRF_COOKIES.map((cookieName) => anonymous.jar.cookies.get(cookieName)).find(Boolean);
    const name = 'csrf cookie: a page of the servicer issues `csrftoken`, readable by the page';
    const actual = `GET ${page.pathname} → ${exchange.status}, cookies: ${[...anonymous.jar.cookies.keys()].join(', ') || 'none'}`;
    if (!cookie) return { name, verdict: 'mismatch', expected: 'Set-Cookie: csrftoken=…', actual, detail: 'the widgets copy this cookie into X-CSRFToken (spec section 6): without it every unsafe call is refused' };
    if (cookie.httpOnly) return { name, verdict: 'mismatch', expected: 'csrftoken without HttpOnly', actual: `${actual} (HttpOnly)`, detail: 'the page cannot read an HttpOnly cookie' };
    return { name, verdict: 'ok', actual };
  });

  // the page reads no token, or another one: the widgets' code then sends no header, or that one (the cookie still goes)
  const tokensShown: Array<[string, () => string]> = [
    ['csrf: an unsafe call without X-CSRFToken is refused (403)', () => ''],
    ['csrf: an unsafe call with another X-CSRFToken is refused (403)', () => `${CSRF_COOKIES[1]}=${randomNonce()}`],
  ];
  for (const [name, shown] of tokensShown) {
    await guarded(name, async () => {
      anonymous.page.cookieShown = shown;
      try {
        return judged(name, (await anonymous.call('validateNonce', { nonce: randomNonce() })).exchange, { statuses: [403] });
      } finally {
        anonymous.page.cookieShown = (readable) => readable;
      }
    });
  }
  await guarded('cors: another site gets no access to answers', async () => {
    const name = 'cors: another site gets no access to answers';
    const exchange = await anonymous.raw('OPTIONS', new URL('go-green/status/', options.base), {
      origin: 'https://contract-check.invalid',
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'x-csrftoken',
    });
    const allowed = exchange.headers.get('access-control-allow-origin');
    const actual = `OPTIONS go-green/status/ → ${exchange.status}, Access-Control-Allow-Origin: ${allowed ?? '(none)'}`;
    if (allowed === 'https://contract-check.invalid' || (allowed === '*' && exchange.headers.get('access-control-allow-credentials') === 'true')) {
      return { name, verdict: 'mismatch', expected: 'no Access-Control-Allow-Origin for another site', actual, detail: 'the widgets call their own origin; an API open to other sites lets them act with the borrower’s cookies' };
    }
    return { name, verdict: 'ok', actual };
  });

  const anonymousCall = async (name: string, call: () => Promise<{ exchange: Exchange | null }>, expectation?: Expectation) =>
    guarded(name, async () => judged(name, (await call()).exchange, expectation));
  const refusals = { statuses: [400, 403, 404, 409, 410, 429] };
  await anonymousCall('validate_nonce: an unknown nonce is refused', () => anonymous.call('validateNonce', { nonce: randomNonce() }), refusals);
  await anonymousCall('verify_email: an unknown nonce is refused', () => anonymous.call('verifyEmail', { nonce: randomNonce() }), refusals);
  await anonymousCall('reset_password: an unknown nonce is refused', () => anonymous.call('resetPassword', { nonce: randomNonce(), password: 'Check-pass1!', password2: 'Check-pass1!' }), refusals);
  await anonymousCall('recover_username: an unknown borrower is refused', () => anonymous.call('recoverUsername', FAKE), refusals);
  await anonymousCall('register: an unknown borrower is refused', () =>
    anonymous.call('register', { ...FAKE, firstname: 'Contract', lastname: 'Check', username: `contract.check.${randomNonce().slice(0, 8)}`, password: 'Check-pass1!', email: 'contract.check@example.invalid', remember_this_browser: false }),
  refusals);
  await anonymousCall('request_password_reset: the same answer for a username nobody has', () =>
    anonymous.call('requestPasswordReset', { username: `contract.check.${randomNonce().slice(0, 8)}`, recaptcha_response: FAKE.recaptcha_response }),
  );
  await anonymousCall('go-green/status: signed out is refused (401)', () => anonymous.call('getGoGreenStatus', undefined), { statuses: [401] });

  // signed in
  const credentials = options.token ? 'token' : options.username && options.password ? 'password' : null;
  const signedIn = createBrowser({ base: options.base, authToken: options.token ?? null });
  const signedInChecks = await signIn(signedIn, options, credentials, record).catch((error: unknown) => {
    record({ name: 'sign in', verdict: 'mismatch', detail: `could not be run: ${error instanceof Error ? error.message : String(error)}` });
    return false;
  });
  if (signedInChecks) await signedInCalls(signedIn, options, judged, guarded, record);
  anonymous.close();
  signedIn.close();
  if (!signedInChecks) {
    for (const name of ['go-green/status', 'user/is_validated', 'user/check_email_address', 'user/popup']) {
      record({ name: `${name}: signed in`, verdict: 'skipped', detail: credentials ? 'sign-in failed' : 'needs a test account: --username and --password, or --token' });
    }
  }
  if (!options.allowWrites) record({ name: 'write flows (popups seen, email change, go-green, reset email)', verdict: 'skipped', detail: 'read-only: pass --allow-writes with a test account' });
  record({ name: 'register and reset_password, the successes', verdict: 'skipped', detail: 'need an unregistered identity and the emailed reset link: not reachable by the check' });

  // what the contract has that no check called
  for (const [template, item] of Object.entries(contract.paths ?? {})) {
    for (const [method, op] of Object.entries(item ?? {}) as Array<[string, Operation]>) {
      const key = `${method.toUpperCase()} ${template}`;
      if (exercised.has(key)) continue;
      const optional = op['x-loanmanager-widgets'] === 'optional';
      record({ name: `${key.replace(options.base.pathname, '')}: not called`, operation: key, verdict: 'skipped', detail: optional ? 'an optional addition, called only when the server asks for it' : 'no check calls it with these options' });
    }
  }
  return results;
}

type Judged = (name: string, exchange: Exchange | null, expectation?: Expectation) => CheckResult;
type Guarded = (name: string, work: () => Promise<CheckResult | void>) => Promise<void>;

/** Signs the test account in: its page first (the CSRF cookie), then the reference server's `account/login/`; true when signed in. */
async function signIn(browser: Browser, options: CheckOptions, credentials: 'token' | 'password' | null, record: (result: CheckResult) => CheckResult): Promise<boolean> {
  if (!credentials) return false;
  await browser.raw('GET', options.page ?? new URL('..', options.base), { accept: 'text/html' });
  if (credentials === 'token') return true;
  const { exchange } = await browser.call('login', { username: options.username!, password: options.password! });
  const name = 'sign in (account/login/, the reference server’s; a servicer signs in its own way)';
  if (exchange?.status === 200) {
    record({ name, verdict: 'ok', actual: '200' });
    return true;
  }
  record({ name, verdict: 'skipped', actual: exchange ? String(exchange.status) : 'not sent', detail: 'the server has no such sign-in, or the account was refused: pass --token' });
  return false;
}

async function signedInCalls(browser: Browser, options: CheckOptions, judged: Judged, guarded: Guarded, record: (result: CheckResult) => CheckResult) {
  let info: { email_address?: unknown; electdocs?: unknown } = {};
  await guarded('go-green/status: signed in', async () => {
    const { exchange } = await browser.call('getGoGreenStatus', undefined);
    const result = judged('go-green/status: signed in', exchange, { statuses: [200] });
    if (result.verdict === 'ok' && exchange) info = JSON.parse(exchange.text) as typeof info;
    return result;
  });
  const email = typeof info.email_address === 'string' ? info.email_address : null;
  if (email) {
    await guarded('user/is_validated: the address on file', async () => judged('user/is_validated: the address on file', (await browser.call('isValidated', { email_address: email })).exchange, { statuses: [200] }));
    await guarded('user/check_email_address: the address on file', async () => judged('user/check_email_address: the address on file', (await browser.call('checkEmailAddress', { email_address: email })).exchange));
  } else record({ name: 'user/is_validated, user/check_email_address', verdict: 'skipped', detail: 'go-green/status gave no email_address' });

  let popups: Array<{ id?: unknown }> = [];
  if (options.loan) {
    await guarded('user/popup: the popups of the account', async () => {
      const { exchange } = await browser.call('getPopups', { coacct: options.loan! });
      const result = judged('user/popup: the popups of the account', exchange, { statuses: [200] });
      if (result.verdict === 'ok' && exchange) popups = JSON.parse(exchange.text) as typeof popups;
      return result;
    });
  } else record({ name: 'user/popup', verdict: 'skipped', detail: 'needs --loan (the coacct the popups widget sends)' });

  if (!options.allowWrites) return;
  const seen = popups.find((popup) => typeof popup.id === 'string');
  if (seen) {
    await guarded('user/set_popup_seen: a popup shown', async () =>
      judged('user/set_popup_seen: a popup shown', (await browser.call('markPopupSeen', { id_to_mark_as_seen: seen.id as string })).exchange, { statuses: [200, 201, 204] }),
    );
  } else record({ name: 'user/set_popup_seen', verdict: 'skipped', detail: 'the account has no popup to show' });
  if (popups.some((popup) => popup.id === 'tax-reminder')) {
    await guarded('user/dismiss_popup: the tax popup', async () =>
      judged('user/dismiss_popup: the tax popup', (await browser.call('dismissPopup', { id_to_dismiss: 'tax-reminder' })).exchange, { statuses: [200, 201, 204] }),
    );
  } else record({ name: 'user/dismiss_popup', verdict: 'skipped', detail: 'the account has no tax popup to dismiss' });

  if (email) {
    await guarded('user/request_email_change: the address on file again', async () => {
      let { exchange } = await browser.call('requestEmailChange', { email_address: email });
      // the widgets' re-authentication: the password again (the optional addition), then the same change
      if (exchange?.status === 403 && /"reauth_required"\s*:\s*true/.test(exchange.text) && options.password) {
        record(judged('user/confirm_password: re-authentication asked for', (await browser.call('confirmPassword', { password: options.password })).exchange, { statuses: [200] }));
        ({ exchange } = await browser.call('requestEmailChange', { email_address: email }));
      }
      return judged('user/request_email_change: the address on file again', exchange, { statuses: [200] });
    });
    const optIn = { time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone, browser: 'contract-check', os: process.platform, email };
    // both ways, ending as the account was
    const order = info.electdocs === true ? (['goGreenOptOut', 'goGreenOptIn'] as const) : (['goGreenOptIn', 'goGreenOptOut'] as const);
    for (const step of order) {
      const name = step === 'goGreenOptIn' ? 'go-green/opt_in' : 'go-green/opt_out';
      await guarded(name, async () => judged(name, (step === 'goGreenOptIn' ? await browser.call('goGreenOptIn', optIn) : await browser.call('goGreenOptOut', undefined)).exchange, { statuses: [200] }));
    }
  }
  if (options.username) {
    await guarded('request_password_reset: the test account (an email is sent)', async () =>
      judged('request_password_reset: the test account (an email is sent)', (await browser.call('requestPasswordReset', { username: options.username!, recaptcha_response: FAKE.recaptcha_response })).exchange, { statuses: [200] }),
    );
  }
}
