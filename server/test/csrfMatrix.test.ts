/**
 * The CSRF matrix: every unsafe route the server registered (POST/PUT/PATCH/DELETE, from the
 * route list, so a new unprotected route fails here) x every way a forged or odd request can come:
 * no token, a wrong or malformed token, the token without its cookie, a cross-site Origin or
 * Sec-Fetch-Site (with the right token), percent-encoded spellings of the path, double slashes and
 * absolute-form targets. Signed in as dana.demo, so a refusal is not just a 401.
 *
 * Every attack carries a body that would change something if its handler ran (sign in, register
 * Nico, reset Sam's password with a real nonce, verify a real email link, opt out, dismiss a
 * popup, switch Dana's language...). After each one: the answer is the refusal, no table of the
 * database changed, Dana's session still works and her go-green choice is unchanged. The positive controls at the end show
 * the same requests with the right token do reach their handlers and that the detectors see it.
 *
 * API routes answer a refusal with 403 `{errors: ['CSRF verification failed'], code}`; odd spellings of
 * the path with 400 `{errors: [...]}`. The header's forms, sign-out (/loanmanager/logout/) and the
 * language switch (/loanmanager/locale/), carry their token in the `csrfmiddlewaretoken` field;
 * their refusals are any 4xx.
 */
import net from 'node:net';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { DEMO_BORROWERS, DEMO_PASSWORD } from '../db/seed';
import { API, nonceOf, pageConfig, startTestServer, type TestClient, type TestServer } from './harness';
import { registeredRoutes, type RouteEntry } from './fuzz/corpus';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The refusal, told by its code: a missing or wrong token, or another site (src/api/schemas.ts). */
const CSRF_REFUSALS = ['csrf_token', 'csrf_origin'].map((code) => JSON.stringify({ errors: ['CSRF verification failed'], code }));
const FORM_FIELD = 'csrfmiddlewaretoken';
const EVIL = 'https://evil.example';

/** The unsafe calls of the spec (section 7), sign-in and sign-out, and the header's forms (sign-out, language). */
const EXPECTED_UNSAFE = [
  'POST /loanmanager/api/account/register/',
  'POST /loanmanager/api/account/recover_username/',
  'POST /loanmanager/api/account/request_password_reset/',
  'POST /loanmanager/api/account/reset_password/',
  'POST /loanmanager/api/account/validate_nonce/',
  'POST /loanmanager/api/account/login/',
  'POST /loanmanager/api/account/logout/',
  'POST /loanmanager/api/anon-user/verify_email/',
  'POST /loanmanager/api/user/request_email_change/',
  'POST /loanmanager/api/user/confirm_password/',
  'POST /loanmanager/api/user/popup/',
  'POST /loanmanager/api/user/set_popup_seen/',
  'POST /loanmanager/api/user/dismiss_popup/',
  'POST /loanmanager/api/go-green/opt_in/',
  'POST /loanmanager/api/go-green/opt_out/',
  'POST /loanmanager/logout/',
  'POST /loanmanager/locale/',
  'POST /loanmanager/restore_email/',
];

/** What the header's forms send besides their token: fields their handler would act on. */
const FORM_FIELDS: Record<string, Record<string, string>> = {
  // Dana's language is reset to none before each attack (readyDana), so a switch that runs changes `users`
  '/loanmanager/locale/': { locale: 'es', next: '/loanmanager/loanoverview/' },
  // '/loanmanager/restore_email/': a live link's token, set in beforeAll
};

const withSlash = (url: string) => url.replace(/\/?$/, '/');
const isApiRoute = (route: RouteEntry) => route.url.startsWith(API);

let server: TestServer;
let dana: TestClient;
let db: BetterSqlite3.Database | null = null;
let port: number;
let unsafeRoutes: RouteEntry[];
/** What each route is sent: a body its handler would act on. */
let bodies: Record<string, unknown>;

const nico = DEMO_BORROWERS.find((borrower) => borrower.firstname === 'Nico')!;
const danaDetails = DEMO_BORROWERS.find((borrower) => borrower.username === 'dana.demo')!;
const optIn = { time_zone: 'America/Chicago', browser: 'Firefox 140', os: 'Linux', email: 'dana.demo@example.com' };

