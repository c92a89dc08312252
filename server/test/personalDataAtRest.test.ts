/**
 * Personal data and secrets at rest. Every flow runs through the API (register Nora Newcomer,
 * recover the username, reset the password, sign in, change and verify the email address, go
 * green in and out, the popups, sign out), then the database files (main, -wal, -shm and anything
 * else the server wrote beside them; while running and after close) and the logs are searched for
 * every SSN, date of birth, password, nonce, session cookie, CSRF token and emailed link used, in
 * every written form (SSN with and without hyphens; dates as YYYY-MM-DD, MM/DD/YYYY and YYYYMMDD;
 * nonces raw and URL-encoded; the full link and its path), as UTF-8 and as UTF-16LE.
 *
 * Production mode: mail goes through a fake transport (there is no developer outbox). Development
 * mode keeps the outbox readable on purpose, so only its logs are searched.
 * Controls show the search finds what is there (a value written on purpose into a scratch copy).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { DEMO_API_TOKEN, DEMO_BORROWERS, DEMO_PASSWORD } from '../db/seed';
import { API, TestClient, itOnSqlite, nonceOf, pageConfig, startTestServer, type TestServer } from './harness';

interface SentMail {
  from: string;
  to: string;
  subject: string;
  text: string;
}

const nora = DEMO_BORROWERS.find((borrower) => borrower.firstname === 'Nora')!;
const NORA_LOANNO = '9000000007';

// ---------------------------------------------------------------------------------------------
// What is searched for

type Kind = 'SSN' | 'date of birth' | 'password' | 'nonce' | 'link' | 'session cookie' | 'CSRF token' | 'API token' | 'cookie';

interface Needle {
  kind: Kind;
  /** The form written, e.g. "MM/DD/YYYY"; for SSNs and dates of birth, whose. */
  form: string;
  value: string;
  /** Only digits: a match inside a longer number (a timestamp, a float) does not count. */
  digits: boolean;
}

class SecretBook {
  private readonly needles = new Map<string, Needle>();

  private put(kind: Kind, form: string, value: string) {
    if (value.length < 6) return;
    if (!this.needles.has(value)) this.needles.set(value, { kind, form, value, digits: /^\d+$/.test(value) });
  }

  ssn(ssn: string, whose: string) {
    this.put('SSN', `digits, ${whose}`, ssn);
    this.put('SSN', `NNN-NN-NNNN, ${whose}`, `${ssn.slice(0, 3)}-${ssn.slice(3, 5)}-${ssn.slice(5)}`);
  }

  dob(iso: string, whose: string) {
    const [year, month, day] = iso.split('-');
    this.put('date of birth', `YYYY-MM-DD, ${whose}`, iso);
    this.put('date of birth', `MM/DD/YYYY, ${whose}`, `${month}/${day}/${year}`);
    this.put('date of birth', `YYYYMMDD, ${whose}`, `${year}${month}${day}`);
  }

  secret(kind: Kind, value: string) {
    this.put(kind, 'raw', value);
    this.put(kind, 'URL-encoded', encodeURIComponent(value));
  }

  link(full: string) {
    const url = new URL(full);
    this.put('link', 'full', full);
    this.put('link', 'path and query', `${url.pathname}${url.search}`);
    if (/nonce|reset_password/.test(full)) this.secret('nonce', nonceOf(full));
  }

  kinds(): Set<Kind> {
    return new Set([...this.needles.values()].map((needle) => needle.kind));
  }

  all(): Needle[] {
    return [...this.needles.values()];
  }
}

/** Whether `needle` occurs in `haystack` encoded as given (digit-only needles not inside a longer number). */
function occursIn(haystack: Buffer, needle: Needle, encoding: 'utf8' | 'utf16le'): boolean {
  const bytes = Buffer.from(needle.value, encoding);
  const width = encoding === 'utf16le' ? 2 : 1;
  const digitAt = (index: number) => {
    if (index < 0 || index + width > haystack.length) return false;
    const byte = haystack[index]!;
    return byte >= 0x30 && byte <= 0x39 && (width === 1 || haystack[index + 1] === 0);
  };
  for (let from = 0; ; ) {
    const index = haystack.indexOf(bytes, from);
    if (index === -1) return false;
    if (!needle.digits || (!digitAt(index - width) && !digitAt(index + bytes.length))) return true;
    from = index + 1;
  }
}

interface Finding {
  where: string;
  kind: Kind;
  form: string;
  encoding: string;
}

