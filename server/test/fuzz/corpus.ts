/**
 * The HTTP fuzz corpus of the reference server, shared by server/test/fuzz.test.ts (a fixed seed in
 * `npm test`) and server/test/fuzz/run.ts (`npm run fuzz -- --runs N`):
 *
 * - `registeredRoutes`: every route the app registered (`server.routes()`, or the router's printed
 *   tree until the harness has it); the CSRF matrix uses it too.
 * - `requestArbitrary`: fast-check generators of requests over those routes: methods x paths with
 *   their parameters filled, odd spellings of the path, query strings, JSON bodies that keep to the
 *   contract or break it (wrong types, huge strings, unicode, prototype keys, malformed JSON), odd
 *   content types and headers, signed in (session or API token) or not, with or without the CSRF token.
 * - `runFuzz`: sends them through the harness (`app.inject`: loopback only, no network), checks
 *   every answer against the invariants below and returns figures and the violations found.
 *
 * Invariants: no 5xx; an answer arrives; every error answer under /loanmanager/api/ (decoded, as the
 * router sees it) is JSON `{errors: [strings]}` (or the documented `{detail: 'no match'}` of a
 * registration without match, or the `{reauth_required: true}` 403 of a change of the address on
 * file, or of adding a passkey, outside the re-authentication window); no answer shows a stack trace, a server path or a file from outside
 * the static folders; an unsafe API request made with cookies but without the right CSRF token, or
 * from another site, never succeeds. 429 is a valid answer.
 */
import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { DEMO_API_TOKEN, DEMO_BORROWERS, DEMO_PASSWORD } from '../../db/seed';
import { REPO_ROOT, pageConfig, type TestServer } from '../harness';

// ---------------------------------------------------------------------------------------------
// The route list

export interface RouteEntry {
  method: string;
  url: string;
}

/** Every route the app registered, once per method. */
export function registeredRoutes(server: TestServer): RouteEntry[] {
  const seen = new Map<string, RouteEntry>();
  for (const route of server.routes()) {
    const entry = { method: route.method.toUpperCase(), url: route.url };
    seen.set(`${entry.method} ${entry.url}`, entry);
  }
  return [...seen.values()].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}

// ---------------------------------------------------------------------------------------------
// Paths as the router sees them

const API_PATH = '/loanmanager/api/';

/** The path part of a request target (absolute-form reduced to its path). */
function pathOf(target: string): string {
  const withoutOrigin = target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  return withoutOrigin.split(/[?#]/, 1)[0] ?? '';
}

/** Percent-decodes what decodes (an encoded slash stays encoded: the router does not split on it). */
function decodedPath(target: string): string {
  return pathOf(target).replace(/(?:%[0-9a-f]{2})+/gi, (run) =>
    run.split(/(?=%)/).map((escape) => (/^%2f$/i.test(escape) ? escape : safeDecode(escape))).join(''),
  );
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Whether the router reaches (or refuses) this target as an API address: decoded, slashes collapsed. */
function isApiTarget(target: string): boolean {
  const collapsed = decodedPath(target).replace(/\/{2,}/g, '/');
  return collapsed.startsWith(API_PATH) || collapsed === API_PATH.slice(0, -1);
}

// ---------------------------------------------------------------------------------------------
// Generators

type AuthMode = 'anonymous' | 'session' | 'token' | 'bogus-session' | 'no-cookies';
type CsrfMode = 'right' | 'none' | 'wrong' | 'junk';

export interface FuzzRequest {
  /** `METHOD pattern` of the route it was made from, or `extra <path>`. */
  route: string;
  method: string;
  /** Path and query; may hold the placeholders below. */
  url: string;
  /** The route's own method and spelling (coverage counts these). */
  canonical: boolean;
  headers: Record<string, string>;
  /** Appended to the Cookie header the runner builds. */
  cookieExtra: string;
  payload?: string;
  /** The payload's characters are bytes (lets a body hold bytes that are not UTF-8). */
  payloadLatin1?: boolean;
  auth: AuthMode;
  /** Which signed-in session of the pool. */
  sessionUser: number;
  csrf: CsrfMode;
  csrfJunk: string;
  remoteAddress: string;
}

/** Replaced when sent: the CSRF token the request's mode stands for (form fields carry it). */
const CSRF_PLACEHOLDER = '__FUZZ_CSRF__';
/** Replaced when sent: the borrower id of the session (the popups' coacct). */
const COACCT_PLACEHOLDER = '__FUZZ_COACCT__';

/** Users the pool signs in as; the generated bodies never name them, so no lockout or password change hits the pool. */
const POOL_USERS = ['paula.paperless', 'cory.coborrower'] as const;
/** The address the pool signs in from (no generated request uses it, so rate limits never hit the pool). */
const POOL_ADDRESS = '192.0.2.10';

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];

/** Printable ASCII: what a header value can hold on the wire. */
const headerText = (maxLength = 40) =>
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength });

const tokenLike = fc.stringMatching(/^[A-Za-z0-9_-]{43}$/);

const hugeString = fc
  .tuple(fc.constantFrom('x', '9', 'é', '😀', '\u0000', '<'), fc.constantFrom(51, 201, 1_000, 8_000, 16_385, 40_000))
  .map(([unit, count]) => unit.repeat(count));

const specialStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '\ud800',
  '\udfff',
  '\u202e\u0041',
  '\ufeff',
  'e\u0301',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../../etc/passwd',
  '%00',
  '%zz',
  '${jndi:ldap://x}',
  '{{7*7}}',
  'null',
  'true',
  '1e309',
  '-0',
  '0x10',
  'NaN',
  '  dana.demo@example.com  ',
  'DANA.DEMO',
  '900-00-0001',
  '01/15/1980',
);

/** Any value where a string belongs: other JSON types, unicode, huge strings, specials. */
const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }), weight: 1 },
  { arbitrary: hugeString, weight: 1 },
  { arbitrary: specialStrings, weight: 3 },
  { arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)), weight: 2 },
  { arbitrary: fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }), weight: 1 },
  { arbitrary: fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }), weight: 1 },
);

