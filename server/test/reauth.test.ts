/**
 * Account takeover through the email address (issue 38; docs/security.md, controls 31 to 33):
 * re-authentication before any change of the address on file, the notice to the address it
 * replaces, and a password reset that revokes everything pending. On SQLite or PostgreSQL
 * (`npm run test:pg -- server/test/reauth.test.ts`).
 */
import { LOGIN_LOCKOUT } from '../config';
import { MIGRATIONS } from '../db/migrations';
import { DEMO_API_TOKEN, DEMO_BORROWERS, DEMO_PASSWORD } from '../db/seed';
import { REAUTH_WINDOW_MS, TOKEN_CANNOT_REAUTHENTICATE } from '../services/reauthentication';
import { API, nonceOf, registrationBody, startTestServer, type OutboxEntry, type TestClient, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const REAUTH_REQUIRED = { reauth_required: true };
const ADDRESS_CHANGED = 'Your Loan Manager email address was changed';
/** A borrower of their own, registered (and signed in) in a browser of their own; `firstname` one of the seed's unregistered ones. */
async function registered(firstname: 'Nico' | 'Reggie') {
  const browser = server.client();
  await browser.visit('/loanmanager/register/');
  const body = registrationBody(DEMO_BORROWERS.find((borrower) => borrower.firstname === firstname)!);
  expect((await browser.post(`${API}account/register/`, body)).statusCode).toBe(201);
  return { browser, body };
}

const optIn = (email: string) => ({ time_zone: 'America/Chicago', browser: 'Firefox 140', os: 'Linux', email });


/** A browser of its own, signed in as `username`. */
const signedIn = (username: string, password?: string, on: TestServer = server): Promise<TestClient> => on.signedIn(username, password);

const changeEmail = (client: TestClient, address: string) => client.post(`${API}user/request_email_change/`, { email_address: address });
const confirm = (client: TestClient, password: string, headers?: Record<string, string>) =>
  client.post(`${API}user/confirm_password/`, { password }, headers ? { headers } : {});
const addressOnFile = async (client: TestClient) => ((await client.get(`${API}go-green/status/`)).json() as { email_address: string }).email_address;

/** Opens an emailed verification link as a browser does (its page, then the page's POST); the answer's status. */
async function openVerifyLink(link: OutboxEntry): Promise<number> {
  const browser = server.client();
  await browser.visit(link.paths[0]);
  return (await browser.post(`${API}anon-user/verify_email/`, { nonce: nonceOf(link.paths[0]!) })).statusCode;
}

/** Asks for `address` (the window open) and opens the emailed link: it becomes the address on file. */
async function moveTo(client: TestClient, address: string) {
  const [link] = await server.mailDuring(async () => expect((await changeEmail(client, address)).json()).toMatchObject({ requires_validation: true }));
  expect(link?.to).toBe(address);
  expect(await openVerifyLink(link!)).toBe(200);
}

/** Asks for a reset link as the borrower does; the mail it sends (none when the username has no address). */
async function requestReset(username: string): Promise<OutboxEntry | undefined> {
  const browser = server.client();
  await browser.visit('/loanmanager/request_password_reset');
  const [mail] = await server.mailDuring(async () => {
    expect((await browser.post(`${API}account/request_password_reset/`, { username, recaptcha_response: 't' })).statusCode).toBe(200);
  });
  return mail;
}

/** Completes a reset with the emailed link, from `browser` (a fresh one by default). */
async function completeReset(mail: OutboxEntry, password: string, browser: TestClient = server.client()) {
  const nonce = nonceOf(mail.paths[0]!);
  if (!browser.cookies.has('csrftoken')) await browser.visit(mail.paths[0]);
  expect((await browser.post(`${API}account/reset_password/`, { nonce, password, password2: password })).statusCode).toBe(200);
}

describe('a change of the address on file needs the password again', () => {
  it('403 {"reauth_required": true} outside the window, changing nothing; 200 inside it; signing in does not open it', async () => {
    const sam = await signedIn('sam.several');
    const refused = await server.mailDuring(async () => {
      const response = await changeEmail(sam, 'sam.elsewhere@example.com');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(REAUTH_REQUIRED);
    });
    expect(refused).toEqual([]);
    expect(await server.query('SELECT email_address FROM email_addresses WHERE email_address = ?', ['sam.elsewhere@example.com'])).toEqual([]);

    const confirmed = await confirm(sam, DEMO_PASSWORD);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ reauth_expires_in_seconds: REAUTH_WINDOW_MS / 1000 });
    expect(REAUTH_WINDOW_MS).toBe(10 * 60_000);
    const [link] = await server.mailDuring(async () => {
      expect((await changeEmail(sam, 'sam.elsewhere@example.com')).json()).toMatchObject({ requires_validation: true });
    });
    expect(link?.to).toBe('sam.elsewhere@example.com');

    // a new sign-in in the same browser is a new session: its window is closed
    await sam.login('sam.several');
    expect((await changeEmail(sam, 'sam.another@example.com')).json()).toEqual(REAUTH_REQUIRED);
  });

  it('opens the window for that session alone: another session of the same user still gets 403', async () => {
    const first = await signedIn('paula.paperless');
    const second = await signedIn('paula.paperless');
    expect((await confirm(first, DEMO_PASSWORD)).statusCode).toBe(200);
    const other = await changeEmail(second, 'paula.second@example.com');
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual(REAUTH_REQUIRED);
    expect((await changeEmail(first, 'paula.second@example.com')).statusCode).toBe(200);
  });

  it('closes the window 10 minutes after the password was confirmed', async () => {
    const cory = await signedIn('cory.coborrower');
    expect((await confirm(cory, DEMO_PASSWORD)).statusCode).toBe(200);
    server.clock.advance(REAUTH_WINDOW_MS - 1_000);
    expect((await changeEmail(cory, 'cory.within@example.com')).statusCode).toBe(200);
    server.clock.advance(1_000);
    const late = await changeEmail(cory, 'cory.late@example.com');
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual(REAUTH_REQUIRED);
  });

  it('asks nothing to send the link for the address on file again (no change)', async () => {
    const uma = await signedIn('uma.unverified');
    const [link] = await server.mailDuring(async () => {
      expect((await changeEmail(uma, 'uma.unverified@example.com')).json()).toMatchObject({ requires_validation: true });
    });
    expect(link?.to).toBe('uma.unverified@example.com');
  });

  it('an opt-in naming another address is a change: 403 outside the window, changing nothing; the address on file needs no window', async () => {
    // a borrower of their own, with a second address verified and then left
    const { browser: nico, body } = await registered('Nico');
    const [welcome] = (await server.outbox()).filter((mail) => mail.to === body.email);
    expect(await openVerifyLink(welcome!)).toBe(200);
    expect((await confirm(nico, body.password)).statusCode).toBe(200);
    await moveTo(nico, 'nico.second@example.com');

    const later = await signedIn(body.username, body.password);
    const refused = await server.mailDuring(async () => {
      const response = await later.post(`${API}go-green/opt_in/`, optIn(body.email));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(REAUTH_REQUIRED);
    });
    expect(refused).toEqual([]);
    expect((await later.get(`${API}go-green/status/`)).json()).toMatchObject({ email_address: 'nico.second@example.com', electdocs: false });

    expect((await later.post(`${API}go-green/opt_in/`, optIn('nico.second@example.com'))).statusCode).toBe(200);
    expect((await later.post(`${API}go-green/opt_out/`)).statusCode).toBe(200);
    expect((await confirm(later, body.password)).statusCode).toBe(200);
    expect((await later.post(`${API}go-green/opt_in/`, optIn(body.email))).statusCode).toBe(200);
    expect(await addressOnFile(later)).toBe(body.email);
  });

  it('is kept in the database: another instance on it honours the window one instance opened', async () => {
    const other = await startTestServer(
      server.schema ? {} : { databasePath: server.databasePath },
      server.schema ? { sharedSchema: server.schema } : {},
    );
    try {
      const dana = await signedIn('dana.demo');
      expect((await confirm(dana, DEMO_PASSWORD)).statusCode).toBe(200);
      const sameBrowser = other.client();
      for (const [name, value] of dana.cookies) sameBrowser.cookies.set(name, value);
      other.clock.set(server.clock.now());
      expect((await changeEmail(sameBrowser, 'dana.instance@example.com')).json()).toMatchObject({ requires_validation: true });
    } finally {
      await other.close();
    }
  });
});

