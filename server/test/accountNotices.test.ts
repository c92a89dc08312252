/**
 * Notices of account changes (OWASP ASVS 2.2.3): a changed password, a replaced email address and a
 * changed delivery choice are each told to the borrower by email, so that a change they did not
 * make is seen. On SQLite or PostgreSQL (`npm run test:pg`).
 */
import { DEFAULT_HELP, LOGIN_LOCKOUT } from '../config';
import { serverText } from '../http/i18n';
import { DEMO_BORROWERS, DEMO_PASSWORD } from '../db/seed';
import { KNOWN_BROWSER_DAYS } from '../db/records';
import { API, nonceOf, registrationBody, startTestServer, type OutboxEntry, type TestClient, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});


const NOT_ME = serverText('en', 'email.notMe', {
  phone: DEFAULT_HELP.phone,
  hours: serverText('en', 'server.footer.defaultHours'),
  email: DEFAULT_HELP.email,
});

/** The messages queued while `act` runs and in the half second after: a wrong password's sign-in queues its notice without awaiting it. */
async function mailOfSignIns(act: () => Promise<unknown>): Promise<OutboxEntry[]> {
  return server.mailDuring(async () => {
    await act();
    await new Promise((resolve) => setTimeout(resolve, 500));
  });
}

/** A browser of its own signed in as `username` (a new browser's notice is queued before the sign-in answers). */

/** Opens an emailed verification link as a browser does: its page, then the page's POST. */
async function openVerifyLink(link: OutboxEntry) {
  const browser = server.client();
  await browser.visit(link.paths[0]);
  return browser.post(`${API}anon-user/verify_email/`, { nonce: nonceOf(link.paths[0]!) });
}

/** Dana's password once 'a changed password' has reset it; she signs in first in 'a sign-in from a browser…'. */
const DANA_PASSWORD = 'Notice-Changed-7';

async function resetPassword(username: string, password: string) {
  const client = server.client();
  await client.visit('/loanmanager/request_password_reset');
  const [link] = await server.mailDuring(async () => {
    expect((await client.post(`${API}account/request_password_reset/`, { username, recaptcha_response: 't' })).statusCode).toBe(200);
  });
  const nonce = nonceOf(link!.paths[0]!);
  await client.visit(link!.paths[0]);
  return (password2 = password) => client.post(`${API}account/reset_password/`, { nonce, password, password2 });
}

describe('a changed password', () => {
  it('is told at the address on file, with the help line, and no link', async () => {
    const reset = await resetPassword('dana.demo', DANA_PASSWORD);
    const refused: OutboxEntry[] = await server.mailDuring(async () => {
      expect((await reset('Something-Else-8')).statusCode).toBe(400);
    });
    expect(refused).toEqual([]);
    const notices = await server.mailDuring(async () => {
      expect((await reset()).statusCode).toBe(200);
    });
    expect(notices).toEqual([
      expect.objectContaining({
        to: 'dana.demo@example.com',
        subject: 'Your Loan Manager password was changed',
        body: `The password of your Loan Manager account was just changed.\n\n${NOT_ME}`,
        paths: [],
      }),
    ]);
    expect(NOT_ME).toContain('1-800-555-0100');
  });

  it("is told in the borrower's language", async () => {
    await server.query("UPDATE users SET locale = 'es' WHERE username = 'sam.several'");
    const reset = await resetPassword('sam.several', 'Aviso-Cambiado-7');
    const [notice] = await server.mailDuring(async () => {
      expect((await reset()).statusCode).toBe(200);
    });
    expect(notice).toMatchObject({ to: 'sam.several@example.com', subject: 'Se cambió su contraseña de Loan Manager' });
    expect(notice!.body).toContain(serverText('es', 'server.footer.defaultHours'));
  });

  it('still changes when the notice cannot be queued: the failure is logged, without the address', async () => {
    const reset = await resetPassword('cory.coborrower', 'Outbox-Away-9');
    await server.query('ALTER TABLE outbox RENAME TO outbox_away');
    try {
      expect((await reset()).statusCode).toBe(200);
    } finally {
      await server.query('ALTER TABLE outbox_away RENAME TO outbox');
    }
    const client = await server.signedIn('cory.coborrower', 'Outbox-Away-9');
    expect((await client.get(`${API}go-green/status/`)).statusCode).toBe(200);
    const failure = server
      .logs()
      .split('\n')
      .find((line) => line.includes('account notice not queued'));
    expect(failure).toBeDefined();
    expect(failure).toContain('"change":"passwordChanged"');
    expect(failure).not.toContain('cory.coborrower@example.com');
  });
});