function scan(where: string, haystack: Buffer, needles: Needle[]): Finding[] {
  const findings: Finding[] = [];
  for (const needle of needles) {
    for (const encoding of ['utf8', 'utf16le'] as const) {
      if (occursIn(haystack, needle, encoding)) findings.push({ where, kind: needle.kind, form: needle.form, encoding });
    }
  }
  return findings;
}

/** Every file under a folder, recursively. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : entry.isFile() ? [full] : [];
  });
}

function scanFolder(dir: string, needles: Needle[]): { files: string[]; findings: Finding[] } {
  const files = filesUnder(dir);
  return { files: files.map((file) => path.relative(dir, file)), findings: files.flatMap((file) => scan(path.relative(dir, file), fs.readFileSync(file), needles)) };
}

// ---------------------------------------------------------------------------------------------
// The flows

/** A browser that writes down every cookie the server gives it. */
class RecordingClient extends TestClient {
  constructor(
    app: TestServer['app'],
    private readonly book: SecretBook,
  ) {
    super(app);
  }

  override async request(...args: Parameters<TestClient['request']>) {
    const response = await super.request(...args);
    for (const cookie of response.cookies as Array<{ name: string; value: string }>) {
      if (!cookie.value) continue;
      const kind: Kind = cookie.name === 'sessionid' ? 'session cookie' : cookie.name === 'csrftoken' ? 'CSRF token' : 'cookie';
      this.book.secret(kind, cookie.value);
    }
    return response;
  }
}

/** The mail of the flows: from the transport, or (today's server, no transport) the outbox. */
class Mailbox {
  readonly captured: SentMail[] = [];
  private taken = 0;
  private readonly outboxIdsTaken = new Set<number>();
  /** Mails read from the outbox because the transport never got them. */
  fromOutbox = 0;

  constructor(private readonly server: () => TestServer) {}

  readonly transport = {
    sendMail: async (message: SentMail) => {
      this.captured.push(message);
      return { messageId: `fake-${this.captured.length}` };
    },
  };