beforeAll(async () => {
  server = await startTestServer({ logLevel: 'warn' });
  unsafeRoutes = registeredRoutes(server)
    .filter((route) => UNSAFE.has(route.method))
    .map((route) => ({ method: route.method, url: route.url.includes(':') || route.url.endsWith('*') ? route.url : withSlash(route.url) }));

  dana = server.client();
  await dana.login('dana.demo');
  // her re-authentication window open, so that an email change that runs changes something
  await dana.confirmPassword();
  // opted in, so an opt_out that runs shows
  expect((await dana.post(`${API}go-green/opt_in/`, optIn)).statusCode).toBe(200);
  const coacct = pageConfig((await dana.get('/loanmanager/go-green/')).body).coacct as string;

  // real emailed nonces, so that a reset or a verification that runs changes something
  const someone = server.client();
  await someone.visit();
  await someone.post(`${API}account/request_password_reset/`, { username: 'sam.several', recaptcha_response: 't' });
  const samReset = nonceOf((await server.outbox())[0]!.paths[0]!);
  await dana.post(`${API}user/request_email_change/`, { email_address: 'dana.csrf@example.com' });
  const danaVerify = nonceOf((await server.outbox())[0]!.paths[0]!);
  // a live "this wasn't me" link (Sam's address replaced), so that a restore that runs changes something
  const sam = server.client();
  await sam.login('sam.several');
  await sam.confirmPassword();
  await sam.post(`${API}user/request_email_change/`, { email_address: 'sam.csrf@example.com' });
  const samVerify = (await server.outbox())[0]!.paths[0]!;
  await server.client().visit(samVerify);
  await sam.post(`${API}anon-user/verify_email/`, { nonce: nonceOf(samVerify) });
  const samRestore = (await server.outbox())[0]!.paths[0]!;
  expect(samRestore).toMatch(/^\/loanmanager\/restore_email\//);
  FORM_FIELDS['/loanmanager/restore_email/'] = { token: samRestore.split('/')[3]! };

  bodies = {
    '/loanmanager/api/account/register/': {
      firstname: 'Nico',
      lastname: 'Newcomer',
      username: 'nico.csrf',
      password: 'Csrf-pass9!',
      email: 'nico.csrf@example.com',
      loanno: nico.loans[0]!.loanno,
      ssn: nico.ssn,
      dob: nico.dob,
      remember_this_browser: false,
      recaptcha_response: 't',
    },
    '/loanmanager/api/account/recover_username/': {
      loanno: danaDetails.loans[0]!.loanno,
      ssn: danaDetails.ssn,
      dob: danaDetails.dob,
      recaptcha_response: 't',
    },
    '/loanmanager/api/account/request_password_reset/': { username: 'dana.demo', recaptcha_response: 't' },
    '/loanmanager/api/account/validate_nonce/': { nonce: samReset },
    '/loanmanager/api/account/reset_password/': { nonce: samReset, password: 'Csrf-pass9!', password2: 'Csrf-pass9!' },
    '/loanmanager/api/anon-user/verify_email/': { nonce: danaVerify },
    '/loanmanager/api/account/login/': { username: 'dana.demo', password: DEMO_PASSWORD },
    '/loanmanager/api/account/logout/': undefined,
    '/loanmanager/api/user/request_email_change/': { email_address: 'dana.elsewhere@example.com' },
    '/loanmanager/api/user/confirm_password/': { password: DEMO_PASSWORD },
    '/loanmanager/api/user/popup/': { coacct },
    '/loanmanager/api/user/set_popup_seen/': { id_to_mark_as_seen: 'go-green-auto-pay' },
    '/loanmanager/api/user/dismiss_popup/': { id_to_dismiss: 'tax-reminder' },
    '/loanmanager/api/go-green/opt_in/': optIn,
    '/loanmanager/api/go-green/opt_out/': undefined,
  };

  // absolute-form targets need a real connection (inject turns them into a Host header and a path)
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as net.AddressInfo).port;
  if (!server.schema) db = new BetterSqlite3(path.join(server.dir, 'var', 'test.sqlite'), { readonly: true, fileMustExist: true });
});

afterAll(async () => {
  db?.close();
  await server?.close();
});

// ---------------------------------------------------------------------------------------------
// Detectors: the database, Dana's session and her go-green choice

/** Counting a request is not the handler running: the rate-limit counters change on every request. */
const NOT_HANDLER_EFFECTS = new Set(['rate_limits']);