describe('a replaced email address', () => {
  /** The mail queued as `username` verifies `address` through the emailed link. */
  async function noticesOfVerifying(username: string, address: string) {
    const client = await server.signedIn(username);
    await client.confirmPassword();
    const [link] = await server.mailDuring(async () => {
      await client.post(`${API}user/request_email_change/`, { email_address: address });
    });
    return server.mailDuring(async () => {
      expect((await openVerifyLink(link!)).statusCode).toBe(200);
    });
  }

  it('is told at the address it replaced, the new one masked, with the link that puts it back (server/test/addressRestore.test.ts)', async () => {
    const notices = await noticesOfVerifying('paula.paperless', 'paula.elsewhere@example.com');
    const restorePath = notices[0]?.paths[0] ?? '';
    expect(restorePath).toMatch(/^\/loanmanager\/restore_email\/[A-Za-z0-9_-]{43}\/$/);
    expect(notices).toEqual([
      expect.objectContaining({
        to: 'paula.paperless@example.com',
        subject: 'Your Loan Manager email address was changed',
        body:
          'The email address of your Loan Manager account was just changed to p***@example.com. Messages about your account now go there, not to this address.' +
          `\n\n${NOT_ME}\n\nIf you did not make this change, put this address back at the link below. It signs out every device, cancels the links already emailed and takes you to choose a new password. The link works once, for 7 days:` +
          `\n\nhttp://portal.test${restorePath}`,
        paths: [restorePath],
      }),
    ]);
  });

  it('is not told when the address verified is the one on file', async () => {
    expect(await noticesOfVerifying('uma.unverified', 'uma.unverified@example.com')).toEqual([]);
  });
});

describe('a changed delivery choice', () => {
  const optIn = { time_zone: 'America/Chicago', browser: 'Firefox 140', os: 'Linux', email: 'uma.unverified@example.com' };

  it('is told on opting in and out, with a link to the go-green page; an opt-in or opt-out that changes nothing is not', async () => {
    // uma's address was verified by the test above
    const client = await server.signedIn('uma.unverified');
    const optedOutAlready = await server.mailDuring(async () => {
      expect((await client.post(`${API}go-green/opt_out/`)).statusCode).toBe(200);
    });
    expect(optedOutAlready).toEqual([]);

    const on = await server.mailDuring(async () => {
      expect((await client.post(`${API}go-green/opt_in/`, optIn)).statusCode).toBe(200);
    });
    expect(on).toEqual([
      expect.objectContaining({
        to: 'uma.unverified@example.com',
        subject: 'You chose electronic delivery',
        body: expect.stringContaining('http://portal.test/loanmanager/go-green/'),
        paths: ['/loanmanager/go-green/'],
      }),
    ]);
    expect(on[0]!.body).toContain(NOT_ME);
    expect(
      await server.mailDuring(async () => {
        expect((await client.post(`${API}go-green/opt_in/`, optIn)).statusCode).toBe(200);
      }),
    ).toEqual([]);

    const off = await server.mailDuring(async () => {
      expect((await client.post(`${API}go-green/opt_out/`)).statusCode).toBe(200);
    });
    expect(off).toEqual([
      expect.objectContaining({ to: 'uma.unverified@example.com', subject: 'You chose paper statements', paths: ['/loanmanager/go-green/'] }),
    ]);
  });
});

describe('an opt-in to an address verified before but not on file', () => {
  it('tells the address it replaces, and the new one that statements now go there', async () => {
    // paula's address on file is paula.elsewhere since 'a replaced email address'; her first one stays verified
    const client = await server.signedIn('paula.paperless');
    await client.confirmPassword();
    const notices = await server.mailDuring(async () => {
      const optIn = { time_zone: 'America/Chicago', browser: 'Firefox 140', os: 'Linux', email: 'paula.paperless@example.com' };
      expect((await client.post(`${API}go-green/opt_in/`, optIn)).statusCode).toBe(200);
    });
    expect(notices).toEqual([
      expect.objectContaining({ to: 'paula.elsewhere@example.com', subject: 'Your Loan Manager email address was changed' }),
      expect.objectContaining({ to: 'paula.paperless@example.com', subject: 'You chose electronic delivery' }),
    ]);
    expect(notices[0]!.body).toContain('was just changed to p***@example.com.');
  });
});

describe('sign-in paused by wrong passwords', () => {
  async function wrongPasswords(username: string, times: number) {
    const client = server.client();
    await client.visit();
    for (let attempt = 0; attempt < times; attempt += 1) {
      const response = await client.post(`${API}account/login/`, { username, password: 'Not-The-Password-1' });
      expect([400, 429]).toContain(response.statusCode);
    }
  }

  it('is told once, when the failure that pauses it is counted, with a link to choose a new password', async () => {
    expect(await mailOfSignIns(() => wrongPasswords('cory.coborrower', LOGIN_LOCKOUT.failures - 1))).toEqual([]);
    const notices = await mailOfSignIns(() => wrongPasswords('cory.coborrower', 1));
    expect(notices).toEqual([
      expect.objectContaining({
        to: 'cory.coborrower@example.com',
        subject: 'Sign-in to your Loan Manager account is paused',
        paths: ['/loanmanager/request_password_reset'],
      }),
    ]);
    expect(notices[0]!.body).toContain(
      `A wrong password was entered for your Loan Manager account ${LOGIN_LOCKOUT.failures} times in a row, so sign-in is paused for up to ${LOGIN_LOCKOUT.minutes} minutes. Your password has not changed.`,
    );
    expect(notices[0]!.body).toContain('http://portal.test/loanmanager/request_password_reset\n');
    expect(notices[0]!.body).toContain(DEFAULT_HELP.phone);

    // guesses while it is paused tell nothing more
    expect(await mailOfSignIns(() => wrongPasswords('cory.coborrower', 3))).toEqual([]);
  });

  it('is not told for a username nobody has', async () => {
    expect(await mailOfSignIns(() => wrongPasswords('nobody.at.all', LOGIN_LOCKOUT.failures + 1))).toEqual([]);
  });
});