  /** The next mail to `to`: its text and its links. */
  async next(to: string): Promise<{ text: string; links: string[] }> {
    const deadline = Date.now() + 1_000;
    while (Date.now() < deadline) {
      const mail = this.captured[this.taken];
      if (mail) {
        this.taken += 1;
        expect(mail.to).toBe(to);
        return { text: mail.text, links: mail.text.match(/https?:\/\/[^\s]+/g) ?? [] };
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // the transport got nothing: read the outbox (development route, or the table itself)
    this.fromOutbox += 1;
    const rows = await this.outboxRows();
    const row = rows.find((candidate) => candidate.to === to && !this.outboxIdsTaken.has(candidate.id));
    if (!row) throw new Error(`no mail to ${to}: none through the transport, none readable in the outbox`);
    this.outboxIdsTaken.add(row.id);
    return { text: row.body, links: row.body.match(/https?:\/\/[^\s]+/g) ?? [] };
  }

  private async outboxRows(): Promise<Array<{ id: number; to: string; body: string }>> {
    const server = this.server();
    const response = await server.app.inject({ method: 'GET', url: '/loanmanager/dev/outbox.json' });
    if (response.statusCode === 200) return response.json<Array<{ id: number; to: string; body: string }>>().reverse();
    return server.query<{ id: number; to: string; body: string }>('SELECT id, to_address AS "to", body FROM outbox ORDER BY id');
  }
}

const PASSWORDS = { registered: 'Lantern-quokka-1!', reset: 'Lantern-quokka-2!', wrong: 'Nora-wrong-3!', mismatch: 'Nora-other-4!' };

/** Runs every flow of the portal through the API, noting every secret used. */
async function runEveryFlow(server: TestServer, mail: Mailbox, book: SecretBook) {
  for (const borrower of DEMO_BORROWERS) {
    book.ssn(borrower.ssn, borrower.firstname);
    book.dob(borrower.dob, borrower.firstname);
  }
  for (const password of [DEMO_PASSWORD, ...Object.values(PASSWORDS)]) book.secret('password', password);
  book.secret('API token', DEMO_API_TOKEN);
  const browser = () => new RecordingClient(server.app, book);
  const email = 'nora.rest@example.com';
  const registration = {
    firstname: 'Nora',
    lastname: 'Newcomer',
    username: 'nora.rest',
    password: PASSWORDS.registered,
    email,
    loanno: NORA_LOANNO,
    ssn: nora.ssn,
    dob: nora.dob,
    remember_this_browser: false,
    recaptcha_response: 'dummy-token',
  };

  // register: first the forms people type by mistake (refused), a mismatch, then the right details
  const nora1 = browser();
  await nora1.visit('/loanmanager/register/');
  const typed = await nora1.post(`${API}account/register/`, {
    ...registration,
    ssn: `${nora.ssn.slice(0, 3)}-${nora.ssn.slice(3, 5)}-${nora.ssn.slice(5)}`,
    dob: `${nora.dob.slice(5, 7)}/${nora.dob.slice(8)}/${nora.dob.slice(0, 4)}`,
  });
  expect(typed.statusCode).toBe(400);
  const mismatch = await nora1.post(`${API}account/register/`, { ...registration, dob: '1985-04-13' });
  expect(mismatch.statusCode).toBe(400);
  const registered = await nora1.post(`${API}account/register/`, registration);
  expect(registered.statusCode).toBe(201);
  const welcome = await mail.next(email);
  welcome.links.forEach((link) => book.link(link));
  expect(welcome.links).toHaveLength(1);
  const firstLink = new URL(welcome.links[0]!);
  const verifier = browser();
  expect((await verifier.visit(`${firstLink.pathname}${firstLink.search}`)).statusCode).toBe(200);
  expect((await verifier.post(`${API}anon-user/verify_email/`, { nonce: nonceOf(welcome.links[0]!) })).statusCode).toBe(200);

  // recover the username
  const forgetful = browser();
  await forgetful.visit('/loanmanager/recover_username/');
  const recovered = await forgetful.post(`${API}account/recover_username/`, {
    loanno: NORA_LOANNO,
    ssn: nora.ssn,
    dob: nora.dob,
    recaptcha_response: 'dummy-token',
  });
  expect(recovered.statusCode).toBe(200);
  const reminder = await mail.next(email);
  expect(reminder.text).toContain('nora.rest');

  // reset the password with the emailed link
  const resetter = browser();
  await resetter.visit('/loanmanager/request_password_reset');
  expect((await resetter.post(`${API}account/request_password_reset/`, { username: 'nora.rest', recaptcha_response: 't' })).statusCode).toBe(200);
  const resetMail = await mail.next(email);
  resetMail.links.forEach((link) => book.link(link));
  const resetLink = resetMail.links.find((link) => link.includes('reset_password'))!;
  const resetNonce = nonceOf(resetLink);
  expect((await resetter.visit(new URL(resetLink).pathname)).statusCode).toBe(200);
  expect((await resetter.post(`${API}account/validate_nonce/`, { nonce: resetNonce })).statusCode).toBe(200);
  const mismatched = await resetter.post(`${API}account/reset_password/`, {
    nonce: resetNonce,
    password: PASSWORDS.reset,
    password2: PASSWORDS.mismatch,
  });
  expect(mismatched.statusCode).toBe(400);
  const reset = await resetter.post(`${API}account/reset_password/`, { nonce: resetNonce, password: PASSWORDS.reset, password2: PASSWORDS.reset });
  expect(reset.statusCode).toBe(200);
  // the borrower is told at the address on file, in case it was not them
  expect((await mail.next(email)).text).toContain('The password of your Loan Manager account was just changed.');

  // sign in (a wrong password first)
  const nora2 = browser();
  await nora2.visit();
  expect((await nora2.post(`${API}account/login/`, { username: 'nora.rest', password: PASSWORDS.wrong })).statusCode).toBe(400);
  await nora2.login('nora.rest', PASSWORDS.reset);
  // not the browser she registered from: she is told
  expect((await mail.next(email)).text).toContain('Your Loan Manager account was just signed in to from a browser it had not been signed in from before');

  // change the email address and verify it through the emailed link
  const moved = 'nora.moved@example.com';
  expect((await nora2.get(`${API}user/check_email_address/`, { query: { email_address: moved } })).statusCode).toBe(200);
  // the password again first (a wrong one, then hers): neither is written anywhere
  expect((await nora2.post(`${API}user/confirm_password/`, { password: PASSWORDS.wrong })).statusCode).toBe(400);
  await nora2.confirmPassword(PASSWORDS.reset);
  const change = await nora2.post(`${API}user/request_email_change/`, { email_address: moved });
  expect(change.json()).toMatchObject({ requires_validation: true });
  const changeMail = await mail.next(moved);
  changeMail.links.forEach((link) => book.link(link));
  const changeLink = new URL(changeMail.links[0]!);
  const opener = browser();
  expect((await opener.visit(`${changeLink.pathname}${changeLink.search}`)).statusCode).toBe(200);
  expect((await opener.post(`${API}anon-user/verify_email/`, { nonce: nonceOf(changeMail.links[0]!) })).statusCode).toBe(200);
  // the address it replaced is told, the new one masked
  const addressNotice = await mail.next(email);
  expect(addressNotice.text).toContain('The email address of your Loan Manager account was just changed to');
  expect(addressNotice.text).not.toContain(moved);
  expect((await nora2.get(`${API}user/is_validated/`, { query: { email_address: moved } })).json()).toEqual({ validated: true });

  // go green, in and out
  expect((await nora2.get(`${API}go-green/status/`)).json()).toMatchObject({ email_address: moved, email_validated: true });
  const optIn = await nora2.post(`${API}go-green/opt_in/`, { time_zone: 'America/Chicago', browser: 'Firefox 140', os: 'Linux', email: moved });
  expect(optIn.statusCode).toBe(200);
  expect((await mail.next(moved)).text).toContain('statements and notices will now come to this email address');
  expect((await nora2.post(`${API}go-green/opt_out/`)).statusCode).toBe(200);
  expect((await mail.next(moved)).text).toContain('statements and notices will come on paper again');

  // popups
  const coacct = pageConfig((await nora2.get('/loanmanager/go-green/')).body).coacct as string;
  expect((await nora2.post(`${API}user/popup/`, { coacct })).statusCode).toBe(200);
  expect((await nora2.post(`${API}user/set_popup_seen/`, { id_to_mark_as_seen: 'go-green-auto-pay' })).statusCode).toBe(200);
  expect((await nora2.post(`${API}user/dismiss_popup/`, { id_to_dismiss: 'tax-reminder' })).statusCode).toBe(200);
  expect((await nora2.get('/loanmanager/loanoverview/')).statusCode).toBe(200);

  // sign out through the API, then again through the header's form
  expect((await nora2.post(`${API}account/logout/`)).statusCode).toBe(200);
  expect((await nora2.get(`${API}go-green/status/`)).statusCode).toBe(401);
  await nora2.login('nora.rest', PASSWORDS.reset);
  const form = await nora2.request('POST', '/loanmanager/logout/', undefined, {
    rawBody: new URLSearchParams({ csrfmiddlewaretoken: nora2.cookies.get('csrftoken')! }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(form.statusCode).toBe(303);

  // the demo API token (production must refuse it: asserted by its own test)
  const token = await browser().get(`${API}go-green/status/`, { headers: { authorization: `Token ${DEMO_API_TOKEN}` } });
  return { tokenStatus: token.statusCode };
}

const dbFolder = (server: TestServer) => path.join(server.dir, 'var');

const show = (findings: Finding[]) => findings.map((finding) => `${finding.kind} (${finding.form}, ${finding.encoding}) in ${finding.where}`);

// ---------------------------------------------------------------------------------------------

describe('production mode: no personal data or secret at rest', () => {
  let server: TestServer;
  let closed = false;
  const book = new SecretBook();
  const mail = new Mailbox(() => server);
  let tokenStatus: number | undefined;

  beforeAll(async () => {
    server = await startTestServer({
      production: true,
      seedDemoData: true,
      mailTransport: mail.transport,
      logLevel: 'info',
    });
  });
  afterAll(async () => {
    if (!closed) await server?.close();
  });

  it('runs every flow through the API: register, recover, reset, sign in, email change, go green, popups, sign out', async () => {
    ({ tokenStatus } = await runEveryFlow(server, mail, book));
    expect([...book.kinds()].sort()).toEqual(
      expect.arrayContaining(['CSRF token', 'SSN', 'date of birth', 'link', 'nonce', 'password', 'session cookie']),
    );
  });

  it('refuses the demo API token in production (401)', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: `${API}go-green/status/`,
      headers: { authorization: `Token ${DEMO_API_TOKEN}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ errors: [expect.any(String)] });
    // and it was refused during the flows too
    if (tokenStatus !== undefined) expect(tokenStatus).toBe(401);
  });

  it('hands every mail to the mail transport, and has no developer outbox', async () => {
    expect(mail.captured.length).toBeGreaterThanOrEqual(4);
    expect(mail.fromOutbox).toBe(0);
    expect((await server.app.inject({ method: 'GET', url: '/loanmanager/dev/outbox.json' })).statusCode).toBe(404);
  });

  itOnSqlite('the search finds a value written on purpose into a scratch copy of the database (UTF-8 and UTF-16LE)', () => {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'loanmanager-scan-control-'));
    try {
      for (const file of filesUnder(dbFolder(server))) fs.copyFileSync(file, path.join(scratch, path.basename(file)));
      const copy = new BetterSqlite3(path.join(scratch, 'test.sqlite'));
      copy.exec('CREATE TABLE planted (value TEXT)');
      copy.prepare('INSERT INTO planted (value) VALUES (?)').run(`leaked ssn ${nora.ssn} here`);
      copy.close();
      // a database that stores its text as UTF-16LE
      const wide = new BetterSqlite3(path.join(scratch, 'wide.sqlite'));
      wide.pragma("encoding = 'UTF-16le'");
      wide.exec('CREATE TABLE planted (value TEXT)');
      wide.prepare('INSERT INTO planted (value) VALUES (?)').run(`born ${nora.dob.slice(5, 7)}/${nora.dob.slice(8)}/${nora.dob.slice(0, 4)}`);
      wide.close();
      const needles = book.all();
      const { findings } = scanFolder(scratch, needles);
      const shown = show(findings);
      // the planted row is in the main file, or still in its -wal
      expect(shown.some((finding) => /^SSN \(digits, Nora, utf8\) in test\.sqlite(-wal)?$/.test(finding))).toBe(true);
      expect(shown).toContain('date of birth (MM/DD/YYYY, Nora, utf16le) in wide.sqlite');
      // a number that merely contains the digits is not a finding
      const ssn = needles.find((needle) => needle.kind === 'SSN' && needle.value === nora.ssn)!;
      expect(occursIn(Buffer.from(`0.5${nora.ssn}12`), ssn, 'utf8')).toBe(false);
      expect(occursIn(Buffer.from(`"${nora.ssn}"`, 'utf16le'), ssn, 'utf16le')).toBe(true);
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });

  itOnSqlite('leaves no SSN, date of birth, password, nonce, cookie, CSRF token or link in the database files while running', () => {
    const { files, findings } = scanFolder(dbFolder(server), book.all());
    expect(files).toContain('test.sqlite');
    expect(files).toContain('test.sqlite-wal');
    expect(show(findings)).toEqual([]);
  });

  itOnSqlite('stores no plain hash of an SSN or a date of birth (a 9-digit SSN is found again by hashing them all)', () => {
    const needles: Needle[] = [];
    for (const borrower of DEMO_BORROWERS) {
      for (const [kind, text] of [
        ['SSN', `loanmanager-ssn:${borrower.ssn}`],
        ['SSN', borrower.ssn],
        ['date of birth', borrower.dob],
      ] as const) {
        const digest = createHash('sha256').update(text).digest();
        const whose = borrower.firstname;
        needles.push({ kind, form: `sha256 hex, ${whose}`, value: digest.toString('hex'), digits: false });
        needles.push({ kind, form: `sha256 binary, ${whose}`, value: digest.toString('latin1'), digits: false });
      }
    }
    const findings = filesUnder(dbFolder(server)).flatMap((file) => {
      const bytes = fs.readFileSync(file);
      return needles
        .filter((needle) =>
          needle.form.startsWith('sha256 binary') ? bytes.includes(Buffer.from(needle.value, 'latin1')) : occursIn(bytes, needle, 'utf8'),
        )
        .map((needle) => `${needle.kind} (${needle.form}) in ${path.basename(file)}`);
    });
    expect(findings).toEqual([]);
  });

  it('writes none of them to the logs', () => {
    const logs = Buffer.from(server.logs(), 'utf8');
    expect(logs.length).toBeGreaterThan(0);
    expect(show(scan('the logs', logs, book.all()))).toEqual([]);
  });

  itOnSqlite('leaves none of them in the database files after close', async () => {
    await server.app.close();
    closed = true;
    try {
      const { files, findings } = scanFolder(dbFolder(server), book.all());
      expect(files).toContain('test.sqlite');
      expect(show(findings)).toEqual([]);
      // closing wrote nothing to the logs either
      expect(show(scan('the logs', Buffer.from(server.logs(), 'utf8'), book.all()))).toEqual([]);
    } finally {
      fs.rmSync(server.dir, { recursive: true, force: true });
    }
  });
});

describe('development mode: the logs (the outbox stays readable on purpose)', () => {
  let server: TestServer;
  const book = new SecretBook();
  const mail = new Mailbox(() => server);

  beforeAll(async () => {
    server = await startTestServer({ mailTransport: mail.transport, logLevel: 'info' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('runs every flow through the API in development mode', async () => {
    await runEveryFlow(server, mail, book);
    expect([...book.kinds()]).toEqual(expect.arrayContaining(['CSRF token', 'nonce', 'session cookie', 'link']));
  });

  it('writes no SSN, date of birth, password, nonce, cookie, CSRF token or link to the logs', () => {
    const logs = server.logs();
    // the access log's line of each request (with its URL) is there to scan
    expect(logs).toContain('request completed');
    expect(show(scan('the logs', Buffer.from(logs, 'utf8'), book.all()))).toEqual([]);
  });
});