/** Every table's rows, as read from the SQLite file or the PostgreSQL schema. */
async function snapshot(): Promise<Map<string, string>> {
  const schema = server.schema;
  if (schema) {
    const tables = await schema.query<{ name: string }>(
      'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name',
    );
    const kept = tables.filter(({ name }) => !NOT_HANDLER_EFFECTS.has(name));
    const contents = new Map<string, string>();
    for (const { name } of kept) contents.set(name, JSON.stringify(await schema.query(`SELECT * FROM "${name}" ORDER BY 1, 2`)));
    return contents;
  }
  const sqlite = db!;
  const tables = (sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{ name: string }>)
    .filter(({ name }) => !NOT_HANDLER_EFFECTS.has(name));
  return new Map(tables.map(({ name }) => [name, JSON.stringify(sqlite.prepare(`SELECT * FROM "${name}"`).raw().all())]));
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name));
}

/** Dana's go-green status through her session: 401 once the session has ended. */
async function danaStatus(): Promise<{ status: number; electdocs: unknown }> {
  const response = await dana.get(`${API}go-green/status/`);
  return { status: response.statusCode, electdocs: response.statusCode === 200 ? response.json().electdocs : null };
}

/** Signed in, opted in, with no language saved and her paperless choices of the hour unused, as every attack expects to find her (restored after an attack that got through). */
async function readyDana() {
  // her paperless choices of the hour start again (capped at 6 an hour: server/services/borrowerCaps.ts)
  await server.query("DELETE FROM rate_limits WHERE key LIKE 'cap:go-green:%'");
  let current = await danaStatus();
  if (current.status !== 200) {
    await dana.login('dana.demo');
    await dana.confirmPassword();
    current = await danaStatus();
  }
  if (current.electdocs !== true) expect((await dana.post(`${API}go-green/opt_in/`, optIn)).statusCode).toBe(200);
  await server.query("UPDATE users SET locale = NULL WHERE username = 'dana.demo'");
}

// ---------------------------------------------------------------------------------------------
// Requests

type Token = 'right' | 'none' | 'wrong' | 'malformed';

interface Forged {
  /** The request target as sent (path, or absolute-form). */
  target: string;
  token: Token;
  /** Send the csrftoken cookie (the session cookie is always sent). */
  csrfCookie: boolean;
  headers?: Record<string, string>;
  /** Over a real connection (for targets inject would rewrite). */
  socket?: boolean;
}

interface Answer {
  status: number;
  body: string;
}

function requestParts(route: RouteEntry, forged: Forged) {
  const csrf = dana.cookies.get('csrftoken') ?? '';
  const token = { right: csrf, none: undefined, wrong: 'A'.repeat(43), malformed: 'short' }[forged.token];
  const cookies = [`sessionid=${dana.cookies.get('sessionid') ?? ''}`, ...(forged.csrfCookie ? [`csrftoken=${csrf}`] : [])];
  const headers: Record<string, string> = { cookie: cookies.join('; '), ...forged.headers };
  if (token !== undefined) headers['x-csrftoken'] = token;
  let payload: string | undefined;
  if (isApiRoute(route)) {
    // opt_out and logout take no body; a route this file does not know gets {}
    const body = route.url in bodies ? bodies[route.url] : {};
    if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
  } else {
    // a plain form: the token in its hidden field
    payload = new URLSearchParams({ ...FORM_FIELDS[route.url], ...(token === undefined ? {} : { [FORM_FIELD]: token }) }).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  return { headers, payload };
}

/** One HTTP/1.1 request over a loopback connection, the target sent exactly as given. */
function rawRequest(method: string, target: string, headers: Record<string, string>, payload: string | undefined): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    // Connection: close: the server closes once it has answered (ending our side first would drop a slow answer)
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const head = text.slice(0, split);
      let body = text.slice(split + 4);
      if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
        let decoded = '';
        for (let rest = body; ; ) {
          const size = parseInt(rest, 16);
          if (!size) break;
          const start = rest.indexOf('\r\n') + 2;
          decoded += rest.slice(start, start + size);
          rest = rest.slice(start + size + 2);
        }
        body = decoded;
      }
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0), body });
    });
    const lines = [`${method} ${target} HTTP/1.1`, 'Host: localhost', 'Connection: close'];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    lines.push(`Content-Length: ${Buffer.byteLength(payload ?? '')}`);
    socket.write(`${lines.join('\r\n')}\r\n\r\n${payload ?? ''}`);
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${method} ${target}`)));
  });
}

async function send(route: RouteEntry, forged: Forged): Promise<Answer> {
  const { headers, payload } = requestParts(route, forged);
  if (forged.socket) return rawRequest(route.method, forged.target, headers, payload);
  const response = await server.app.inject({
    method: route.method as 'POST',
    url: forged.target,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
  return { status: response.statusCode, body: response.body };
}

type Expectation = 'csrf' | 'odd';

function wrongAnswer(route: RouteEntry, expectation: Expectation, answer: Answer): string | null {
  if (!isApiRoute(route)) return answer.status >= 400 && answer.status < 500 ? null : 'expected a 4xx refusal';
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch {
    json = undefined;
  }
  if (expectation === 'csrf') {
    return answer.status === 403 && CSRF_REFUSALS.includes(JSON.stringify(json))
      ? null
      : 'expected 403 {"errors":["CSRF verification failed"],"code":"csrf_token" or "csrf_origin"}';
  }
  const errors = (json as { errors?: unknown } | undefined)?.errors;
  const ok = answer.status === 400 && Array.isArray(errors) && errors.length > 0 && errors.every((error) => typeof error === 'string');
  return ok ? null : 'expected 400 {"errors":[...]}';
}

/** Sends one forged request; returns what went wrong (nothing when it was refused and changed nothing). */
async function attack(route: RouteEntry, forged: Forged, expectation: Expectation): Promise<string | null> {
  await readyDana();
  const before = await snapshot();
  const answer = await send(route, forged);
  const changed = changedTables(before, await snapshot());
  const after = await danaStatus();
  const problems = [
    wrongAnswer(route, expectation, answer),
    changed.length > 0 ? `the handler ran: tables changed: ${changed.join(', ')}` : null,
    after.status !== 200 ? `the handler ran: Dana's session ended (${after.status})` : null,
    after.status === 200 && after.electdocs !== true ? "the handler ran: Dana's go-green choice changed" : null,
  ].filter((problem): problem is string => problem !== null);
  if (problems.length === 0) return null;
  const shown = answer.body.length > 150 ? `${answer.body.slice(0, 150)}...` : answer.body;
  return `${route.method} ${forged.target}${forged.socket ? ' (raw)' : ''} answered ${answer.status} ${shown}: ${problems.join('; ')}`;
}