type Entries = Array<[string, unknown]>;

/** JSON text of entries as given (duplicate keys and `__proto__` included, which object literals cannot hold). */
function jsonOf(entries: Entries): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`).join(',')}}`;
}

const borrower = (first: string) => DEMO_BORROWERS.find((candidate) => candidate.firstname === first)!;
const registrable = [borrower('Nora'), borrower('Reggie'), borrower('Nico'), borrower('Dana')];
const someone = fc.constantFrom('sam.several', 'uma.unverified', 'nobody.here', 'SAM.SEVERAL');
const someNonce = fc.oneof(tokenLike, specialStrings);
const someEmail = fc.oneof(
  fc.stringMatching(/^[a-z]{1,10}$/).map((local) => `fuzz.${local}@example.com`),
  fc.constantFrom('paula.paperless@example.com', 'cory.coborrower@example.com', 'sam.several@example.com', 'not-an-email'),
);

/** Bodies that keep to the contract (section 7 of the spec), per route (path after /loanmanager/, no trailing slash). */
const BODY_TEMPLATES: Record<string, fc.Arbitrary<Entries>> = {
  'api/account/register': fc
    .tuple(fc.constantFrom(...registrable), fc.stringMatching(/^[a-z]{3,12}$/), fc.boolean())
    .map(([person, name, remember]) => [
      ['firstname', person.firstname],
      ['lastname', person.lastname],
      ['username', `fuzz.${name}`],
      ['password', 'Fuzz-pass1!'],
      ['email', `fuzz.${name}@example.com`],
      ['loanno', person.loans[0]!.loanno],
      ['ssn', person.ssn],
      ['dob', person.dob],
      ['remember_this_browser', remember],
      ['recaptcha_response', 'fuzz-captcha'],
    ]),
  'api/account/recover_username': fc.constantFrom(...DEMO_BORROWERS).map((person) => [
    ['loanno', person.loans[0]!.loanno],
    ['ssn', person.ssn],
    ['dob', person.dob],
    ['recaptcha_response', 'fuzz-captcha'],
  ]),
  'api/account/request_password_reset': someone.map((username) => [
    ['username', username],
    ['recaptcha_response', 'fuzz-captcha'],
  ]),
  'api/account/validate_nonce': someNonce.map((nonce) => [['nonce', nonce]]),
  'api/anon-user/verify_email': someNonce.map((nonce) => [['nonce', nonce]]),
  'api/account/reset_password': fc.tuple(someNonce, fc.constantFrom('Fuzz-pass2!', 'weak')).map(([nonce, password]) => [
    ['nonce', nonce],
    ['password', password],
    ['password2', password],
  ]),
  'api/account/login': fc
    .tuple(someone, fc.constantFrom(DEMO_PASSWORD, 'Wrong-pass1!', 'x'))
    .map(([username, password]) => [
      ['username', username],
      ['password', password],
    ]),
  'api/account/logout': fc.constant([]),
  'api/go-green/opt_out': fc.constant([]),
  'api/user/request_email_change': someEmail.map((email) => [['email_address', email]]),
  'api/user/popup': fc.constantFrom(COACCT_PLACEHOLDER, '1', '999999', '').map((coacct) => [['coacct', coacct]]),
  'api/user/set_popup_seen': fc
    .constantFrom('go-green-auto-pay', 'tax-reminder', 'tfa-verify-email', 'made-up')
    .map((id) => [['id_to_mark_as_seen', id]]),
  'api/user/dismiss_popup': fc.constantFrom('tax-reminder', 'go-green-auto-pay').map((id) => [['id_to_dismiss', id]]),
  'api/go-green/opt_in': someEmail.map((email) => [
    ['time_zone', 'America/Chicago'],
    ['browser', 'Firefox 140'],
    ['os', 'Linux'],
    ['email', email],
  ]),
};

/** Query strings that keep to the contract, per route. */
const QUERY_TEMPLATES: Record<string, fc.Arbitrary<Array<[string, string]>>> = {
  'api/user/check_email_address': someEmail.map((email) => [['email_address', encodeURIComponent(email)]]),
  'api/user/is_validated': someEmail.map((email) => [['email_address', encodeURIComponent(email)]]),
  loanoverview: fc.constantFrom('9000000001', '9000000005', '123').map((loanno) => [['loanno', loanno]]),
  verify_email: tokenLike.map((nonce) => [['nonce', nonce]]),
};

/** The key of a route in the templates: its path after /loanmanager/, without the trailing slash. */
const templateKey = (pattern: string) => pattern.replace(/^\/loanmanager\/?/, '').replace(/\/$/, '');

const queryKey = fc.oneof(
  { arbitrary: fc.constantFrom('email_address', 'nonce', 'loanno', 'x', '', 'email_address[]', 'a[b]', ...PROTOTYPE_KEYS), weight: 4 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }).map(encodeURIComponent), weight: 3 },
  // malformed escapes in a key
  { arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '%u0041'), weight: 1 },
);
const queryValue = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 20 }).map(encodeURIComponent),
  fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '+', '=', '%2F..%2F', '%F0%9F%98%80'),
  fc.constantFrom(200, 5_000).map((count) => 'a'.repeat(count)),
);

function queryString(pairs: Array<[string, string]>): string {
  return pairs.length === 0 ? '' : `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`;
}

const PARAM_VALUES = fc.oneof(
  { arbitrary: tokenLike, weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }).map(encodeURIComponent), weight: 1 },
  { arbitrary: fc.constantFrom('%', '%zz', '..', '.', '%2e%2e', '%2F', '%00', 'é', 'a'.repeat(600)), weight: 1 },
);

const STATIC_FILES = fc.constantFrom(
  'loanmanager-widgets.js',
  'portal.0123456789.js',
  'chunk-manifest.json',
  'images/leaf.0123456789.svg',
  'missing.js',
  '',
  '../../package.json',
  '..%2f..%2fpackage.json',
  '%2e%2e/%2e%2e/package.json',
  '%2e%2e%2f%2e%2e%2fserver%2fapp.ts',
  '....//....//package.json',
  '..\\..\\package.json',
  '%252e%252e/package.json',
);