describe('user/confirm_password', () => {
  it('a wrong password: 400 with the error in the request\'s language, no window, and counted towards the sign-in lockout', async () => {
    const { browser: reggie, body } = await registered('Reggie');

    const wrong = await confirm(reggie, 'Not-her-pass1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ errors: ['That is not your password. Please try again.'] });
    const spanish = await confirm(reggie, 'Not-her-pass2', { 'accept-language': 'es' });
    expect(spanish.json()).toEqual({ errors: ['Esa no es su contraseña. Vuelva a intentarlo.'] });
    expect((await changeEmail(reggie, 'reggie.elsewhere@example.com')).json()).toEqual(REAUTH_REQUIRED);

    // the lockout's failures: wrong passwords here and at sign-in count together, under the username
    for (let failure = 3; failure < LOGIN_LOCKOUT.failures; failure++) expect((await confirm(reggie, `Not-her-pass${failure}`)).statusCode).toBe(400);
    const browser = server.client();
    await browser.visit();
    // the fifth, at sign-in, pauses it there and then (429, as every attempt after it)
    expect((await browser.post(`${API}account/login/`, { username: body.username, password: 'Not-her-pass9' })).statusCode).toBe(429);

    // that fifth failure paused sign-in: the right password is refused at sign-in and here alike, with when to try again
    expect((await browser.post(`${API}account/login/`, { username: body.username, password: body.password })).statusCode).toBe(429);
    const paused = await confirm(reggie, body.password);
    expect(paused.statusCode).toBe(429);
    expect(Number(paused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await changeEmail(reggie, 'reggie.elsewhere@example.com')).json()).toEqual(REAUTH_REQUIRED);
  });

  it('the failure that pauses sign-in, made here, is told to the borrower as at sign-in', async () => {
    const ana = await signedIn('uma.unverified');
    for (let failure = 1; failure < LOGIN_LOCKOUT.failures; failure++) expect((await confirm(ana, `Wrong-pass-${failure}`)).statusCode).toBe(400);
    const before = (await server.outbox()).length;
    const told = await server.mailDuring(async () => {
      expect((await confirm(ana, 'Wrong-pass-last')).statusCode).toBe(429);
      // queued without being awaited, as at sign-in: wait for it to land (at most 5 s)
      for (let tries = 0; tries < 50 && (await server.outbox()).length === before; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
    expect(told).toEqual([
      expect.objectContaining({ to: 'uma.unverified@example.com', subject: 'Sign-in to your Loan Manager account is paused' }),
    ]);
  });

  it('an API token has no window: it cannot confirm a password, nor change the address on file', async () => {
    const token = { headers: { authorization: `Token ${DEMO_API_TOKEN}` } };
    const client = server.client();
    const refused = await client.post(`${API}user/confirm_password/`, { password: DEMO_PASSWORD }, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errors: [TOKEN_CANNOT_REAUTHENTICATE] });
    const change = await client.post(`${API}user/request_email_change/`, { email_address: 'dana.token@example.com' }, token);
    expect(change.statusCode).toBe(403);
    expect(change.json()).toEqual(REAUTH_REQUIRED);
    // what changes nothing still works with a token
    expect((await client.get(`${API}go-green/status/`, token)).statusCode).toBe(200);
  });

  it('answers 401 without a session, and refuses a body outside the contract', async () => {
    const anonymous = server.client();
    await anonymous.visit();
    expect((await confirm(anonymous, DEMO_PASSWORD)).statusCode).toBe(401);
    const dana = await signedIn('dana.demo');
    const extra = await dana.post(`${API}user/confirm_password/`, { password: DEMO_PASSWORD, remember: true });
    expect(extra.statusCode).toBe(400);
    expect((await dana.post(`${API}user/confirm_password/`, {})).statusCode).toBe(400);
  });
});

describe('putting back an address verified before', () => {
  it('is told to the address it replaces, with the way to a new password', async () => {
    const sam = await signedIn('sam.several');
    expect((await confirm(sam, DEMO_PASSWORD)).statusCode).toBe(200);
    await moveTo(sam, 'sam.moved@example.com');
    const notices = await server.mailDuring(async () => {
      expect((await changeEmail(sam, 'sam.several@example.com')).json()).toEqual({ requires_validation: false });
    });
    expect(notices).toEqual([
      expect.objectContaining({ to: 'sam.moved@example.com', subject: ADDRESS_CHANGED, paths: [expect.stringMatching(/^\/loanmanager\/restore_email\/[A-Za-z0-9_-]{43}\/$/)] }),
    ]);
    expect(notices[0]!.body).toContain('was just changed to s***@example.com.');
    // the way back: the link that puts the address back and leads to a new password (addressRestore.test.ts)
    expect(notices[0]!.body).toContain(`http://portal.test${notices[0]!.paths[0]}`);
    expect(await addressOnFile(sam)).toBe('sam.several@example.com');
  });
});

describe('a completed password reset', () => {
  /** Runs `work` with `server` a server of its own (dana's demo token and links untouched by the tests above). */
  async function onFreshServer(work: () => Promise<void>) {
    const previous = server;
    server = await startTestServer();
    try {
      await work();
    } finally {
      await server.close();
      server = previous;
    }
  }

  it("the attacker's story: the intruder's pending change dies with the reset, and the next reset link goes to the borrower", async () => {
    await onFreshServer(async () => {
      // the intruder knows the password: signs in, confirms it, and asks for their own address
      const intruder = await signedIn('dana.demo');
      expect((await confirm(intruder, DEMO_PASSWORD)).statusCode).toBe(200);
      const [intrudersLink] = await server.mailDuring(() => changeEmail(intruder, 'intruder@evil.example'));
      expect(intrudersLink?.to).toBe('intruder@evil.example');

      // the borrower notices, resets the password, signs in and moves to an address of their own
      const resetMail = await requestReset('dana.demo');
      expect(resetMail?.to).toBe('dana.demo@example.com');
      await completeReset(resetMail!, 'Borrower-only-7');
      const borrower = await signedIn('dana.demo', 'Borrower-only-7');
      expect((await confirm(borrower, 'Borrower-only-7')).statusCode).toBe(200);
      await moveTo(borrower, 'dana.own@example.com');

      // the intruder's old link now fails, and the address on file stays the borrower's
      expect(await openVerifyLink(intrudersLink!)).toBe(400);
      expect(await addressOnFile(borrower)).toBe('dana.own@example.com');
      expect((await intruder.get(`${API}go-green/status/`)).statusCode).toBe(401);
      expect((await requestReset('dana.demo'))?.to).toBe('dana.own@example.com');
    });
  });

  it('revokes every link of the account (any purpose), every other session, every API token and the window of the session kept', async () => {
    await onFreshServer(async () => {
      const elsewhere = await signedIn('dana.demo');
      const here = await signedIn('dana.demo');
      expect((await confirm(here, DEMO_PASSWORD)).statusCode).toBe(200);
      expect((await confirm(elsewhere, DEMO_PASSWORD)).statusCode).toBe(200);
      const [pendingChange] = await server.mailDuring(() => changeEmail(elsewhere, 'dana.pending@example.com'));
      const otherReset = await requestReset('dana.demo');
      const resetMail = await requestReset('dana.demo');
      const token = { headers: { authorization: `Token ${DEMO_API_TOKEN}` } };
      expect((await server.client().get(`${API}go-green/status/`, token)).statusCode).toBe(200);

      // reset from a browser signed in as dana: that session stays, its window does not
      await completeReset(resetMail!, 'Everything-new-8', here);

      expect(await openVerifyLink(pendingChange!)).toBe(400);
      const stranger = server.client();
      await stranger.visit();
      expect((await stranger.post(`${API}account/validate_nonce/`, { nonce: nonceOf(otherReset!.paths[0]!) })).statusCode).toBe(400);
      expect(
        await server.query<{ count: number }>(
          'SELECT COUNT(*) AS count FROM nonces WHERE used_at IS NULL AND user_id = (SELECT id FROM users WHERE username = ?)',
          ['dana.demo'],
        ),
      ).toEqual([{ count: 0 }]);
      expect((await elsewhere.get(`${API}go-green/status/`)).statusCode).toBe(401);
      expect((await server.client().get(`${API}go-green/status/`, token)).statusCode).toBe(401);
      expect((await here.get(`${API}go-green/status/`)).statusCode).toBe(200);
      expect((await changeEmail(here, 'dana.after@example.com')).json()).toEqual(REAUTH_REQUIRED);
      expect((await confirm(here, 'Everything-new-8')).statusCode).toBe(200);
      expect((await changeEmail(here, 'dana.after@example.com')).json()).toMatchObject({ requires_validation: true });
    });
  });
});

describe('the window in the database', () => {
  const migrations = MIGRATIONS;
  const migration = migrations.find((candidate) => candidate.name.startsWith('the re-authentication window'))!;

  it('is added by a migration of this engine that can run again, to a database that had none', async () => {
    expect(migration).toBeDefined();
    // it and the migrations after it are recorded as not run, and run again (each can)
    expect(migration.version).toBeLessThanOrEqual(migrations.at(-1)!.version);
    const before = await startTestServer();
    try {
      await before.query('ALTER TABLE sessions DROP COLUMN reauth_until');
      await before.query('DELETE FROM schema_migrations WHERE version >= ?', [migration.version]);
      for (let run = 0; run < 2; run++) {
        // the second run finds the column there (a migration recorded as not run, run again)
        if (run === 1) await before.query('DELETE FROM schema_migrations WHERE version >= ?', [migration.version]);
        const after = await startTestServer(
          before.schema ? {} : { databasePath: before.databasePath },
          before.schema ? { sharedSchema: before.schema } : {},
        );
        try {
          const dana = await signedIn('dana.demo', DEMO_PASSWORD, after);
          expect((await changeEmail(dana, `dana.run${run}@example.com`)).json()).toEqual(REAUTH_REQUIRED);
          expect((await dana.post(`${API}user/confirm_password/`, { password: DEMO_PASSWORD })).statusCode).toBe(200);
          expect((await changeEmail(dana, `dana.run${run}@example.com`)).json()).toMatchObject({ requires_validation: true });
          expect(await before.query('SELECT version FROM schema_migrations WHERE version = ?', [migration.version])).toHaveLength(1);
        } finally {
          await after.close();
        }
      }
    } finally {
      await before.close();
    }
  });
});
