/**
 * The language of every email (issue 39, E2; the rule: docs/server.md, "The language of emails"):
 * a mail a request causes goes in the language the borrower is using on that request (the widget's
 * `Accept-Language`, else the `lm_locale` cookie), signed in or not; the account's saved language
 * follows what the borrower uses when they act as themselves (registration, sign-in, a signed-in API
 * call), and is the language of the mail no request of theirs causes (sign-in paused). On SQLite or
 * PostgreSQL (`npm run test:pg`).
 */
import type { Locale } from '../../src/platform/i18n/locales';
import type { MessageId } from '../../src/platform/i18n/messageId';
import { LOGIN_LOCKOUT } from '../config';
import { DEMO_BORROWERS, DEMO_PASSWORD } from '../db/seed';
import { serverText } from '../http/i18n';
import { API, nonceOf, registrationBody, startTestServer, type OutboxEntry, type TestClient, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** The messages queued while `act` runs and in the half second after (a paused sign-in's notice is not awaited), oldest first. */
async function mailDuring(act: () => Promise<unknown>): Promise<OutboxEntry[]> {
  const before = new Set((await server.outbox()).map((mail) => mail.id));
  await act();
  await new Promise((resolve) => setTimeout(resolve, 500));
  return (await server.outbox()).filter((mail) => !before.has(mail.id)).reverse();
}

/** Which language a mail's subject is in (each subject differs between the catalogs). */
function languageOf(mail: OutboxEntry | undefined, subject: MessageId): Locale | 'neither' {
  if (mail?.subject === serverText('es', subject)) return 'es';
  if (mail?.subject === serverText('en', subject)) return 'en';
  return 'neither';
}

const savedLocale = async (username: string) =>
  (await server.query<{ locale: string | null }>('SELECT locale FROM users WHERE username = ?', [username]))[0]?.locale;

const saveLocale = (username: string, locale: Locale | null) => server.query('UPDATE users SET locale = ? WHERE username = ?', [locale, username]);

/** A browser whose page is in Spanish: the switch's cookie, and the widgets' header on every API call. */
function spanishPage(): TestClient & { spanish: { headers: Record<string, string> } } {
  const client = server.client();
  client.cookies.set('lm_locale', 'es');
  return Object.assign(client, { spanish: { headers: { 'accept-language': 'es' } } });
}

async function signedIn(client: TestClient, username: string, headers: Record<string, string> = {}) {
  await client.visit();
  const response = await client.post(`${API}account/login/`, { username, password: DEMO_PASSWORD }, { headers });
  expect(response.statusCode).toBe(200);
  return client;
}

const dana = DEMO_BORROWERS.find((borrower) => borrower.username === 'dana.demo')!;

it('serverText: every subject these tests tell apart differs between English and Spanish', () => {
  const subjects: MessageId[] = [
    'email.verify.subject',
    'email.reset.subject',
    'email.username.subject',
    'email.newBrowser.subject',
    'email.signInPaused.subject',
    'email.passwordChanged.subject',
    'email.addressChanged.subject',
    'email.paperlessOff.subject',
  ];
  for (const id of subjects) expect([id, serverText('es', id)]).not.toEqual([id, serverText('en', id)]);
});

describe('signed out', () => {
  it('registering from a Spanish page: the verification email is in Spanish, and the account saves Spanish', async () => {
    const nora = DEMO_BORROWERS.find((borrower) => borrower.firstname === 'Nora')!;
    const browser = server.client();
    // the cookie alone (the language switch's), as a request that does not carry the header
    browser.cookies.set('lm_locale', 'es');
    await browser.visit('/loanmanager/register/');
    const body = registrationBody(nora, { username: 'nora.spanish', email: 'nora.spanish@example.com' });
    const [mail] = await mailDuring(async () => expect((await browser.post(`${API}account/register/`, body)).statusCode).toBe(201));
    expect(languageOf(mail, 'email.verify.subject')).toBe('es');
    expect(await savedLocale('nora.spanish')).toBe('es');
  });

  it('a reset asked for from a Spanish page for an account saved in English: the link comes in Spanish; the account keeps English', async () => {
    await saveLocale('uma.unverified', 'en');
    const browser = spanishPage();
    await browser.visit('/loanmanager/request_password_reset');
    const [link] = await mailDuring(async () => {
      const response = await browser.post(`${API}account/request_password_reset/`, { username: 'uma.unverified', recaptcha_response: 't' }, browser.spanish);
      expect(response.statusCode).toBe(200);
    });
    expect(languageOf(link, 'email.reset.subject')).toBe('es');
    // asking for a link proves nothing of who asked
    expect(await savedLocale('uma.unverified')).toBe('en');

    // the reset's notice, from the Spanish reset page, is in Spanish too
    const nonce = nonceOf(link!.paths[0]!);
    await browser.visit(link!.paths[0]);
    const [notice] = await mailDuring(async () => {
      const response = await browser.post(`${API}account/reset_password/`, { nonce, password: 'Cambio-Hecho-7', password2: 'Cambio-Hecho-7' }, browser.spanish);
      expect(response.statusCode).toBe(200);
    });
    expect(languageOf(notice, 'email.passwordChanged.subject')).toBe('es');
  });

  it('the same reset from an English page, or from an API client that names no language, follows English / the saved language', async () => {
    await saveLocale('sam.several', 'es');
    const english = server.client();
    await english.visit('/loanmanager/request_password_reset');
    const [fromEnglish] = await mailDuring(() =>
      english.post(`${API}account/request_password_reset/`, { username: 'sam.several', recaptcha_response: 't' }, { headers: { 'accept-language': 'en' } }),
    );
    expect(languageOf(fromEnglish, 'email.reset.subject')).toBe('en');
    const [fromNowhere] = await mailDuring(() => english.post(`${API}account/request_password_reset/`, { username: 'sam.several', recaptcha_response: 't' }));
    expect(languageOf(fromNowhere, 'email.reset.subject')).toBe('es');
  });

  it('a username asked for from a Spanish page: the reminder is in Spanish', async () => {
    await saveLocale('dana.demo', 'en');
    const browser = spanishPage();
    await browser.visit('/loanmanager/recover_username/');
    const [mail] = await mailDuring(async () => {
      const details = { loanno: dana.loans[0]!.loanno, ssn: dana.ssn, dob: dana.dob, recaptcha_response: 't' };
      expect((await browser.post(`${API}account/recover_username/`, details, browser.spanish)).statusCode).toBe(200);
    });
    expect(languageOf(mail, 'email.username.subject')).toBe('es');
  });
});

describe('signed in', () => {
  it('E2: Español chosen before signing in: the sign-in saves Spanish, and the new address is verified in Spanish', async () => {
    await saveLocale('dana.demo', 'en');
    const browser = spanishPage();
    await signedIn(browser, 'dana.demo', browser.spanish.headers);
    expect(await savedLocale('dana.demo')).toBe('es');
    await browser.confirmPassword();
    const [link] = await mailDuring(async () => {
      const response = await browser.post(`${API}user/request_email_change/`, { email_address: 'dana.nueva@example.com' }, browser.spanish);
      expect(response.statusCode).toBe(200);
    });
    expect(link).toMatchObject({ to: 'dana.nueva@example.com' });
    expect(languageOf(link, 'email.verify.subject')).toBe('es');
  });

  it('a signed-in call in Spanish saves Spanish (the page polling does not), and mail of a signed-in change follows the request', async () => {
    await saveLocale('paula.paperless', 'en');
    const browser = await signedIn(server.client(), 'paula.paperless');
    expect(await savedLocale('paula.paperless')).toBe('en');
    expect((await browser.get(`${API}user/is_validated/`, { query: { email_address: 'paula.paperless@example.com' }, headers: { 'accept-language': 'es' } })).statusCode).toBe(200);
    expect(await savedLocale('paula.paperless')).toBe('en');
    const [notice] = await mailDuring(async () => {
      expect((await browser.post(`${API}go-green/opt_out/`, undefined, { headers: { 'accept-language': 'es' } })).statusCode).toBe(200);
    });
    expect(languageOf(notice, 'email.paperlessOff.subject')).toBe('es');
    expect(await savedLocale('paula.paperless')).toBe('es');
  });

  it('a sign-in from a new browser in Spanish: its notice is in Spanish', async () => {
    await saveLocale('sam.several', 'en');
    await signedIn(server.client(), 'sam.several'); // a known browser first: the first one ever is not told
    const browser = spanishPage();
    const [notice] = await mailDuring(() => signedIn(browser, 'sam.several', browser.spanish.headers));
    expect(languageOf(notice, 'email.newBrowser.subject')).toBe('es');
    expect(await savedLocale('sam.several')).toBe('es');
  });

  it('opening an emailed verification link on a Spanish page: the notice to the address it replaces is in Spanish', async () => {
    await saveLocale('cory.coborrower', 'en');
    const browser = await signedIn(server.client(), 'cory.coborrower');
    await browser.confirmPassword();
    const [link] = await mailDuring(() => browser.post(`${API}user/request_email_change/`, { email_address: 'cory.nuevo@example.com' }));
    expect(languageOf(link, 'email.verify.subject')).toBe('en');
    const opener = spanishPage();
    await opener.visit(link!.paths[0]);
    const [notice] = await mailDuring(async () => {
      expect((await opener.post(`${API}anon-user/verify_email/`, { nonce: nonceOf(link!.paths[0]!) }, opener.spanish)).statusCode).toBe(200);
    });
    expect(notice).toMatchObject({ to: 'cory.coborrower@example.com' });
    expect(languageOf(notice, 'email.addressChanged.subject')).toBe('es');
  });
});

describe('sign-in paused: wrong passwords, which anyone can type, are not the owner', () => {
  async function wrongPasswords(browser: TestClient, username: string, headers: Record<string, string> = {}) {
    await browser.visit();
    for (let attempt = 1; attempt <= LOGIN_LOCKOUT.failures; attempt += 1) {
      const response = await browser.post(`${API}account/login/`, { username, password: 'Not-The-Password-1' }, { headers });
      // the failure that pauses sign-in answers as paused at once (security.md control 11)
      expect(response.statusCode).toBe(attempt < LOGIN_LOCKOUT.failures ? 400 : 429);
    }
  }

  it('typed on a Spanish page for an account saved in English: the notice is in English, and the account keeps English', async () => {
    await saveLocale('uma.unverified', 'en');
    const browser = spanishPage();
    const [notice] = await mailDuring(() => wrongPasswords(browser, 'uma.unverified', browser.spanish.headers));
    expect(languageOf(notice, 'email.signInPaused.subject')).toBe('en');
    expect(await savedLocale('uma.unverified')).toBe('en');
  });

  // nora.spanish: registered in 'signed out'
  it('typed on an English page once the owner used the portal in Spanish: the notice is in Spanish', async () => {
    await saveLocale('nora.spanish', 'en');
    const owner = server.client();
    await owner.visit();
    expect((await owner.post(`${API}account/login/`, { username: 'nora.spanish', password: 'Secret-pass9' })).statusCode).toBe(200);
    expect((await owner.get(`${API}user/session/`, { headers: { 'accept-language': 'es' } })).statusCode).toBe(200);
    expect(await savedLocale('nora.spanish')).toBe('es');
    const [notice] = await mailDuring(() => wrongPasswords(server.client(), 'nora.spanish', { 'accept-language': 'en' }));
    expect(languageOf(notice, 'email.signInPaused.subject')).toBe('es');
  });
});
