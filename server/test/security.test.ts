import { createHash } from 'node:crypto';
import { DEMO_BORROWERS, DEMO_PASSWORD } from '../db/seed';
import { HOLD_EARLY_SUBMITS_CSP, HOLD_EARLY_SUBMITS_SCRIPT } from '../pages/html';
import { API, nonceOf, pageConfig, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('CSRF', () => {
  it('sets a readable csrftoken cookie on pages and on API responses that lack one', async () => {
    const client = server.client();
    const page = await client.get('/loanmanager/register/');
    const cookie = page.cookies.find((candidate) => candidate.name === 'csrftoken');
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // kept while valid
    const again = await client.get('/loanmanager/login/');
    expect(again.cookies.find((candidate) => candidate.name === 'csrftoken')).toBeUndefined();
    const api = await server.client().get(`${API}go-green/status/`);
    expect(api.cookies.find((candidate) => candidate.name === 'csrftoken')).toBeDefined();
  });

  it.each([
    ['missing', false],
    ['wrong', 'A'.repeat(43)],
    ['malformed', 'short'],
  ] as const)('refuses an unsafe API request with the header %s (403 JSON)', async (_case, csrf) => {
    const client = server.client();
    await client.visit();
    const response = await client.post(`${API}account/login/`, { username: 'dana.demo', password: DEMO_PASSWORD }, { csrf });
    expect(response.statusCode).toBe(403);
    // the widgets tell a CSRF refusal by its code, never by its text (docs/embedding.md)
    expect(response.json()).toEqual({ errors: ['CSRF verification failed'], code: 'csrf_token' });
    expect(response.cookies.find((cookie) => cookie.name === 'sessionid')).toBeUndefined();
  });

  it('refuses a request another site sent with the code csrf_origin, even with the right token', async () => {
    const client = server.client();
    await client.visit();
    const response = await client.post(`${API}account/logout/`, undefined, { headers: { origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ errors: ['CSRF verification failed'], code: 'csrf_origin' });
  });

  it('GET account/csrf/ sets the cookie a browser lacks (a host page before its first unsafe call), and keeps one it has', async () => {
    const client = server.client();
    const first = await client.get(`${API}account/csrf/`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({});
    expect(first.headers['cache-control']).toBe('no-store');
    const cookie = first.cookies.find((candidate) => candidate.name === 'csrftoken');
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(cookie?.httpOnly).toBeFalsy();
    // the first unsafe call with it passes the check
    const reset = await client.post(`${API}account/request_password_reset/`, { username: 'nobody', recaptcha_response: 't' });
    expect(reset.statusCode).toBe(200);
    const again = await client.get(`${API}account/csrf/`);
    expect(again.cookies.find((candidate) => candidate.name === 'csrftoken')).toBeUndefined();
  });

  it('refuses a header without the cookie, even when it looks valid, and sets the cookie on that refusal', async () => {
    const client = server.client();
    const response = await client.post(`${API}account/logout/`, undefined, { csrf: 'A'.repeat(43) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'csrf_token' });
    // a widget on a host server without GET account/csrf/ sends the call again once with it (docs/embedding.md)
    const cookie = response.cookies.find((candidate) => candidate.name === 'csrftoken');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await client.post(`${API}account/logout/`)).statusCode).toBe(200);
  });

  it('refuses signed-in unsafe requests without the header', async () => {
    const client = server.client();
    await client.login('dana.demo');
    const response = await client.post(`${API}go-green/opt_out/`, undefined, { csrf: false });
    expect(response.statusCode).toBe(403);
    expect((await client.get(`${API}go-green/status/`)).json()).toMatchObject({ electdocs: false });
  });

  it('cookies are Secure behind an https proxy', async () => {
    const client = server.client();
    const page = await client.get('/loanmanager/login/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(page.cookies.find((cookie) => cookie.name === 'csrftoken')?.secure).toBe(true);
    const login = await client.post(
      `${API}account/login/`,
      { username: 'dana.demo', password: DEMO_PASSWORD },
      { headers: { 'x-forwarded-proto': 'https' } },
    );
    expect(login.cookies.find((cookie) => cookie.name === 'sessionid')).toMatchObject({ secure: true, httpOnly: true });
    const plain = await server.client().get('/loanmanager/login/');
    expect(plain.cookies.find((cookie) => cookie.name === 'csrftoken')?.secure).toBeFalsy();
  });
});

describe('__Host- cookies in production over https', () => {
  const HTTPS = { 'x-forwarded-proto': 'https' };
  let production: TestServer;
  beforeAll(async () => {
    production = await startTestServer({ production: true });
  });
  afterAll(async () => {
    await production.close();
  });

  it('names the session and CSRF cookies __Host- (Secure, Path=/, no Domain) in production over https', async () => {
    const client = production.client();
    const page = await client.get('/loanmanager/login/', { headers: HTTPS });
    const csrf = page.cookies.find((cookie) => cookie.name === '__Host-csrftoken');
    expect(csrf).toMatchObject({ secure: true, path: '/' });
    expect(csrf?.domain).toBeUndefined();
    expect(page.cookies.find((cookie) => cookie.name === 'csrftoken')).toBeUndefined();
    const token = csrf?.value ?? '';
    const login = await client.post(
      `${API}account/login/`,
      { username: 'dana.demo', password: DEMO_PASSWORD },
      { headers: { ...HTTPS, 'x-csrftoken': token }, csrf: false },
    );
    expect(login.statusCode).toBe(200);
    const session = login.cookies.find((cookie) => cookie.name === '__Host-sessionid');
    expect(session).toMatchObject({ secure: true, httpOnly: true, path: '/' });
    expect(session?.domain).toBeUndefined();
    expect(login.cookies.find((cookie) => cookie.name === 'sessionid')).toBeUndefined();
    // the session works under its name
    const status = await client.get(`${API}go-green/status/`, { headers: HTTPS });
    expect(status.statusCode).toBe(200);
  });

  it('keeps the plain names in development, over https too, and in production over plain http', async () => {
    const development = await server.client().get('/loanmanager/login/', { headers: HTTPS });
    expect(development.cookies.map((cookie) => cookie.name)).toContain('csrftoken');
    const plainHttp = await production.client().get('/loanmanager/login/');
    expect(plainHttp.cookies.map((cookie) => cookie.name)).toContain('csrftoken');
    expect(plainHttp.cookies.map((cookie) => cookie.name)).not.toContain('__Host-csrftoken');
  });

  it('accepts no plainly named cookie in production over https: a planted CSRF token or session is ignored', async () => {
    // a related subdomain can plant `csrftoken` and `sessionid` for the whole domain, never a `__Host-` cookie
    const planted = 'P'.repeat(43);
    const refused = await production.app.inject({
      method: 'POST',
      url: `${API}account/request_password_reset/`,
      headers: { ...HTTPS, cookie: `csrftoken=${planted}`, 'x-csrftoken': planted, 'content-type': 'application/json' },
      payload: { username: 'nobody', recaptcha_response: 't' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errors: ['CSRF verification failed'], code: 'csrf_token' });

    // a real session's key under the plain name signs no one in
    const dana = production.client();
    const page = await dana.get('/loanmanager/login/', { headers: HTTPS });
    const token = page.cookies.find((cookie) => cookie.name === '__Host-csrftoken')?.value ?? '';
    const login = await dana.post(`${API}account/login/`, { username: 'dana.demo', password: DEMO_PASSWORD }, { headers: { ...HTTPS, 'x-csrftoken': token }, csrf: false });
    const key = login.cookies.find((cookie) => cookie.name === '__Host-sessionid')?.value ?? '';
    expect(key).not.toBe('');
    const replanted = await production.app.inject({
      method: 'GET',
      url: `${API}go-green/status/`,
      headers: { ...HTTPS, cookie: `sessionid=${key}` },
    });
    expect(replanted.statusCode).toBe(401);
  });
});

describe('bad input never causes a 500', () => {
  const cases: Array<[string, { rawBody: string; headers?: Record<string, string> }, number, string]> = [
    ['malformed JSON', { rawBody: '{"username": "dana.demo", "password": ' }, 400, 'Malformed JSON body'],
    ['a JSON array', { rawBody: '[1,2]' }, 400, 'Expected a JSON object'],
    ['JSON null', { rawBody: 'null' }, 400, 'Expected a JSON object'],
    ['a prototype-poisoning body', { rawBody: '{"__proto__": {"admin": true}}' }, 400, 'Malformed JSON body'],
    ['an empty JSON body', { rawBody: '' }, 400, 'Empty JSON body: send {} or no Content-Type'],
    ['a form body', { rawBody: 'username=a&password=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, 415, 'Unsupported content type: send application/json'],
    ['a text body', { rawBody: 'username', headers: { 'content-type': 'text/plain' } }, 400, 'Expected a JSON object'],
    ['a body over 16 KB', { rawBody: JSON.stringify({ username: 'a', password: 'x'.repeat(17 * 1024) }) }, 413, 'Request body too large (limit 16384 bytes)'],
  ];

  it.each(cases)('%s is refused with a JSON error', async (_name, options, status, message) => {
    const client = server.client();
    await client.visit();
    const response = await client.post(`${API}account/login/`, undefined, options);
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ errors: [message] });
  });

  it('wrong types are 400 with the field named; unknown fields are refused without echoing their names', async () => {
    const client = server.client();
    await client.visit();
    const wrongType = await client.post(`${API}account/login/`, { username: 12, password: ['x'] });
    expect(wrongType.json()).toEqual({ errors: ['username: Expected a string', 'password: Expected a string'] });
    const unknown = await client.post(`${API}account/login/`, { username: 'a', password: 'b', role: 'admin' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ errors: ['Unknown field in the request'] });
    const echoed = await client.post(`${API}account/login/`, { username: 'a', password: 'b', '<img src=x>': 1 });
    expect(echoed.statusCode).toBe(400);
    expect(echoed.body).not.toContain('img');
  });

  it('unknown API paths and methods answer JSON 404', async () => {
    const client = server.client();
    await client.visit();
    const missing = await client.get(`${API}nothing/here/`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ errors: ['Not found'] });
    const wrongMethod = await client.get(`${API}account/login/`);
    expect(wrongMethod.statusCode).toBe(404);
    expect(wrongMethod.json()).toEqual({ errors: ['Not found'] });
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After once an address exceeds the limit, then recovers', async () => {
    const limited = await startTestServer({ rateLimitMax: 3 });
    try {
      const client = limited.client();
      await client.visit();
      const attempt = () =>
        client.post(`${API}account/request_password_reset/`, { username: 'nobody', recaptcha_response: 't' });
      for (let index = 0; index < 3; index += 1) expect((await attempt()).statusCode).toBe(200);
      const refused = await attempt();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toEqual({ errors: ['Too many requests. Please wait a minute and try again.'] });
      // other clients' addresses are counted apart
      const elsewhere = await limited.app.inject({
        method: 'POST',
        url: `${API}account/request_password_reset/`,
        remoteAddress: '10.0.0.9',
        headers: { cookie: client.cookieHeader(), 'x-csrftoken': client.cookies.get('csrftoken') ?? '' },
        payload: { username: 'nobody', recaptcha_response: 't' },
      });
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('security headers', () => {
  it('pages and API answers carry CSP and friends', async () => {
    const client = server.client();
    const pages = ['/loanmanager/login/', '/loanmanager/reset_password/some-nonce/', '/loanmanager/verify_email/?nonce=some-nonce'];
    for (const url of [...pages, `${API}go-green/status/`, '/loanmanager/static/loanmanager-widgets.js']) {
      const response = await client.get(url);
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(response.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
      expect(response.headers['content-security-policy']).not.toContain('google');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it("runs one inline script, the early submit's hold, by its hash, and no other", async () => {
    const response = await server.client().get('/loanmanager/login/');
    const inline = [...response.body.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*application\/json)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
    expect(inline).toEqual([HOLD_EARLY_SUBMITS_SCRIPT]);
    const hash = `'sha256-${createHash('sha256').update(inline[0] ?? '').digest('base64')}'`;
    const scriptSources = /script-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1]?.split(' ') ?? [];
    expect(scriptSources).toEqual(["'self'", hash]);
  });

  it('allows Google only with recaptcha_v3', async () => {
    const v3 = await startTestServer({
      recaptcha: { method: 'recaptcha_v3', siteKey: 'site-key', secret: 'secret' },
      captcha: { verify: async () => true },
    });
    try {
      const page = await v3.client().get('/loanmanager/register/');
      const csp = page.headers['content-security-policy'] as string;
      expect(csp).toContain(`script-src 'self' ${HOLD_EARLY_SUBMITS_CSP} https://www.google.com https://www.gstatic.com`);
      expect(csp).toContain('frame-src https://www.google.com https://www.gstatic.com');
      expect(page.body).toContain('"recaptcha":{"method":"recaptcha_v3","site_key":"site-key"}');
    } finally {
      await v3.close();
    }
  });

  it('lets the pages report errors to the Sentry DSN it is given, and to nothing else', async () => {
    const dsn = 'https://public-key@errors.example.com/42';
    const reporting = await startTestServer({ errorReportingDsn: dsn });
    try {
      const page = await reporting.client().get('/loanmanager/register/');
      const csp = page.headers['content-security-policy'] as string;
      expect(csp).toContain("connect-src 'self' https://errors.example.com;");
      expect(pageConfig(page.body).error_reporting).toEqual({ dsn });
    } finally {
      await reporting.close();
    }
    const page = await server.client().get('/loanmanager/register/');
    expect(page.headers['content-security-policy']).toContain("connect-src 'self';");
    expect(pageConfig(page.body)).not.toHaveProperty('error_reporting');
  });

  it('refuses a failed captcha', async () => {
    const strict = await startTestServer({ captcha: { verify: async () => false } });
    try {
      const client = strict.client();
      await client.visit();
      const response = await client.post(`${API}account/request_password_reset/`, {
        username: 'dana.demo',
        recaptcha_response: 'bad',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual(['The captcha check failed. Please try again.']);
      expect(await strict.outbox()).toEqual([]);
    } finally {
      await strict.close();
    }
  });
});

describe('logs', () => {
  it('never contain a password, SSN, date of birth, nonce or credential', async () => {
    const secrets: string[] = [];
    const client = server.client();
    await client.visit();
    const nico = DEMO_BORROWERS.find((borrower) => borrower.firstname === 'Nico')!;
    const password = 'Logged-never-7';
    secrets.push(password, nico.ssn, nico.dob);
    await client.post(`${API}account/register/`, {
      firstname: 'Nico',
      lastname: 'Newcomer',
      username: 'nico.logs',
      password,
      email: 'nico.logs@example.com',
      loanno: nico.loans[0]!.loanno,
      ssn: nico.ssn,
      dob: nico.dob,
      remember_this_browser: false,
      recaptcha_response: 'captcha-secret-value',
    });
    secrets.push('captcha-secret-value');
    const [verifyMail] = await server.outbox();
    const verifyNonce = nonceOf(verifyMail!.paths[0]!);
    secrets.push(verifyNonce);
    await client.get(verifyMail!.paths[0]!);
    await client.post(`${API}anon-user/verify_email/`, { nonce: verifyNonce });

    await client.post(`${API}account/request_password_reset/`, { username: 'nico.logs', recaptcha_response: 't' });
    const [resetMail] = await server.outbox();
    const resetNonce = nonceOf(resetMail!.paths[0]!);
    secrets.push(resetNonce);
    await client.get(resetMail!.paths[0]!);
    await client.get(resetMail!.paths[0]!.replace(/\/$/, ''));
    await client.post(`${API}account/validate_nonce/`, { nonce: resetNonce });
    await client.post(`${API}account/reset_password/`, { nonce: resetNonce, password: 'Logged-never-8', password2: 'x' });
    await client.post(`${API}account/reset_password/`, {
      nonce: resetNonce,
      password: 'Logged-never-8',
      password2: 'Logged-never-8',
    });
    secrets.push('Logged-never-8');
    // failures too: a malformed body around a password, an unknown field, a bad login
    await client.post(`${API}account/login/`, undefined, { rawBody: '{"username":"nico.logs","password":"Logged-never-9' });
    await client.post(`${API}account/login/`, { username: 'nico.logs', password: 'Logged-never-9', ssn: nico.ssn });
    await client.post(`${API}account/login/`, { username: 'nico.logs', password: 'Logged-never-9' });
    secrets.push('Logged-never-9');
    await client.login('nico.logs', 'Logged-never-8');
    secrets.push(client.cookies.get('sessionid')!, client.cookies.get('csrftoken')!);
    await client.get(`${API}go-green/status/`, { headers: { authorization: 'Token demo_token_dana_demo_not_a_secret_0001' } });
    secrets.push('demo_token_dana_demo_not_a_secret_0001');

    const logs = server.logs();
    expect(logs).toContain('request completed');
    expect(logs).toContain('/loanmanager/reset_password/[redacted]/');
    // A secret between digits is not a leak: a response time such as 0.5135190000000875 holds
    // the fake SSN 900000008 (a CI run failed on exactly that).
    const leaks = (secret: string) =>
      new RegExp(`(?<![0-9])${secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![0-9])`).test(logs);
    for (const secret of [...secrets, nico.dob.replace(/-/g, '')]) expect({ secret, leaked: leaks(secret) }).toEqual({ secret, leaked: false });
  });
});