function fillPattern(pattern: string): fc.Arbitrary<string> {
  const params = pattern.match(/:[A-Za-z0-9_]+|\*/g) ?? [];
  if (params.length === 0) return fc.constant(pattern);
  return fc.tuple(...params.map((param) => (param === '*' ? STATIC_FILES : PARAM_VALUES))).map((values) => {
    let index = 0;
    return pattern.replace(/:[A-Za-z0-9_]+|\*/g, () => values[index++] ?? '');
  });
}

const hex = (char: string) => char.charCodeAt(0).toString(16).padStart(2, '0');

/** Odd spellings of a path: the same route spelled otherwise, or forms the server should refuse. */
function mutatePath(filled: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constant(filled.replace(/\/$/, '')),
    fc.constant(filled.toUpperCase()),
    fc.tuple(fc.nat(), fc.boolean()).map(([at, upper]) => {
      const letters = [...filled].flatMap((char, index) => (/[a-z_-]/i.test(char) ? [index] : []));
      if (letters.length === 0) return filled;
      const index = letters[at % letters.length]!;
      const code = hex(filled[index]!);
      return `${filled.slice(0, index)}%${upper ? code.toUpperCase() : code}${filled.slice(index + 1)}`;
    }),
    fc.nat().map((at) => {
      const slashes = [...filled].flatMap((char, index) => (char === '/' ? [index] : []));
      const index = slashes[at % slashes.length] ?? 0;
      return `${filled.slice(0, index)}/${filled.slice(index)}`;
    }),
    fc.constantFrom('..', '.', 'extra', '%2e%2e', ';jsessionid=x', '%2F', '%', '%zz', '\\').map((segment) => `${filled.replace(/\/?$/, '/')}${segment}`),
    fc.constant(filled.replace(/^\/loanmanager\//, '/loanmanager/x/../')),
    fc.constant(filled.replace(/^\/loanmanager\//, '/loanmanager/./')),
    fc.constant(`http://evil.example${filled}`),
    fc.constant(filled.replace(/\//g, '\\').replace(/^\\/, '/')),
  );
}

const EXTRA_PATHS = [
  '/',
  '/loanmanager',
  '/loanmanager/api',
  '/loanmanager/api/',
  '/loanmanager/api/nothing/here/',
  '/loanmanager/api/account/',
  '/loanmanager/API/go-green/status/',
  '/loanmanager/static/',
  '/favicon.ico',
  '/.env',
  '/loanmanager/nothing/',
  '*',
];

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const CONTENT_TYPES = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/json;',
  'application/json, text/plain',
  'application/vnd.api+json',
  'application/jsonx',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  '*/*',
  '',
  ';;;',
);

/** Headers a client might send oddly (the runner's Cookie, token and CSRF header come on top). */
const ODD_HEADERS: fc.Arbitrary<[string, string]> = fc.oneof(
  fc.tuple(fc.constant('accept'), fc.oneof(fc.constantFrom('*/*', 'text/html', 'application/json', 'image/*;q=0'), headerText())),
  fc.tuple(fc.constant('accept-encoding'), fc.oneof(fc.constantFrom('br', 'gzip', 'identity;q=0', '*;q=0', 'br;q=2'), headerText())),
  fc.tuple(
    fc.constant('origin'),
    fc.oneof(fc.constantFrom('https://evil.example', 'null', 'http://localhost:80', 'http://portal.test', 'http://portal.test.evil.example'), headerText()),
  ),
  fc.tuple(fc.constant('sec-fetch-site'), fc.oneof(fc.constantFrom('cross-site', 'same-origin', 'same-site', 'none'), headerText())),
  fc.tuple(fc.constant('referer'), headerText()),
  fc.tuple(fc.constant('x-forwarded-proto'), fc.oneof(fc.constantFrom('https', 'http', 'https, http'), headerText())),
  fc.tuple(fc.constant('x-forwarded-for'), headerText()),
  fc.tuple(fc.constant('x-forwarded-host'), headerText()),
  fc.tuple(fc.constant('host'), fc.oneof(fc.constantFrom('evil.example', 'localhost:99999', '[::1]', 'a b', '', 'portal.test:80'), headerText())),
  fc.tuple(
    fc.constant('authorization'),
    fc.oneof(
      fc.constantFrom('Token', 'Token ', 'Bearer x', 'Basic YWxhZGRpbjpvcGVuc2VzYW1l', `Token ${'a'.repeat(300)}`, `token ${DEMO_API_TOKEN}`),
      headerText().map((junk) => `Token ${junk}`),
    ),
  ),
  fc.tuple(fc.constant('user-agent'), fc.oneof(headerText(), fc.constant('u'.repeat(5_000)))),
  fc.tuple(fc.constant('range'), fc.constantFrom('bytes=0-1', 'bytes=junk', 'bytes=5-1', 'bytes=-1,0-')),
  fc.tuple(fc.constant('if-none-match'), headerText()),
  fc.tuple(fc.constant('if-modified-since'), fc.oneof(headerText(), fc.constant('Thu, 01 Jan 2099 00:00:00 GMT'))),
  fc.tuple(fc.constant('x-csrftoken'), headerText()),
  fc.tuple(fc.constant('content-encoding'), fc.constantFrom('gzip', 'br', 'identity', 'junk')),
);

const COOKIE_EXTRAS = fc.oneof(
  { arbitrary: fc.constant(''), weight: 6 },
  {
    arbitrary: fc.oneof(
      headerText().map((junk) => `sessionid=${junk.replace(/[;,]/g, '')}`),
      headerText().map((junk) => `csrftoken=${junk.replace(/[;,]/g, '')}`),
      fc.constantFrom('a', '=;=', 'sessionid=%E0%A4%A', 'csrftoken=%zz', 'sessionid="quoted"', `sessionid=${'s'.repeat(4_000)}`),
    ),
    weight: 1,
  },
);

type Body = { payload?: string; latin1?: boolean; contentType?: string };

function bodyArbitrary(key: string, method: string): fc.Arbitrary<Body> {
  if (key === 'logout') {
    // the header's sign-out form: urlencoded, the token in a hidden field
    return fc.oneof(
      fc.constant({ payload: `csrfmiddlewaretoken=${CSRF_PLACEHOLDER}`, contentType: 'application/x-www-form-urlencoded' }),
      fc.constant({ payload: `csrfmiddlewaretoken=${CSRF_PLACEHOLDER}&csrfmiddlewaretoken=x`, contentType: 'application/x-www-form-urlencoded' }),
      fc.constant({ payload: '', contentType: 'application/x-www-form-urlencoded' }),
      fc.constant({ payload: jsonOf([['csrfmiddlewaretoken', CSRF_PLACEHOLDER]]), contentType: 'application/json' }),
      fc.constant({ payload: '%zz=%zz&__proto__=1', contentType: 'application/x-www-form-urlencoded' }),
    );
  }
  if (key === 'locale') {
    // the header's language switch: urlencoded, the token in a hidden field, a language and a page to go back to
    const form = (fields: Array<[string, string]>) => ({
      payload: fields.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&'),
      contentType: 'application/x-www-form-urlencoded',
    });
    const language = fc.oneof(fc.constantFrom('en', 'es', 'fr', 'ES', '', 'es-MX'), fc.string({ maxLength: 8 }));
    const next = fc.oneof(
      fc.constantFrom('/loanmanager/login/', '/loanmanager/reset_password/abc/', '//evil.example/', 'https://evil.example/', '/loanmanager/../x'),
      fc.constant(`/loanmanager/${'a'.repeat(3_000)}!`),
      fc.string({ maxLength: 40 }).map((tail) => `/loanmanager/${tail}`),
    );
    return fc.oneof(
      fc.tuple(language, next).map(([locale, back]) => form([['csrfmiddlewaretoken', CSRF_PLACEHOLDER], ['locale', locale], ['next', back]])),
      fc.tuple(language, next).map(([locale, back]) => form([['locale', locale], ['next', back], ['locale', 'es'], ['csrfmiddlewaretoken', CSRF_PLACEHOLDER]])),
      fc.constant({ payload: '', contentType: 'application/x-www-form-urlencoded' }),
      fc.constant({ payload: jsonOf([['csrfmiddlewaretoken', CSRF_PLACEHOLDER], ['locale', 'es'], ['next', '/loanmanager/']]), contentType: 'application/json' }),
      fc.constant({ payload: jsonOf([['csrfmiddlewaretoken', CSRF_PLACEHOLDER], ['locale', ['es']], ['next', { toString: 1 }]]), contentType: 'application/json' }),
      fc.constant({ payload: '%zz=%zz&__proto__=1&locale=es', contentType: 'application/x-www-form-urlencoded' }),
    );
  }
  const template = BODY_TEMPLATES[key] ?? fc.constant<Entries>([]);
  const json = (entries: Entries): Body => ({ payload: jsonOf(entries), contentType: 'application/json' });
  // a bodiless call (logout, opt_out) goes with no body or with {}
  const valid = template.chain((entries) =>
    entries.length === 0 && UNSAFE.has(method) ? fc.constantFrom<Body>({}, json(entries)) : fc.constant(json(entries)),
  );
  return fc.oneof(
    { arbitrary: valid, weight: 4 },
    // no body at all
    { arbitrary: fc.constant<Body>({}), weight: 1 },
    // a field of the wrong type or an odd string
    {
      arbitrary: fc.tuple(template, fc.nat(), oddValue).map(([entries, at, value]) =>
        json(entries.length === 0 ? [['x', value]] : entries.map(([k, v], index) => [k, index === at % entries.length ? value : v])),
      ),
      weight: 4,
    },
    // a field missing
    { arbitrary: fc.tuple(template, fc.nat()).map(([entries, at]) => json(entries.filter((_, index) => index !== at % Math.max(entries.length, 1)))), weight: 1 },
    // an extra field: prototype keys or anything
    {
      arbitrary: fc
        .tuple(template, fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 10 })), oddValue)
        .map(([entries, extra, value]) => json([...entries, [extra, extra === 'constructor' ? { prototype: { admin: true } } : value]])),
      weight: 2,
    },
    // the same key twice
    { arbitrary: template.map((entries) => json(entries.length === 0 ? [['a', 1], ['a', 2]] : [...entries, entries[0]!])), weight: 1 },
    // another JSON value altogether
    { arbitrary: fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constant(null)).map((value): Body => ({ payload: JSON.stringify(value) ?? 'null', contentType: 'application/json' })), weight: 1 },
    // malformed or unusual text
    {
      arbitrary: fc.oneof(
        fc.tuple(template, fc.nat()).map(([entries, at]): Body => {
          const text = jsonOf(entries);
          return { payload: text.slice(0, at % Math.max(text.length, 1)), contentType: 'application/json' };
        }),
        template.map((entries): Body => ({ payload: `${jsonOf(entries)} trailing`, contentType: 'application/json' })),
        template.map((entries): Body => ({ payload: `\ufeff${jsonOf(entries)}`, contentType: 'application/json' })),
        fc.constantFrom(10, 1_000, 8_000).map((depth): Body => ({ payload: `${'['.repeat(depth)}${']'.repeat(depth)}`, contentType: 'application/json' })),
        fc.constantFrom(10, 1_000).map((depth): Body => ({ payload: `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`, contentType: 'application/json' })),
        fc.constant<Body>({ payload: '{"a":"\xff\xfe\xc0\xaf"}', latin1: true, contentType: 'application/json' }),
        fc.constant<Body>({ payload: '', contentType: 'application/json' }),
        fc.constant<Body>({ payload: `{"a":"${'x'.repeat(17 * 1024)}"}`, contentType: 'application/json' }),
        fc.constant<Body>({ payload: '{"__proto__":{"admin":true}}', contentType: 'application/json' }),
        fc.constant<Body>({ payload: '{"constructor":{"prototype":{"admin":true}}}', contentType: 'application/json' }),
        template.map((entries): Body => ({
          payload: new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString(),
          contentType: 'application/x-www-form-urlencoded',
        })),
        fc.string({ unit: 'binary-ascii', maxLength: 60 }).map((text): Body => ({ payload: text, contentType: 'text/plain' })),
      ),
      weight: 3,
    },
  );
}

