/**
 * The server's security controls, each pinned: production start-up refusals, keyed identity
 * values, mail at rest, timeouts, 431/414 answers, HSTS, source maps, token expiry and
 * revocation, the sign-in lockout, scrypt cost and rehash, and a rate limit on every route.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { DEFAULT_SCRYPT_N, optionsFromEnv } from '../config';
import { openRepositories } from '../db/open';
import { openSqliteRepositories } from '../db/open';
import type { RepositoryOptions } from '../db/records';
import { MIGRATIONS } from '../db/migrations';
import { dialectOf } from '../db/dialect';
import { DEMO_API_TOKEN, DEMO_BORROWERS, DEMO_PASSWORD } from '../db/seed';
import type { MailTransport } from '../mail/mail';
import { serverKeys, ssnDigest } from '../auth/secrets';
import { hashPassword } from '../auth/security';
import { PROBE_PATHS } from '../routes/health';
import { API, PRODUCTION_ENV, REPO_ROOT, TEST_ENGINE, TEST_SCRYPT_N, createTestSchema, itOnSqlite, nonceOf, registrationBody, startTestServer, type TestServer } from './harness';

const nora = DEMO_BORROWERS.find((borrower) => borrower.firstname === 'Nora')!;
const reggie = DEMO_BORROWERS.find((borrower) => borrower.firstname === 'Reggie')!;

const registration = registrationBody;

/** A transport that records every message and delivers only when told (or fails, when told). */
function heldTransport() {
  const sent: Array<{ to: string; text: string }> = [];
  // one entry per send under way, released in order by deliver()
  const held: Array<() => void> = [];
  let fail = false;
  const transport: MailTransport = {
    async sendMail(message) {
      await new Promise<void>((resolve) => {
        held.push(resolve);
      });
      if (fail) throw Object.assign(new Error(`could not reach the server for ${message.text}`), { code: 'ECONNECTION' });
      sent.push({ to: message.to, text: message.text });
    },
  };
  return {
    transport,
    sent,
    /** Lets the next send go through, once the worker has started it (it claims asynchronously). */
    deliver: async () => {
      await waitFor(() => held.length > 0);
      held.shift()!();
    },
    failNext: () => {
      fail = true;
    },
  };
}