// ---------------------------------------------------------------------------------------------
// The forms of a path

const hex = (char: string) => char.charCodeAt(0).toString(16);

/** Spellings the router decodes to the same route: a letter of each segment percent-encoded (first and last letter; upper- and lower-case hex). */
function percentEncodedForms(url: string): string[] {
  const segments = url.split('/');
  const forms = new Set<string>();
  segments.forEach((segment, index) => {
    if (segment === '' || segment.startsWith(':') || segment === '*') return;
    for (const at of [0, segment.length - 1]) {
      const char = segment[at]!;
      if (!/[A-Za-z]/.test(char)) continue;
      for (const code of [hex(char), hex(char).toUpperCase()]) {
        const encoded = `${segment.slice(0, at)}%${code}${segment.slice(at + 1)}`;
        forms.add(segments.map((other, position) => (position === index ? encoded : other)).join('/'));
      }
    }
  });
  return [...forms];
}

/** Spellings the server must refuse as odd: double slashes (inject keeps them) and absolute-form targets (raw). */
function oddForms(url: string): Array<{ target: string; socket: boolean }> {
  const [, first, ...rest] = url.split('/');
  return [
    { target: `/${url}`, socket: false },
    { target: `/${first}//${rest.join('/')}`, socket: false },
    { target: `http://evil.example${url}`, socket: true },
  ];
}

// ---------------------------------------------------------------------------------------------

describe('the route list', () => {
  it("holds every unsafe route of the spec and the header's forms (the matrix covers what the server registers)", () => {
    const listed = unsafeRoutes.map((route) => `${route.method} ${route.url}`);
    expect(listed).toEqual(expect.arrayContaining(EXPECTED_UNSAFE));
    // anything beyond those is a new unsafe route: the matrix below covers it too, with {} as its body
    expect(listed.length).toBeGreaterThanOrEqual(EXPECTED_UNSAFE.length);
  });
});