function routeRequest(route: RouteEntry): fc.Arbitrary<FuzzRequest> {
  const key = templateKey(route.url);
  const filled = fillPattern(route.url);
  const validQuery = QUERY_TEMPLATES[key] ?? fc.constant<Array<[string, string]>>([]);
  const common = {
    route: fc.constant(`${route.method} ${route.url}`),
    remoteAddress: fc.constantFrom('127.0.0.1', '10.1.2.3', '::1', '2001:db8::7'),
    sessionUser: fc.nat({ max: POOL_USERS.length - 1 }),
    csrfJunk: headerText(50),
  };

  // Requests as the portal sends them (so every handler is reached), with odd values only inside the contract's shape.
  const wellFormed = fc
    .record({
      ...common,
      path: filled,
      query: validQuery,
      body: route.method === 'GET' || route.method === 'HEAD' ? fc.constant<Body>({}) : bodyArbitrary(key, route.method),
      auth: fc.constantFrom<AuthMode>('session', 'session', 'token', 'anonymous'),
    })
    .map(
      (parts): FuzzRequest => ({
        route: parts.route,
        method: route.method,
        url: parts.path + queryString(parts.query),
        canonical: true,
        headers: parts.body.contentType ? { 'content-type': parts.body.contentType } : {},
        cookieExtra: '',
        ...(parts.body.payload === undefined ? {} : { payload: parts.body.payload }),
        ...(parts.body.latin1 ? { payloadLatin1: true } : {}),
        auth: parts.auth,
        sessionUser: parts.sessionUser,
        csrf: 'right',
        csrfJunk: parts.csrfJunk,
        remoteAddress: parts.remoteAddress,
      }),
    );

  // Anything: other methods, odd spellings of the path, query junk, odd content types and headers.
  const anything = fc
    .record({
      ...common,
      method: fc.oneof({ arbitrary: fc.constant(route.method), weight: 3 }, { arbitrary: fc.constantFrom(...METHODS), weight: 1 }),
      path: filled.chain((path) =>
        fc.oneof(
          { arbitrary: fc.constant({ path, canonical: true }), weight: 3 },
          { arbitrary: mutatePath(path).map((mutated) => ({ path: mutated, canonical: false })), weight: 2 },
        ),
      ),
      query: fc.oneof(validQuery, fc.array(fc.tuple(queryKey, queryValue), { maxLength: 4 })),
      body: bodyArbitrary(key, route.method),
      contentType: fc.option(CONTENT_TYPES, { freq: 4 }),
      headers: fc.array(ODD_HEADERS, { maxLength: 3 }),
      cookieExtra: COOKIE_EXTRAS,
      auth: fc.constantFrom<AuthMode>('anonymous', 'session', 'token', 'bogus-session', 'no-cookies'),
      csrf: fc.constantFrom<CsrfMode>('right', 'right', 'none', 'wrong', 'junk'),
    })
    .map((parts): FuzzRequest => {
      const headers: Record<string, string> = Object.fromEntries(parts.headers);
      const contentType = parts.contentType ?? parts.body.contentType;
      if (contentType !== undefined && parts.body.payload !== undefined) headers['content-type'] = contentType;
      return {
        route: parts.route,
        method: parts.method,
        url: parts.path.path + queryString(parts.query),
        canonical: parts.path.canonical && parts.method === route.method,
        headers,
        cookieExtra: parts.cookieExtra,
        ...(parts.body.payload === undefined ? {} : { payload: parts.body.payload }),
        ...(parts.body.latin1 ? { payloadLatin1: true } : {}),
        auth: parts.auth,
        sessionUser: parts.sessionUser,
        csrf: parts.csrf,
        csrfJunk: parts.csrfJunk,
        remoteAddress: parts.remoteAddress,
      };
    });

  return fc.oneof({ arbitrary: wellFormed, weight: 2 }, { arbitrary: anything, weight: 3 });
}