const waitFor = async (condition: () => boolean, ms = 2000) => {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

const waitForRows = async (check: () => Promise<boolean>, ms = 2000) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

function readDatabase<T>(server: TestServer, sql: string, ...params: unknown[]): Promise<T[]> {
  return server.query<T>(sql, params);
}

describe('production start-up', () => {
  it.each([
    ['SERVER_SECRET', /^SERVER_SECRET is required in production/],
    ['RECAPTCHA_METHOD', /^RECAPTCHA_METHOD must be recaptcha_v3 in production/],
    ['RECAPTCHA_SITE_KEY', /^RECAPTCHA_SITE_KEY is required in production/],
    ['RECAPTCHA_SECRET', /^RECAPTCHA_SECRET is required in production/],
    ['PUBLIC_URL', /^PUBLIC_URL is required in production/],
    ['SMTP_URL', /^SMTP_URL is required in production/],
  ])('refuses to start without %s, naming it', (name, message) => {
    const env: Record<string, string> = { ...PRODUCTION_ENV };
    delete env[name];
    expect(() => optionsFromEnv(env)).toThrow(message);
    expect(() => optionsFromEnv(PRODUCTION_ENV)).not.toThrow();
  });

  it('refuses an http PUBLIC_URL and a short secret', () => {
    expect(() => optionsFromEnv({ ...PRODUCTION_ENV, PUBLIC_URL: 'http://portal.example.com' })).toThrow(
      /^PUBLIC_URL must be an https:\/\/ address in production/,
    );
    expect(() => optionsFromEnv({ ...PRODUCTION_ENV, SERVER_SECRET: 'short' })).toThrow(/^SERVER_SECRET must be at least 32/);
  });

  it('says why in one line on stderr and exits 1', () => {
    const result = spawnSync(process.execPath, [path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'), 'server/main.ts'], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, ...PRODUCTION_ENV, SERVER_SECRET: '', PORT: '0' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'Could not start the server: SERVER_SECRET is required in production (openssl rand -base64 32)',
    ]);
  });

  it('seeds no demo data unless asked for by name; development still seeds', () => {
    expect(optionsFromEnv(PRODUCTION_ENV).seedDemoData).toBe(false);
    expect(optionsFromEnv({ ...PRODUCTION_ENV, SEED_DEMO_DATA: '1' }).seedDemoData).toBe(true);
    expect(optionsFromEnv({}).seedDemoData).toBe(true);
    expect(optionsFromEnv({ SEED_DEMO_DATA: '0' }).seedDemoData).toBe(false);
  });

  it('an empty production database has no demo sign-in, and the static demo token never works in production', async () => {
    const empty = await startTestServer({ production: true, seedDemoData: false });
    try {
      const client = empty.client();
      await client.visit();
      const login = await client.post(`${API}account/login/`, { username: 'dana.demo', password: DEMO_PASSWORD });
      expect(login.statusCode).toBe(400);
    } finally {
      await empty.close();
    }
    const seeded = await startTestServer({ production: true, seedDemoData: true });
    try {
      const response = await seeded.client().get(`${API}go-green/status/`, { headers: { authorization: `Token ${DEMO_API_TOKEN}` } });
      expect(response.statusCode).toBe(401);
    } finally {
      await seeded.close();
    }
  });
});

describe('identity values at rest', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('stores neither SSN nor date of birth: only HMACs keyed by the server secret', async () => {
    const columns = (
      await readDatabase<{ name: string }>(
        server,
        server.schema
          ? "SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'borrowers'"
          : "SELECT name FROM pragma_table_info('borrowers')",
      )
    ).map((c) => c.name);
    expect(columns).toEqual(expect.arrayContaining(['ssn_key', 'dob_key']));
    expect(columns).not.toContain('dob');
    expect(columns).not.toContain('ssn_hash');
    const rows = await readDatabase<{ ssn_key: string; dob_key: string }>(server, 'SELECT ssn_key, dob_key FROM borrowers');
    const unkeyed = new Set(DEMO_BORROWERS.flatMap((borrower) => [ssnDigest(borrower.ssn), borrower.ssn, borrower.dob]));
    for (const row of rows) {
      expect(row.ssn_key).toMatch(/^[0-9a-f]{64}$/);
      expect(unkeyed.has(row.ssn_key)).toBe(false);
      expect(unkeyed.has(row.dob_key)).toBe(false);
    }
    // on PostgreSQL, personalDataAtRest-style file scans are the cluster's business (docs/security.md)
    const raw = server.schema ? '' : fs.readFileSync(server.databasePath).toString('latin1');
    for (const borrower of DEMO_BORROWERS) {
      expect(raw.includes(borrower.dob)).toBe(false);
      expect(raw.includes(ssnDigest(borrower.ssn))).toBe(false);
    }
  });

  it('another secret cannot match a borrower; during a rotation the previous secret still does, and the row moves to the new key', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loanmanager-rotation-'));
    const file = path.join(dir, 'db.sqlite');
    const lockout = { failures: 5, windowMs: 60_000 };
    const oldSecret = randomBytes(32);
    const newSecret = randomBytes(32);
    // the same database on either engine: a SQLite file, or a fresh PostgreSQL schema
    const schema = TEST_ENGINE === 'postgres' ? await createTestSchema() : null;
    const open = (identity: RepositoryOptions['identity']) =>
      openRepositories({ databaseUrl: schema?.databaseUrl ?? null, databasePath: file, poolSize: 2, identity, lockout });
    try {
      const first = await open(serverKeys(oldSecret).identity);
      await first.seedLoan({ loanno: '9000000099', propertyAddress: 'x', monthlyPaymentCents: 1, nextPaymentDue: '2026-01-01' });
      const borrower = { ...nora, loans: [] };
      const id = await first.seedBorrower(borrower, [{ loanno: '9000000099', role: 'primary' }]);
      expect((await first.findLoanMatch('9000000099', nora.ssn, nora.dob))?.borrower.id).toBe(id);
      await first.close();

      const stranger = await open(serverKeys(newSecret).identity);
      expect(await stranger.findLoanMatch('9000000099', nora.ssn, nora.dob)).toBeNull();
      await stranger.close();

      const rotating = await open(serverKeys(newSecret, oldSecret).identity);
      expect((await rotating.findLoanMatch('9000000099', nora.ssn, nora.dob))?.borrower.id).toBe(id);
      await rotating.close();

      const rotated = await open(serverKeys(newSecret).identity);
      expect((await rotated.findLoanMatch('9000000099', nora.ssn, nora.dob))?.borrower.id).toBe(id);
      expect(await rotated.findLoanMatch('9000000099', nora.ssn, '1985-04-13')).toBeNull();
      await rotated.close();
    } finally {
      await schema?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  itOnSqlite('migration 2 keys the rows of an existing database in place and leaves no date of birth in the file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loanmanager-migrate-'));
    const file = path.join(dir, 'db.sqlite');
    try {
      const old = new BetterSqlite3(file);
      old.pragma('journal_mode = WAL');
      old.exec(dialectOf('sqlite').ddl(`${MIGRATIONS[0]!.sql}${MIGRATIONS[0]!.sqlite as string}`));
      old.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
      old.prepare('INSERT INTO schema_migrations VALUES (1, ?, 0)').run(MIGRATIONS[0]!.name);
      old.prepare("INSERT INTO loans VALUES ('9000000099', 'x', 1, '2026-01-01')").run();
      old
        .prepare('INSERT INTO borrowers (firstname, lastname, ssn_hash, dob) VALUES (?, ?, ?, ?)')
        .run('Nora', 'Newcomer', ssnDigest(nora.ssn), nora.dob);
      old.prepare("INSERT INTO loan_borrowers VALUES ('9000000099', 1, 'primary')").run();
      old.prepare("INSERT INTO outbox (to_address, subject, body, links, created_at) VALUES ('a@example.com', 's', 'live link', '[]', 0)").run();
      old.close();

      const store = await openSqliteRepositories(file, { identity: serverKeys(randomBytes(32)).identity, lockout: { failures: 5, windowMs: 1 } });
      expect((await store.findLoanMatch('9000000099', nora.ssn, nora.dob))?.borrower.firstname).toBe('Nora');
      expect((await store.listOutbox(10))[0]).toMatchObject({ subject: 's', body: null });
      await store.close();
      for (const name of fs.readdirSync(dir)) {
        const text = fs.readFileSync(path.join(dir, name)).toString('latin1');
        expect({ name, dob: text.includes(nora.dob), digest: text.includes(ssnDigest(nora.ssn)), link: text.includes('live link') }).toEqual({
          name,
          dob: false,
          digest: false,
          link: false,
        });
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('mail at rest', () => {
  it('production: a message waiting for delivery is sealed, and its text is deleted once delivered', async () => {
    const held = heldTransport();
    const server = await startTestServer({ production: true, seedDemoData: true, mailTransport: held.transport });
    try {
      const client = server.client();
      await client.visit();
      const response = await client.post(`${API}account/request_password_reset/`, { username: 'dana.demo', recaptcha_response: 't' });
      expect(response.statusCode).toBe(200);
      // the link is made once the answer has gone (equal timing)
      await server.app.mailer.settled();
      const waiting = await readDatabase<{ body: string; links: string; sealed: number }>(server, 'SELECT body, links, sealed FROM outbox');
      expect(waiting).toHaveLength(1);
      expect(Number(waiting[0]!.sealed)).toBe(1);
      expect(waiting[0]!.body).toMatch(/^gcm1\./);
      expect(waiting[0]!.body).not.toContain('reset_password');
      expect(waiting[0]!.links).not.toContain('reset_password');
      await held.deliver();
      await waitFor(() => held.sent.length === 1);
      await waitForRows(async () => (await readDatabase<{ body: string | null }>(server, 'SELECT body FROM outbox'))[0]?.body === null);
      expect(held.sent[0]!.text).toContain('http://portal.test/loanmanager/reset_password/');
      expect(await readDatabase(server, 'SELECT to_address, subject, links FROM outbox')).toEqual([
        { to_address: 'dana.demo@example.com', subject: 'Reset your Loan Manager password', links: null },
      ]);
    } finally {
      await server.close();
    }
  });

  it('production: an undelivered message stays sealed and is purged when its link expires', async () => {
    const held = heldTransport();
    const server = await startTestServer({ production: true, seedDemoData: true, mailTransport: held.transport });
    try {
      const client = server.client();
      await client.visit();
      await client.post(`${API}account/request_password_reset/`, { username: 'dana.demo', recaptcha_response: 't' });
      held.failNext();
      await held.deliver();
      await waitForRows(
        async () => (await readDatabase<{ send_error: string | null }>(server, 'SELECT send_error FROM outbox'))[0]?.send_error !== null,
      );
      const failed = (await readDatabase<{ body: string; send_error: string }>(server, 'SELECT body, send_error FROM outbox'))[0]!;
      expect(failed.body).toMatch(/^gcm1\./);
      // the error's text quoted the message: only its code is kept
      expect(failed.send_error).toBe('ECONNECTION');
      expect(server.logs()).not.toContain('reset_password/');
      server.clock.advance(61 * 60 * 1000);
      await client.post(`${API}account/request_password_reset/`, { username: 'nobody.at.all', recaptcha_response: 't' });
      // any mail sent purges what has expired, in the delivery pass it starts (not awaited by the
      // request); so does the minute timer
      await client.post(`${API}account/request_password_reset/`, { username: 'paula.paperless', recaptcha_response: 't' });
      await waitForRows(async () => (await readDatabase<{ body: string | null }>(server, 'SELECT body FROM outbox ORDER BY id'))[0]?.body === null);
      const rows = await readDatabase<{ subject: string; body: string | null }>(server, 'SELECT subject, body FROM outbox ORDER BY id');
      expect(rows[0]).toEqual({ subject: 'Reset your Loan Manager password', body: null });
      expect(rows[1]!.body).toMatch(/^gcm1\./);
    } finally {
      // a send still held would keep the server from closing
      await held.deliver().catch(() => undefined);
      await server.close();
    }
  });

  it('development: readable in the developer mailbox until the link expires, then purged', async () => {
    const server = await startTestServer();
    try {
      const client = server.client();
      await client.visit();
      await client.post(`${API}account/request_password_reset/`, { username: 'dana.demo', recaptcha_response: 't' });
      const [message] = await server.outbox();
      expect(message?.paths[0]).toMatch(/^\/loanmanager\/reset_password\//);
      server.clock.advance(61 * 60 * 1000);
      await client.post(`${API}account/request_password_reset/`, { username: 'sam.several', recaptcha_response: 't' });
      const [newest, purged] = await server.outbox();
      expect(newest?.paths).toHaveLength(1);
      expect(purged).toMatchObject({ subject: 'Reset your Loan Manager password', paths: [], purged: true });
      expect(purged?.body).not.toContain('reset_password');
    } finally {
      await server.close();
    }
  });
});

describe('timeouts and oversized requests', () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startTestServer({ requestTimeoutMs: 1000, headersTimeoutMs: 1000 });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = (server.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await server.close();
  });

  /** Writes `text` and collects everything the server sends until it closes the socket. */
  function exchange(text: string, limitMs = 8000): Promise<{ answer: string; closedAfterMs: number }> {
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString();
      });
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`still open after ${limitMs} ms`));
      }, limitMs);
      socket.on('close', () => {
        clearTimeout(timer);
        resolve({ answer, closedAfterMs: Date.now() - started });
      });
      socket.on('error', () => undefined);
    });
  }

  it('closes a request whose body never arrives, within seconds, with a JSON 408', async () => {
    const csrf = 'c'.repeat(43);
    const { answer, closedAfterMs } = await exchange(
      'POST /loanmanager/api/account/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        `Cookie: csrftoken=${csrf}\r\nX-CSRFToken: ${csrf}\r\nContent-Length: 100\r\n\r\n{"user`,
    );
    expect(closedAfterMs).toBeLessThan(4000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('{"errors":["Request timeout: the request did not arrive in time"]}');
  });

  it('closes a connection whose headers never finish', async () => {
    const { closedAfterMs } = await exchange('GET /loanmanager/login/ HTTP/1.1\r\nHost: x\r\nX-Slow: 1');
    expect(closedAfterMs).toBeLessThan(4000);
  });

  it('answers oversized headers with 431 in the JSON error shape, with the usual headers', async () => {
    const { answer } = await exchange(`GET /loanmanager/login/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer.toLowerCase()).toContain('content-security-policy: ');
    expect(answer.toLowerCase()).toContain('content-type: application/json');
    expect(answer).toContain('{"errors":["Request header fields too large"]}');
  });

  it('answers an address part over the limit with 414 in the JSON error shape', async () => {
    const response = await server.client().get(`/loanmanager/reset_password/${'a'.repeat(600)}/`);
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ errors: ['Request address too long'] });
    expect(response.headers['content-security-policy']).toBeDefined();
  });
});

describe('HSTS and source maps', () => {
  it('sends HSTS only over https as a trusted proxy reports it', async () => {
    const behindProxy = await startTestServer({ trustProxy: true });
    const direct = await startTestServer();
    try {
      const https = await behindProxy.client().get('/loanmanager/login/', { headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await behindProxy.client().get('/loanmanager/login/');
      expect(http.headers['strict-transport-security']).toBeUndefined();
      // without TRUST_PROXY anyone can send the header: it is not believed
      const spoofed = await direct.client().get('/loanmanager/login/', { headers: { 'x-forwarded-proto': 'https' } });
      expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behindProxy.close();
      await direct.close();
    }
  });

  it('serves no source map in production (development still does)', async () => {
    const production = await startTestServer({ production: true });
    const development = await startTestServer();
    try {
      for (const server of [production, development]) {
        fs.writeFileSync(path.join(server.dir, 'static', 'portal.0123456789.js.map'), '{"version":3}');
      }
      expect((await production.client().get('/loanmanager/static/portal.0123456789.js.map')).statusCode).toBe(404);
      expect((await production.client().get('/loanmanager/static/portal.0123456789.js')).statusCode).toBe(200);
      expect((await development.client().get('/loanmanager/static/portal.0123456789.js.map')).statusCode).toBe(200);
    } finally {
      await production.close();
      await development.close();
    }
  });

  it('webpack writes hidden source maps for production builds', () => {
    expect(fs.readFileSync(path.join(REPO_ROOT, 'webpack.config.ts'), 'utf8')).toMatch(/devtool: production \? 'hidden-source-map'/);
  });
});

describe('API tokens and sessions', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });
  const withToken = { headers: { authorization: `Token ${DEMO_API_TOKEN}` } };

  it('a token stops working when it expires', async () => {
    expect((await server.client().get(`${API}go-green/status/`, withToken)).statusCode).toBe(200);
    server.clock.advance(91 * 24 * 3600 * 1000);
    const expired = await server.client().get(`${API}go-green/status/`, withToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ errors: ['Invalid token.'] });
  });

  it('a password reset ends every other session and revokes every token of the account', async () => {
    const other = server.client();
    await other.login('dana.demo');
    expect((await other.get(`${API}go-green/status/`)).statusCode).toBe(200);
    const resetter = server.client();
    await resetter.visit();
    await resetter.post(`${API}account/request_password_reset/`, { username: 'dana.demo', recaptcha_response: 't' });
    const [mail] = await server.outbox();
    const nonce = nonceOf(mail!.paths[0]!);
    const reset = await resetter.post(`${API}account/reset_password/`, { nonce, password: 'Fresh-pass8!', password2: 'Fresh-pass8!' });
    expect(reset.statusCode).toBe(200);
    expect((await other.get(`${API}go-green/status/`)).statusCode).toBe(401);
    expect((await server.client().get(`${API}go-green/status/`, withToken)).statusCode).toBe(401);
  });
});

describe('sign-in lockout', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  async function attempt(username: string, password: string) {
    const client = server.client();
    await client.visit();
    return client.post(`${API}account/login/`, { username, password });
  }

  it('after 5 failures a username is locked for 15 minutes, even for the right password, whether it exists or not', async () => {
    for (const username of ['dana.demo', 'nobody.here']) {
      // the 5th failure is answered as paused at once (server/test/signIn.test.ts)
      for (let i = 0; i < 5; i += 1) expect((await attempt(username, 'Wrong-pass1!')).statusCode).toBe(i < 4 ? 400 : 429);
    }
    const locked = await attempt('dana.demo', DEMO_PASSWORD);
    const unknown = await attempt('nobody.here', DEMO_PASSWORD);
    for (const response of [locked, unknown]) {
      expect(response.statusCode).toBe(429);
      expect(response.headers['retry-after']).toBe('900');
      expect(response.cookies.find((cookie) => cookie.name === 'sessionid')).toBeUndefined();
    }
    // the same answer: the lock does not tell which usernames exist
    expect(locked.json()).toEqual(unknown.json());
    expect(locked.json()).toEqual({
      errors: ['Too many failed sign-in attempts: sign-in is paused for up to 15 minutes. Please try again after that, or reset your password.'],
      lockout_minutes: 15,
    });
    // other borrowers are unaffected; spaces or capitals do not open a second counter
    expect((await attempt('sam.several', DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await attempt(' DANA.demo ', DEMO_PASSWORD)).statusCode).toBe(429);
    server.clock.advance(15 * 60 * 1000);
    expect((await attempt('dana.demo', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('a success clears the count; a password reset lifts the lock', async () => {
    for (let i = 0; i < 4; i += 1) await attempt('dana.demo', 'Wrong-pass1!');
    expect((await attempt('dana.demo', DEMO_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) await attempt('dana.demo', 'Wrong-pass1!');
    expect((await attempt('dana.demo', 'Wrong-pass1!')).statusCode).toBe(429);
    expect((await attempt('dana.demo', DEMO_PASSWORD)).statusCode).toBe(429);
    const client = server.client();
    await client.visit();
    await client.post(`${API}account/request_password_reset/`, { username: 'dana.demo', recaptcha_response: 't' });
    const nonce = nonceOf((await server.outbox())[0]!.paths[0]!);
    await client.post(`${API}account/reset_password/`, { nonce, password: 'Fresh-pass8!', password2: 'Fresh-pass8!' });
    expect((await attempt('dana.demo', 'Fresh-pass8!')).statusCode).toBe(200);
  });
});

describe('password hashing', () => {
  it("uses OWASP's scrypt cost N=2^17 by default", async () => {
    expect(DEFAULT_SCRYPT_N).toBe(2 ** 17);
    expect(optionsFromEnv({}).scryptN).toBe(2 ** 17);
    expect(await hashPassword('Demo-pass1!', DEFAULT_SCRYPT_N)).toMatch(/^scrypt\$131072\$8\$1\$/);
  });

  it('rehashes a weaker stored hash at sign-in', async () => {
    const server = await startTestServer({ scryptN: TEST_SCRYPT_N * 2 });
    try {
      const stored = async () =>
        (await readDatabase<{ password_hash: string }>(server, "SELECT password_hash FROM users WHERE username = 'sam.several'"))[0]!
          .password_hash;
      // seeded at the server's cost: make it weaker, as a hash from before the raise
      await server.query("UPDATE users SET password_hash = ? WHERE username = 'sam.several'", [
        await hashPassword(DEMO_PASSWORD, TEST_SCRYPT_N),
      ]);
      expect(await stored()).toMatch(new RegExp(`^scrypt\\$${TEST_SCRYPT_N}\\$`));
      await server.client().login('sam.several');
      expect(await stored()).toMatch(new RegExp(`^scrypt\\$${TEST_SCRYPT_N * 2}\\$`));
      await server.client().login('sam.several');
    } finally {
      await server.close();
    }
  });
});

describe('verifying an address', () => {
  it('re-checks that no other account has taken it since the link was sent', async () => {
    const server = await startTestServer();
    try {
      const uma = server.client();
      await uma.login('uma.unverified');
      await uma.confirmPassword();
      const change = await uma.post(`${API}user/request_email_change/`, { email_address: 'shared.address@example.com' });
      expect(change.json()).toMatchObject({ requires_validation: true });
      const nonce = nonceOf((await server.outbox())[0]!.paths[0]!);
      const other = server.client();
      await other.visit('/loanmanager/register/');
      const registered = await other.post(`${API}account/register/`, registration(reggie, { email: 'shared.address@example.com' }));
      expect(registered.statusCode).toBe(201);
      const browser = server.client();
      await browser.visit('/loanmanager/verify_email/');
      const verified = await browser.post(`${API}anon-user/verify_email/`, { nonce });
      expect(verified.statusCode).toBe(400);
      expect(verified.json()).toEqual({ errors: ['This email address is already in use by another account.'] });
      expect((await uma.get(`${API}go-green/status/`)).json()).toMatchObject({ email_address: 'uma.unverified@example.com' });
    } finally {
      await server.close();
    }
  });
});

describe('rate limits', () => {
  const LIMIT = 3;
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer({ rateLimitMax: LIMIT, routeRateLimitMax: LIMIT });
  });
  afterEach(async () => {
    await server.close();
  });

  const fill = (url: string) => url.replace(':nonce', 'a'.repeat(43)).replace('*', 'loanmanager-widgets.js');

  it('every route answers 429 in the JSON error shape past its limit', async () => {
    // the probes are not rate limited (server/routes/health.ts; probes.test.ts)
    const routes = server.routes().filter((route) => route.method !== 'HEAD' && !route.url.includes('*') && !PROBE_PATHS.has(route.url));
    expect(routes.length).toBeGreaterThan(25);
    const csrf = 'c'.repeat(43);
    for (const route of routes) {
      // a fresh address for each route, so one route's count cannot hide another's missing limit
      const remoteAddress = `127.0.${Math.floor(routes.indexOf(route) / 250)}.${(routes.indexOf(route) % 250) + 1}`;
      let last = null;
      for (let i = 0; i <= LIMIT; i += 1) {
        last = await server.app.inject({
          method: route.method as 'GET',
          url: fill(route.url),
          remoteAddress,
          // past the CSRF check, which refuses before any work is done (and before the limit counts)
          headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf },
          payload: route.method === 'GET' ? undefined : '{}',
        });
      }
      expect({ route: `${route.method} ${route.url}`, status: last?.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 429,
      });
      expect(last?.json()).toEqual({ errors: [expect.stringMatching(/^Too many/)] });
    }
  });

  it('static files have a limit of their own, far above a page load', async () => {
    // a page loads about a dozen files: the default leaves room for dozens of page loads a minute
    expect(optionsFromEnv({}).staticRateLimitMax).toBe(1000);
    const limited = await startTestServer({ staticRateLimitMax: 5, routeRateLimitMax: 2 });
    try {
      const statuses = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await limited.client().get('/loanmanager/static/loanmanager-widgets.js')).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      // counted apart from the routes: pages still answer
      expect((await limited.client().get('/loanmanager/login/')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('check_email_address has a limit of its own per account, below the route limit', async () => {
    const limited = await startTestServer({ rateLimitMax: 2, routeRateLimitMax: 100 });
    try {
      const sam = limited.client();
      await sam.login('sam.several');
      const checks = [];
      for (let i = 0; i < 3; i += 1) {
        checks.push((await sam.get(`${API}user/check_email_address/`, { query: { email_address: `a${i}@example.com` } })).statusCode);
      }
      expect(checks).toEqual([200, 200, 429]);
      expect((await sam.get(`${API}go-green/status/`)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('the reset page with a nonce counts with validate_nonce: guessing nonces gets no more tries from the pages', async () => {
    const limited = await startTestServer({ rateLimitMax: 3, routeRateLimitMax: 100 });
    try {
      const guesser = limited.client();
      await guesser.visit();
      const guess = (i: number) => `/loanmanager/reset_password/${String(i).padStart(43, 'g')}/`;
      const statuses = [
        (await guesser.get(guess(1))).statusCode,
        (await guesser.post(`${API}account/validate_nonce/`, { nonce: 'h'.repeat(43) })).statusCode,
        (await guesser.get(guess(2))).statusCode,
        (await guesser.get(guess(3))).statusCode,
        (await guesser.post(`${API}account/validate_nonce/`, { nonce: 'i'.repeat(43) })).statusCode,
      ];
      expect(statuses).toEqual([200, 400, 200, 429, 429]);
      // the other pages and anonymous endpoints keep their own counts (the bare reset page is kept, no check)
      expect((await guesser.get('/loanmanager/reset_password/')).statusCode).toBe(200);
      expect((await guesser.post(`${API}account/recover_username/`, { email_address: 'a@example.com', recaptcha_response: 't' })).statusCode).not.toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('signed-in routes count per account, not per address', async () => {
    const dana = server.client();
    await dana.login('dana.demo');
    const sam = server.client();
    await sam.login('sam.several');
    const status = (client: typeof dana) => client.get(`${API}go-green/status/`).then((response) => response.statusCode);
    const danaStatuses = [await status(dana), await status(dana), await status(dana), await status(dana)];
    expect(danaStatuses).toEqual([200, 200, 200, 429]);
    // same address, other account: its own budget
    expect(await status(sam)).toBe(200);
    // check_email_address, the enumeration route, is counted per account too
    const checks = [];
    for (let i = 0; i <= LIMIT; i += 1) {
      checks.push((await sam.get(`${API}user/check_email_address/`, { query: { email_address: `a${i}@example.com` } })).statusCode);
    }
    expect(checks.at(-1)).toBe(429);
  });
});