describe('every unsafe route refuses a forged request, and its handler does not run', () => {
  const variants: Array<[string, Expectation, (route: RouteEntry) => Forged[]]> = [
    ['without the CSRF token', 'csrf', (route) => [{ target: route.url, token: 'none', csrfCookie: true }]],
    ['with a wrong CSRF token', 'csrf', (route) => [{ target: route.url, token: 'wrong', csrfCookie: true }]],
    ['with a malformed CSRF token', 'csrf', (route) => [{ target: route.url, token: 'malformed', csrfCookie: true }]],
    ['with the token but without its cookie', 'csrf', (route) => [{ target: route.url, token: 'right', csrfCookie: false }]],
    [
      'from a cross-site Origin, even with the right token',
      'csrf',
      (route) =>
        [EVIL, 'http://portal.test.evil.example', 'null'].map((origin) => ({
          target: route.url,
          token: 'right' as const,
          csrfCookie: true,
          headers: { origin },
        })),
    ],
    [
      'with Sec-Fetch-Site: cross-site, even with the right token',
      'csrf',
      (route) => [{ target: route.url, token: 'right', csrfCookie: true, headers: { 'sec-fetch-site': 'cross-site' } }],
    ],
    [
      'through a percent-encoded spelling of its path, without the token',
      'csrf',
      (route) => percentEncodedForms(route.url).map((target) => ({ target, token: 'none' as const, csrfCookie: true })),
    ],
    [
      'through a double slash or an absolute-form target, without the token',
      'odd',
      (route) => oddForms(route.url).map(({ target, socket }) => ({ target, socket, token: 'none' as const, csrfCookie: true })),
    ],
    [
      'through a double slash or an absolute-form target, even with the right token',
      'odd',
      (route) => oddForms(route.url).map(({ target, socket }) => ({ target, socket, token: 'right' as const, csrfCookie: true })),
    ],
  ];

  it.each(variants)('%s', async (_name, expectation, forge) => {
    const problems: string[] = [];
    let sent = 0;
    for (const route of unsafeRoutes) {
      for (const forged of forge(route)) {
        sent += 1;
        const problem = await attack(route, forged, expectation);
        if (problem) problems.push(problem);
      }
    }
    expect(sent).toBeGreaterThanOrEqual(unsafeRoutes.length);
    expect(problems).toEqual([]);
  });

  it('the percent-encoded forms include the ones named in the contract', () => {
    const forms = percentEncodedForms('/loanmanager/api/go-green/opt_out/');
    expect(forms).toEqual(
      expect.arrayContaining(['/loanmanager/%61pi/go-green/opt_out/', '/loanmanager/ap%69/go-green/opt_out/', '/%6coanmanager/api/go-green/opt_out/']),
    );
    expect(percentEncodedForms('/loanmanager/api/account/logout/')).toContain('/loanmanager/%61pi/account/logout/');
  });
});

describe('positive controls (the matrix cannot pass because everything is refused)', () => {
  it('every unsafe route accepts the same request with the right token, with no Origin or a same-origin one', async () => {
    const problems: string[] = [];
    for (const origin of [undefined, 'http://localhost:80', 'http://portal.test']) {
      for (const route of unsafeRoutes) {
        await readyDana();
        const headers: Record<string, string> = origin ? { origin, 'sec-fetch-site': 'same-origin' } : {};
        const answer = await send(route, { target: route.url, token: 'right', csrfCookie: true, headers });
        const refused = answer.status === 403 && answer.body.includes('CSRF verification failed');
        if (refused || answer.status >= 500 || answer.status === 404) {
          problems.push(`${route.method} ${route.url} (Origin ${origin ?? 'none'}) answered ${answer.status} ${answer.body.slice(0, 150)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('the detectors see a handler that runs: opt_out changes the tables and the choice, the switch the account, sign-out ends the session', async () => {
    const optOut = unsafeRoutes.find((route) => route.url === `${API}go-green/opt_out/`)!;
    await readyDana();
    let before = await snapshot();
    const answer = await send(optOut, { target: optOut.url, token: 'right', csrfCookie: true });
    expect(answer.status).toBe(200);
    expect(changedTables(before, await snapshot())).toEqual(expect.arrayContaining(['borrowers', 'consent_audit']));
    expect(await danaStatus()).toEqual({ status: 200, electdocs: false });

    // a percent-encoded spelling reaches the same handler (so refusing it without the token matters)
    await readyDana();
    before = await snapshot();
    const encoded = await send(optOut, { target: '/loanmanager/%61pi/go-green/opt_out/', token: 'right', csrfCookie: true });
    expect(encoded.status).toBe(200);
    expect(changedTables(before, await snapshot())).toContain('consent_audit');

    // the language switch: the account's language changes
    const language = unsafeRoutes.find((route) => route.url === '/loanmanager/locale/')!;
    await readyDana();
    before = await snapshot();
    const switched = await send(language, { target: language.url, token: 'right', csrfCookie: true });
    expect(switched.status).toBe(303);
    expect(changedTables(before, await snapshot())).toContain('users');

    const form = unsafeRoutes.find((route) => route.url === '/loanmanager/logout/')!;
    await readyDana();
    const out = await send(form, { target: form.url, token: 'right', csrfCookie: true });
    expect(out.status).toBe(303);
    expect((await danaStatus()).status).toBe(401);
    await readyDana();
  });
});