function extraRequest(): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      path: fc.constantFrom(...EXTRA_PATHS),
      method: fc.constantFrom(...METHODS),
      auth: fc.constantFrom<AuthMode>('anonymous', 'session', 'no-cookies'),
      csrf: fc.constantFrom<CsrfMode>('right', 'none'),
      headers: fc.array(ODD_HEADERS, { maxLength: 2 }),
    })
    .map((parts) => ({
      route: `extra ${parts.path}`,
      method: parts.method,
      url: parts.path,
      canonical: false,
      headers: Object.fromEntries(parts.headers),
      cookieExtra: '',
      auth: parts.auth,
      sessionUser: 0,
      csrf: parts.csrf,
      csrfJunk: '',
      remoteAddress: '127.0.0.1',
    }));
}

/** One request over any of the routes (each equally likely), or over a few addresses that are not routes. */
export function requestArbitrary(routes: RouteEntry[]): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    { arbitrary: fc.oneof(...routes.map(routeRequest)), weight: 19 },
    { arbitrary: extraRequest(), weight: 1 },
  );
}

/**
 * `runs` requests: every route in turn (so each is covered however the seed falls), the rest of the
 * request drawn by fast-check from `seed`.
 */
function generateRequests(routes: RouteEntry[], seed: number, runs: number): FuzzRequest[] {
  const perRoute = routes.map((route, index) =>
    fc.sample(routeRequest(route), { seed: seed + index, numRuns: Math.ceil((runs * 0.95) / routes.length) }),
  );
  const extras = fc.sample(extraRequest(), { seed: seed - 1, numRuns: Math.max(1, Math.ceil(runs * 0.05)) });
  const requests: FuzzRequest[] = [];
  for (let round = 0; requests.length < runs; round += 1) {
    let added = false;
    for (const list of [...perRoute, extras]) {
      const request = list[round];
      if (request && requests.length < runs) {
        requests.push(request);
        added = true;
      }
    }
    if (!added) break;
  }
  return requests;
}