describe('a sign-in from a browser not signed in from before', () => {
  const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';

  async function signInFrom(browser: TestClient, username: string, password = DEMO_PASSWORD, userAgent = FIREFOX_ON_LINUX) {
    if (!browser.cookies.has('csrftoken')) await browser.visit();
    const response = await browser.post(`${API}account/login/`, { username, password }, { headers: { 'user-agent': userAgent } });
    expect(response.statusCode).toBe(200);
    return response;
  }

  it('is told, naming the browser, with a link to choose a new password; the first browser ever and a known one are not', async () => {
    const first = server.client();
    expect(await mailOfSignIns(() => signInFrom(first, 'dana.demo', DANA_PASSWORD))).toEqual([]);
    expect(await mailOfSignIns(() => signInFrom(first, 'dana.demo', DANA_PASSWORD))).toEqual([]);

    const another = server.client();
    const notices = await mailOfSignIns(() => signInFrom(another, 'dana.demo', DANA_PASSWORD));
    expect(notices).toEqual([
      expect.objectContaining({ to: 'dana.demo@example.com', subject: 'New sign-in to your Loan Manager account', paths: ['/loanmanager/request_password_reset'] }),
    ]);
    expect(notices[0]!.body).toContain(
      'Your Loan Manager account was just signed in to from a browser it had not been signed in from before: Firefox 140 on Linux.',
    );
    expect(notices[0]!.body).toContain('http://portal.test/loanmanager/request_password_reset\n');
    expect(await mailOfSignIns(() => signInFrom(another, 'dana.demo', DANA_PASSWORD))).toEqual([]);

    // a User-Agent's own words never reach the mail: only the names bowser knows
    const forged = await mailOfSignIns(() => signInFrom(server.client(), 'dana.demo', DANA_PASSWORD, 'Call 1-900-555-0199 at once/1.0 (x)'));
    expect(forged).toHaveLength(1);
    expect(forged[0]!.body).toContain('from before: a browser that did not say which.');
    expect(forged[0]!.body).not.toContain('555-0199');
  });

  it('names the browser by a cookie of its own: random, HttpOnly, for the portal only, kept 400 days; one not of ours counts as a new browser', async () => {
    const browser = server.client();
    await browser.visit();
    const response = await signInFrom(browser, 'uma.unverified');
    const cookie = (response.cookies as Array<{ name: string; value: string; httpOnly?: boolean; path?: string; sameSite?: string; maxAge?: number }>).find(
      (candidate) => candidate.name === 'lm_browser',
    );
    expect(cookie).toMatchObject({ httpOnly: true, path: '/loanmanager/', sameSite: 'Lax', maxAge: KNOWN_BROWSER_DAYS * 86_400 });
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await server.query('SELECT browser_key FROM known_browsers WHERE browser_key = ?', [cookie!.value])).toEqual([]);

    browser.cookies.set('lm_browser', 'made-up');
    const notices = await mailOfSignIns(() => signInFrom(browser, 'uma.unverified', DEMO_PASSWORD, ''));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.body).toContain('from before: a browser that did not say which.');
    expect(browser.cookies.get('lm_browser')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('is not told for the browser a borrower registered from, and is, in their language, for another', async () => {
    const nico = DEMO_BORROWERS.find((borrower) => borrower.firstname === 'Nico')!;
    const body = registrationBody(nico, { password: 'Strong-pass-73', username: 'nico.browser', email: 'nico.browser@example.com' });
    const registeredFrom = server.client();
    await registeredFrom.visit('/loanmanager/register/');
    expect((await registeredFrom.post(`${API}account/register/`, body, { headers: { 'accept-language': 'es' } })).statusCode).toBe(201);
    expect(await mailOfSignIns(() => signInFrom(registeredFrom, 'nico.browser', 'Strong-pass-73'))).toEqual([]);
    const [notice] = await mailOfSignIns(() => signInFrom(server.client(), 'nico.browser', 'Strong-pass-73'));
    expect(notice).toMatchObject({ to: 'nico.browser@example.com', subject: 'Nuevo inicio de sesión en su cuenta de Loan Manager' });
    expect(notice!.body).toContain('Firefox 140 en Linux');
  });
});