// ---------------------------------------------------------------------------------------------
// The runner

interface Jar {
  cookies: Map<string, string>;
  alive: boolean;
  coacct: string;
}

type SetCookie = { name: string; value: string; maxAge?: number; expires?: Date };

function absorb(jar: Jar, setCookies: SetCookie[]) {
  for (const cookie of setCookies) {
    const expired = cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
    if (expired || cookie.value === '') {
      jar.cookies.delete(cookie.name);
      if (cookie.name === 'sessionid') jar.alive = false;
    } else {
      jar.cookies.set(cookie.name, cookie.value);
    }
  }
}

const cookieHeader = (cookies: Map<string, string>) => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');

export const RULES = {
  noAnswer: 'an answer arrives (within the time limit)',
  uncaught: 'no exception escapes the request pipeline (it would end a real server process)',
  serverError: 'no 5xx',
  apiJson: 'API answers are JSON',
  apiErrors: 'API error answers are {errors: [strings]} (or the {detail: "no match"} of a registration, the 403 {reauth_required: true} of an address change or an added passkey)',
  leak: 'no stack trace, server path or file from outside the static folders',
  csrf: 'an unsafe API request made with cookies, without the right CSRF token or from another site, never succeeds',
} as const;

/** Texts of files no answer may serve: package.json, the server's source, the SQLite file, a key. */
const MARKERS_OUTSIDE_STATIC = ['"name": "loanmanager-borrower-portal"', 'export async function buildServer', 'SQLite format 3', 'BEGIN PRIVATE KEY'];
const SAME_ORIGINS = ['http://localhost:80', 'http://portal.test'];

/** A compact, replayable description of a request (huge values shortened). */
export function describeRequest(request: FuzzRequest): string {
  const short = (text: string) => (text.length > 160 ? `${text.slice(0, 120)}...(${text.length} chars)` : text);
  return JSON.stringify({
    method: request.method,
    url: short(request.url),
    auth: request.auth,
    csrf: request.csrf,
    ...(Object.keys(request.headers).length
      ? { headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, short(value)])) }
      : {}),
    ...(request.cookieExtra ? { cookieExtra: short(request.cookieExtra) } : {}),
    ...(request.payload === undefined ? {} : { payload: short(request.payload) }),
  });
}

interface Outcome {
  /** null: no answer within the time limit, or inject failed. */
  status: number | null;
  /** No answer within the time limit. */
  hung: boolean;
  latencyMs: number;
  body: string;
  violations: Array<{ rule: string; detail: string }>;
  /** The route's own handler answered (not a CSRF, authentication or routing refusal). */
  reached: boolean;
}

export interface FuzzSession {
  routes: RouteEntry[];
  send(request: FuzzRequest): Promise<Outcome>;
  /** Uncaught exceptions seen while a request was in flight (with `catchUncaught`). */
  uncaught: Array<{ request: FuzzRequest; error: string }>;
  close(): void;
}

/**
 * A fuzzing browser set on a test server: an anonymous browser (its CSRF cookie only), a pool of
 * signed-in sessions (signed in again whenever a request ends one) and the demo API token.
 */
export async function openFuzzSession(
  server: TestServer,
  options: { timeoutMs?: number; catchUncaught?: boolean } = {},
): Promise<FuzzSession> {
  const app = server.app;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const routes = registeredRoutes(server);
  const anonymous: Jar = { cookies: new Map(), alive: true, coacct: '' };
  const visit = await app.inject({ method: 'GET', url: '/loanmanager/login/', remoteAddress: POOL_ADDRESS });
  absorb(anonymous, visit.cookies as SetCookie[]);
  const pool: Jar[] = POOL_USERS.map(() => ({ cookies: new Map(), alive: false, coacct: '' }));

  const signIn = async (index: number) => {
    const jar = pool[index]!;
    jar.cookies = new Map(anonymous.cookies);
    const login = await app.inject({
      method: 'POST',
      url: '/loanmanager/api/account/login/',
      headers: { cookie: cookieHeader(jar.cookies), 'x-csrftoken': jar.cookies.get('csrftoken') ?? '', 'content-type': 'application/json' },
      payload: JSON.stringify({ username: POOL_USERS[index], password: DEMO_PASSWORD }),
      remoteAddress: POOL_ADDRESS,
    });
    if (login.statusCode !== 200) throw new Error(`the fuzz pool could not sign in as ${POOL_USERS[index]}: ${login.statusCode} ${login.body}`);
    jar.alive = true;
    absorb(jar, login.cookies as SetCookie[]);
    const page = await app.inject({
      method: 'GET',
      url: '/loanmanager/go-green/',
      headers: { cookie: cookieHeader(jar.cookies) },
      remoteAddress: POOL_ADDRESS,
    });
    jar.coacct = String(pageConfig(page.body).coacct ?? '');
  };

  let inFlight: FuzzRequest | null = null;
  const uncaught: FuzzSession['uncaught'] = [];
  const onUncaught = (error: unknown) => {
    const text = String((error as Error | undefined)?.stack ?? error);
    if (inFlight) uncaught.push({ request: inFlight, error: text });
    else console.error('uncaught exception outside a fuzz request:', text);
  };
  if (options.catchUncaught) process.on('uncaughtException', onUncaught);

  const send = async (request: FuzzRequest): Promise<Outcome> => {
    const jar = request.auth === 'session' ? pool[request.sessionUser % pool.length]! : anonymous;
    if (request.auth === 'session' && !jar.alive) await signIn(request.sessionUser % pool.length);

    const rightToken = jar.cookies.get('csrftoken') ?? '';
    const anonymousCsrf = anonymous.cookies.get('csrftoken');
    /** the CSRF cookie this request carries (before the answer rotates it) */
    const cookieToken = (request.auth === 'session' ? rightToken : anonymousCsrf) ?? '';
    const sentToken =
      request.csrf === 'right' ? rightToken : request.csrf === 'wrong' ? 'A'.repeat(43) : request.csrf === 'junk' ? request.csrfJunk : '';
    const fill = (text: string) => text.split(CSRF_PLACEHOLDER).join(sentToken).split(COACCT_PLACEHOLDER).join(jar.coacct || '1');

    const headers: Record<string, string> = {};
    const cookies: string[] = [];
    if (request.auth === 'session') cookies.push(cookieHeader(jar.cookies));
    if (request.auth === 'token') headers.authorization = `Token ${DEMO_API_TOKEN}`;
    if (request.auth === 'bogus-session') cookies.push(`sessionid=${'b'.repeat(43)}`);
    if (request.auth !== 'session' && request.auth !== 'no-cookies' && anonymousCsrf) cookies.push(`csrftoken=${anonymousCsrf}`);
    if (request.cookieExtra) cookies.push(request.cookieExtra);
    if (cookies.length > 0) headers.cookie = cookies.join('; ');
    if (request.csrf !== 'none') headers['x-csrftoken'] = sentToken;
    for (const [name, value] of Object.entries(request.headers)) headers[name] = fill(value);

    const url = fill(request.url);
    const payload =
      request.payload === undefined ? undefined : Buffer.from(fill(request.payload), request.payloadLatin1 ? 'latin1' : 'utf8');
    const inject: InjectOptions = {
      method: request.method as InjectOptions['method'],
      url,
      headers,
      remoteAddress: request.remoteAddress,
      ...(payload === undefined ? {} : { payload }),
    };

    inFlight = request;
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const response = await Promise.race([
      app.inject(inject).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), timeoutMs);
      }),
    ]);
    clearTimeout(timer);
    const latencyMs = performance.now() - started;
    inFlight = null;

    if (response === null || response instanceof Error) {
      // inject fails where a real server throws in its request path: an uncaught exception
      const detail = response === null ? `no answer within ${timeoutMs} ms` : `inject failed: ${response.stack ?? response.message}`;
      const violations = [{ rule: response === null ? RULES.noAnswer : RULES.uncaught, detail }];
      return { status: null, hung: response === null, latencyMs, body: '', violations, reached: false };
    }
    if (request.auth === 'session' || request.auth === 'anonymous') {
      absorb(jar, response.cookies as SetCookie[]);
      if (request.auth === 'anonymous') {
        // the anonymous browser stays anonymous
        anonymous.cookies.delete('sessionid');
        anonymous.alive = true;
      }
    }

    const violations: Outcome['violations'] = [];
    const status = response.statusCode;
    const body = response.body;
    const contentType = String(response.headers['content-type'] ?? '');
    const api = isApiTarget(url);
    if (status >= 500) violations.push({ rule: RULES.serverError, detail: body });
    if (api && request.method !== 'HEAD') {
      let parsed: unknown;
      let isJson = /^application\/json\b/i.test(contentType);
      try {
        parsed = JSON.parse(body);
      } catch {
        isJson = false;
      }
      if (!isJson) violations.push({ rule: RULES.apiJson, detail: `${contentType}: ${body}` });
      else if (status >= 400) {
        const errors = (parsed as { errors?: unknown } | null)?.errors;
        const wellFormed = Array.isArray(errors) && errors.length > 0 && errors.every((error) => typeof error === 'string');
        const noMatch =
          status === 400 &&
          /\/account\/register\/?$/.test(decodedPath(url)) &&
          JSON.stringify(parsed) === JSON.stringify({ detail: 'no match' });
        const reauthRequired =
          status === 403 &&
          /\/(user\/request_email_change|go-green\/opt_in|user\/passkeys\/add_options)\/?$/.test(decodedPath(url)) &&
          JSON.stringify(parsed) === JSON.stringify({ reauth_required: true });
        if (!wellFormed && !noMatch && !reauthRequired) violations.push({ rule: RULES.apiErrors, detail: body });
      }
    }
    if (
      /\n\s+at .+:\d+:\d+/.test(body) ||
      body.includes(REPO_ROOT) ||
      body.includes(server.dir) ||
      MARKERS_OUTSIDE_STATIC.some((marker) => body.includes(marker))
    ) {
      violations.push({ rule: RULES.leak, detail: body });
    }
    // CSRF: cookies sent, no API token, an unsafe API call that succeeded
    const token = /^Token\s+(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1];
    if (headers.cookie && token !== DEMO_API_TOKEN && api && UNSAFE.has(request.method) && status >= 200 && status < 300) {
      const ambiguousCookie = /(^|;\s*)csrftoken=/.test(request.cookieExtra);
      const rightTokenSent = cookieToken !== '' && headers['x-csrftoken'] === cookieToken;
      const crossSite =
        (headers.origin !== undefined && !SAME_ORIGINS.includes(headers.origin)) ||
        (headers.origin === undefined && headers['sec-fetch-site'] === 'cross-site');
      if (crossSite || (!rightTokenSent && !ambiguousCookie)) {
        violations.push({ rule: RULES.csrf, detail: `${status} ${body}` });
      }
    }

    const refusal = /CSRF verification failed|Authentication credentials were not provided|Invalid token\.|Bad request path/.test(body);
    const reached =
      status < 400 || (!refusal && [400, 403, 409].includes(status)) || (status === 404 && /[*:]/.test(request.route));
    return { status, hung: false, latencyMs, body, violations, reached };
  };

  return {
    routes,
    send,
    uncaught,
    close: () => {
      if (options.catchUncaught) process.off('uncaughtException', onUncaught);
    },
  };
}

interface Violation {
  request: string;
  status: number | null;
  detail: string;
}

export interface FuzzReport {
  seed: number;
  requests: number;
  durationMs: number;
  statuses: Record<string, number>;
  maxLatencyMs: number;
  p50LatencyMs: number;
  p99LatencyMs: number;
  slowest: string;
  /** Per route (`METHOD pattern`): requests with its own method and spelling, and how many its handler answered. */
  coverage: Record<string, { sent: number; reached: number }>;
  /** Violations grouped by rule: how many, and the first few. */
  violations: Record<string, { count: number; examples: Violation[] }>;
  /** Log lines at level error or above written during the run. */
  errorLogLines: string[];
  /** The run stopped early: the server stopped answering. */
  abandoned: boolean;
}

export interface FuzzOptions {
  seed: number;
  runs: number;
  /** Milliseconds to wait for one answer (default 5 s). */
  timeoutMs?: number;
  /** Give up after this many requests left without an answer (default 3). */
  maxUnanswered?: number;
  /** Examples kept per rule (default 3). */
  examples?: number;
  onProgress?: (done: number, total: number) => void;
  /** Listen for uncaught exceptions (the CLI; under jest, jest reports them itself). */
  catchUncaught?: boolean;
}

/** Sends `runs` generated requests (every route in turn) and checks every answer. */
export async function runFuzz(server: TestServer, options: FuzzOptions): Promise<FuzzReport> {
  const session = await openFuzzSession(server, {
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.catchUncaught ? { catchUncaught: true } : {}),
  });
  const keep = options.examples ?? 3;
  const maxUnanswered = options.maxUnanswered ?? 3;
  const requests = generateRequests(session.routes, options.seed, options.runs);
  const logStart = server.logs().length;
  const report: FuzzReport = {
    seed: options.seed,
    requests: 0,
    durationMs: 0,
    statuses: {},
    maxLatencyMs: 0,
    p50LatencyMs: 0,
    p99LatencyMs: 0,
    slowest: '',
    coverage: Object.fromEntries(session.routes.map((route) => [`${route.method} ${route.url}`, { sent: 0, reached: 0 }])),
    violations: {},
    errorLogLines: [],
    abandoned: false,
  };
  const record = (rule: string, request: FuzzRequest, status: number | null, detail: string) => {
    const group = (report.violations[rule] ??= { count: 0, examples: [] });
    group.count += 1;
    if (group.examples.length < keep) {
      group.examples.push({ request: describeRequest(request), status, detail: detail.length > 300 ? `${detail.slice(0, 300)}...` : detail });
    }
  };

  const latencies: number[] = [];
  let unanswered = 0;
  let uncaughtSeen = 0;
  const started = performance.now();
  try {
    for (const [index, request] of requests.entries()) {
      options.onProgress?.(index, requests.length);
      const outcome = await session.send(request);
      report.requests += 1;
      const status = outcome.status ?? 'no answer';
      report.statuses[status] = (report.statuses[status] ?? 0) + 1;
      for (const violation of outcome.violations) record(violation.rule, request, outcome.status, violation.detail);
      for (const crash of session.uncaught.slice(uncaughtSeen)) record(RULES.uncaught, crash.request, null, crash.error);
      uncaughtSeen = session.uncaught.length;
      if (request.canonical) {
        const entry = report.coverage[request.route];
        if (entry) {
          entry.sent += 1;
          if (outcome.reached) entry.reached += 1;
        }
      }
      if (outcome.hung) {
        unanswered += 1;
        if (unanswered >= maxUnanswered) {
          report.abandoned = true;
          break;
        }
      }
      if (outcome.status === null) continue;
      latencies.push(outcome.latencyMs);
      if (outcome.latencyMs > report.maxLatencyMs) {
        report.maxLatencyMs = outcome.latencyMs;
        report.slowest = `${request.method} ${request.url.slice(0, 80)}`;
      }
    }
  } finally {
    session.close();
  }
  report.durationMs = performance.now() - started;
  latencies.sort((a, b) => a - b);
  report.p50LatencyMs = latencies[Math.floor(latencies.length * 0.5)] ?? 0;
  report.p99LatencyMs = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
  report.errorLogLines = server
    .logs()
    .slice(logStart)
    .split('\n')
    .filter((line) => /"level":(50|60)\b/.test(line))
    .map((line) => (line.length > 400 ? `${line.slice(0, 400)}...` : line));
  return report;
}

/** The report as the CLI prints it (and the tests show on failure). */
export function formatReport(report: FuzzReport): string {
  const perSecond = Math.round((report.requests / Math.max(report.durationMs, 1)) * 1000);
  const lines = [
    `seed ${report.seed}: ${report.requests} requests in ${(report.durationMs / 1000).toFixed(1)} s (${perSecond}/s)` +
      (report.abandoned ? ', ABANDONED: the server stopped answering' : ''),
    `statuses: ${Object.entries(report.statuses)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, count]) => `${status} x${count}`)
      .join(', ')}`,
    `latency: p50 ${report.p50LatencyMs.toFixed(1)} ms, p99 ${report.p99LatencyMs.toFixed(1)} ms, ` +
      `max ${report.maxLatencyMs.toFixed(1)} ms (${report.slowest})`,
  ];
  const unreached = Object.entries(report.coverage).filter(([, entry]) => entry.reached === 0);
  lines.push(
    `routes: ${Object.keys(report.coverage).length}, ` +
      (unreached.length ? `not reached: ${unreached.map(([route]) => route).join(', ')}` : 'every handler reached'),
  );
  const rules = Object.entries(report.violations);
  if (rules.length === 0) lines.push('violations: none');
  for (const [rule, group] of rules) {
    lines.push(`VIOLATION of "${rule}": ${group.count}`);
    for (const example of group.examples) {
      lines.push(`  ${example.status ?? '-'} ${example.request}`, `    -> ${example.detail.replace(/\n/g, '\\n')}`);
    }
  }
  if (report.errorLogLines.length > 0) {
    lines.push(`error log lines: ${report.errorLogLines.length}`);
    for (const line of report.errorLogLines.slice(0, 5)) lines.push(`  ${line}`);
  }
  return lines.join('\n');
}
