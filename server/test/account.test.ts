import { DEMO_BORROWERS, DEMO_PASSWORD } from '../db/seed';
import { RESET_NONCE_MINUTES } from '../auth/security';
import { normalizeEmailAddress } from '../services/emailAddress';
import { API, nonceOf, registrationBody, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const nora = DEMO_BORROWERS.find((borrower) => borrower.firstname === 'Nora')!;
const reggie = DEMO_BORROWERS.find((borrower) => borrower.firstname === 'Reggie')!;
const nico = DEMO_BORROWERS.find((borrower) => borrower.firstname === 'Nico')!;
const dana = DEMO_BORROWERS.find((borrower) => borrower.username === 'dana.demo')!;

const registration = registrationBody;

describe('account/register', () => {
  it('creates the user, signs them in, returns their loans and emails a verification link', async () => {
    const client = server.client();
    await client.visit('/loanmanager/register/');
    const body = registration(nora, { username: 'nora.new', email: 'nora.new@example.com' });
    const response = await client.post(`${API}account/register/`, body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      available_loans: [{ loanno: '9000000007', property_address: '7 Pretend Place, Mocktown, ZZ 00007' }],
    });
    const sessionCookie = response.cookies.find((cookie) => cookie.name === 'sessionid');
    expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(sessionCookie?.maxAge).toBeUndefined();
    // signed in: the signed-in API answers
    const status = await client.get(`${API}go-green/status/`);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ email_address: 'nora.new@example.com', email_validated: false, electdocs: false });
    // the landing page says, once, where the verification email went: a flag cookie with no data, nothing in the address
    expect(response.cookies.find((cookie) => cookie.name === 'lm_verification_sent')).toMatchObject({
      value: '1',
      httpOnly: true,
      sameSite: 'Lax',
      path: '/loanmanager/',
    });
    const landing = await client.get('/loanmanager/loanoverview/');
    expect(landing.body).toContain(
      'We have sent a verification email to <strong>nora.new@example.com</strong>. Please open the link in it to verify your email address.',
    );
    expect(client.cookies.has('lm_verification_sent')).toBe(false);
    expect((await client.get('/loanmanager/loanoverview/')).body).not.toContain('verification email');
    const [mail] = await server.outbox();
    expect(mail?.to).toBe('nora.new@example.com');
    expect(mail?.paths[0]).toMatch(/^\/loanmanager\/verify_email\/\?nonce=[A-Za-z0-9_-]{43}$/);
    expect(mail?.body).toContain(`http://portal.test${mail?.paths[0]}`);

    // the emailed link verifies the address, once
    const anonymous = server.client();
    await anonymous.visit(mail!.paths[0]);
    const verify = await anonymous.post(`${API}anon-user/verify_email/`, { nonce: nonceOf(mail!.paths[0]!) });
    expect(verify.statusCode).toBe(200);
    expect((await client.get(`${API}go-green/status/`)).json()).toMatchObject({ email_validated: true });
    const again = await anonymous.post(`${API}anon-user/verify_email/`, { nonce: nonceOf(mail!.paths[0]!) });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toHaveLength(1);
  });

  it('with several loans returns them all, and a remembered browser gets a lasting cookie', async () => {
    const client = server.client();
    await client.visit();
    const response = await client.post(
      `${API}account/register/`,
      registration(reggie, { username: 'reggie.r', remember_this_browser: true }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().available_loans.map((loan: { loanno: string }) => loan.loanno)).toEqual([
      '9000000008',
      '9000000009',
    ]);
    expect(response.cookies.find((cookie) => cookie.name === 'sessionid')?.maxAge).toBe(30 * 24 * 3600);
  });

  it('answers 409 when that borrower already has an account', async () => {
    const client = server.client();
    await client.visit();
    const response = await client.post(`${API}account/register/`, registration(dana));
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual(['You have already registered.']);
  });

  it('answers 400 without an errors list when no loan matches', async () => {
    const client = server.client();
    await client.visit();
    for (const mismatch of [{ ssn: '900000099' }, { dob: '1999-01-01' }, { loanno: '9000000005' }]) {
      const response = await client.post(`${API}account/register/`, registration(nico, mismatch));
      expect(response.statusCode).toBe(400);
      expect(response.json()).not.toHaveProperty('errors');
    }
  });

  it('answers 400 with errors for a taken username (any case)', async () => {
    const client = server.client();
    await client.visit();
    const response = await client.post(`${API}account/register/`, registration(nico, { username: 'SAM.several' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(['That username is already taken. Please choose another.']);
    // the field it concerns, so the form takes the green tick off that one only
    expect(response.json().fields).toEqual(['username']);
  });

  it('answers 400 with errors for an email address another user has', async () => {
    const client = server.client();
    await client.visit();
    const response = await client.post(
      `${API}account/register/`,
      registration(nico, { email: 'sam.several@example.com' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatch(/already in use/);
  });

  it('checks the fields with the shared rules', async () => {
    const client = server.client();
    await client.visit();
    const response = await client.post(
      `${API}account/register/`,
      registration(nico, {
        password: 'weakpass',
        email: 'not-an-email',
        loanno: '123',
        ssn: '12-34',
        dob: '1987-02-30',
        firstname: 'x'.repeat(51),
        username: 'has space',
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        'Password: Password requirements not met.',
        'Email: Please enter a valid email address',
        'Loan number: Must be 10 digits',
        'Social security number: Must be 9 digits',
        'Date of birth: This field is required',
        'First name: Maximum length is 50.',
        'Username: Usernames may contain only letters, digits and the characters @ . + - _',
      ]),
    );
  });

  it('refuses a body that does not fit the contract', async () => {
    const client = server.client();
    await client.visit();
    const { recaptcha_response: _omitted, ...withoutCaptcha } = registration(nico);
    const missing = await client.post(`${API}account/register/`, withoutCaptcha);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual(['recaptcha_response: This field is required']);
    const unknown = await client.post(`${API}account/register/`, registration(nico, { is_admin: true }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual(['Unknown field in the request']);
    const wrongType = await client.post(`${API}account/register/`, registration(nico, { remember_this_browser: 'yes' }));
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors).toEqual(['remember_this_browser: Expected a boolean']);
  });
});

describe('account/recover_username', () => {
  it('emails the username and answers with the masked address', async () => {
    const client = server.client();
    await client.visit('/loanmanager/recover_username/');
    const response = await client.post(`${API}account/recover_username/`, {
      loanno: dana.loans[0]!.loanno,
      ssn: dana.ssn,
      dob: dana.dob,
      recaptcha_response: 'dummy-token',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email_address: 'd***@example.com' });
    const [mail] = await server.outbox();
    expect(mail?.to).toBe('dana.demo@example.com');
    expect(mail?.body).toContain('Your username is: dana.demo');
  });

  it('fails with errors for details that match no registered borrower', async () => {
    const client = server.client();
    await client.visit();
    for (const details of [
      { loanno: nico.loans[0]!.loanno, ssn: nico.ssn, dob: nico.dob }, // not registered
      { loanno: dana.loans[0]!.loanno, ssn: dana.ssn, dob: '1980-01-16' }, // no match
    ]) {
      const response = await client.post(`${API}account/recover_username/`, { ...details, recaptcha_response: 't' });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual(['We could not find a registered account for those details.']);
    }
  });
});

describe('password reset', () => {
  async function requestReset(username: string) {
    const client = server.client();
    await client.visit('/loanmanager/request_password_reset');
    const before = (await server.outbox()).length;
    const response = await client.post(`${API}account/request_password_reset/`, {
      username,
      recaptcha_response: 'dummy-token',
    });
    const after = await server.outbox();
    return { response, mail: after.length > before ? after[0] : undefined };
  }

  it('answers the same whether or not the username exists, and emails only real users', async () => {
    const known = await requestReset('paula.paperless');
    const unknown = await requestReset('nobody.here');
    expect(known.response.statusCode).toBe(200);
    expect(unknown.response.statusCode).toBe(200);
    expect(known.response.body).toBe(unknown.response.body);
    // how long the link works, the same for every username: the form's notice states it
    expect(JSON.parse(known.response.body)).toEqual({ link_minutes: RESET_NONCE_MINUTES });
    expect(known.mail?.to).toBe('paula.paperless@example.com');
    expect(known.mail?.paths[0]).toMatch(/^\/loanmanager\/reset_password\/[A-Za-z0-9_-]{43}\/$/);
    expect(unknown.mail).toBeUndefined();
  });

  it('trims the spaces around a username before looking it up (the same as the portal form sends)', async () => {
    const padded = await requestReset(' paula.paperless ');
    expect(padded.response.statusCode).toBe(200);
    expect(padded.mail?.to).toBe('paula.paperless@example.com');
  });

  it('resets once with a valid nonce, ends other sessions, and the new password works', async () => {
    const other = server.client();
    await other.login('cory.coborrower');
    expect((await other.get(`${API}go-green/status/`)).statusCode).toBe(200);

    const { mail } = await requestReset('cory.coborrower');
    const nonce = nonceOf(mail!.paths[0]!);
    const client = server.client();
    const page = await client.visit(mail!.paths[0]);
    expect(page.statusCode).toBe(200);
    expect((await client.post(`${API}account/validate_nonce/`, { nonce })).statusCode).toBe(200);

    const mismatch = await client.post(`${API}account/reset_password/`, {
      nonce,
      password: 'New-pass-1',
      password2: 'New-pass-2',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ errors: ['The passwords you entered do not match'], fields: ['password2'] });
    const weak = await client.post(`${API}account/reset_password/`, { nonce, password: 'alllower', password2: 'alllower' });
    expect(weak.statusCode).toBe(400);
    // the refused field is named, so the page marks it (issue 47 item 8)
    expect(weak.json()).toEqual({ errors: ['Password requirements not met.'], fields: ['password'] });
    const tooLong = `A1!${'a'.repeat(200)}`;
    const long = await client.post(`${API}account/reset_password/`, { nonce, password: tooLong, password2: tooLong });
    expect(long.json().errors).toEqual(['Maximum length is 200.']);

    const done = await client.post(`${API}account/reset_password/`, {
      nonce,
      password: 'New-pass-1',
      password2: 'New-pass-1',
    });
    expect(done.statusCode).toBe(200);

    // single use
    expect((await client.post(`${API}account/validate_nonce/`, { nonce })).statusCode).toBe(400);
    const reuse = await client.post(`${API}account/reset_password/`, {
      nonce,
      password: 'Other-pass-2',
      password2: 'Other-pass-2',
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().errors).toEqual(['Your reset password request has expired.']);
    expect(reuse.json().fields).toBeUndefined();
    // the other session has ended
    expect((await other.get(`${API}go-green/status/`)).statusCode).toBe(401);
    // old password refused, new one accepted
    const fresh = server.client();
    await fresh.visit();
    expect((await fresh.post(`${API}account/login/`, { username: 'cory.coborrower', password: DEMO_PASSWORD })).statusCode).toBe(400);
    await fresh.login('cory.coborrower', 'New-pass-1');
  });

  it('expires the link after 60 minutes', async () => {
    const { mail } = await requestReset('sam.several');
    const nonce = nonceOf(mail!.paths[0]!);
    const client = server.client();
    await client.visit();
    server.clock.advance(59 * 60 * 1000);
    expect((await client.post(`${API}account/validate_nonce/`, { nonce })).statusCode).toBe(200);
    server.clock.advance(2 * 60 * 1000);
    const expired = await client.post(`${API}account/validate_nonce/`, { nonce });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors).toEqual(['Your reset password request has expired.']);
    const reset = await client.post(`${API}account/reset_password/`, {
      nonce,
      password: 'New-pass-1',
      password2: 'New-pass-1',
    });
    expect(reset.statusCode).toBe(400);
    await server.client().login('sam.several');
  });

  it('refuses unknown nonces', async () => {
    const client = server.client();
    await client.visit();
    const response = await client.post(`${API}account/validate_nonce/`, { nonce: 'x'.repeat(43) });
    expect(response.statusCode).toBe(400);
    expect((await client.post(`${API}account/validate_nonce/`, { nonce: '' })).statusCode).toBe(400);
  });
});

describe('anon-user/verify_email', () => {
  it('refuses an unknown or expired nonce', async () => {
    const client = server.client();
    await client.login('uma.unverified');
    await client.confirmPassword();
    const change = await client.post(`${API}user/request_email_change/`, { email_address: 'uma.new@example.com' });
    expect(change.json()).toMatchObject({ requires_validation: true });
    const [mail] = await server.outbox();
    const nonce = nonceOf(mail!.paths[0]!);
    expect((await client.post(`${API}anon-user/verify_email/`, { nonce: 'y'.repeat(43) })).statusCode).toBe(400);
    server.clock.advance(49 * 3600 * 1000);
    const expired = await client.post(`${API}anon-user/verify_email/`, { nonce });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors).toEqual(['This verification link is invalid or has expired.']);
    await client.login('uma.unverified'); // the session has expired meanwhile
    expect((await client.get(`${API}user/is_validated/?email_address=uma.new%40example.com`)).json()).toEqual({
      validated: false,
    });
  });
});

describe('account/login and account/logout', () => {
  it('signs in with the right password only, and signs out', async () => {
    const client = server.client();
    await client.visit();
    const wrong = await client.post(`${API}account/login/`, { username: 'dana.demo', password: 'Wrong-pass1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual(['Invalid username or password.']);
    const unknown = await client.post(`${API}account/login/`, { username: 'nobody', password: 'Wrong-pass1' });
    expect(unknown.json()).toEqual(wrong.json());

    const csrfBefore = client.cookies.get('csrftoken');
    const ok = await client.post(`${API}account/login/`, { username: 'DANA.DEMO', password: DEMO_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      available_loans: [{ loanno: '9000000001', property_address: '1 Demo Street, Exampleville, ZZ 00001' }],
    });
    expect(client.cookies.get('csrftoken')).not.toBe(csrfBefore);
    expect((await client.get(`${API}go-green/status/`)).statusCode).toBe(200);

    const out = await client.post(`${API}account/logout/`);
    expect(out.statusCode).toBe(200);
    expect(client.cookies.has('sessionid')).toBe(false);
    expect((await client.get(`${API}go-green/status/`)).statusCode).toBe(401);
  });

  it('signs in with spaces around the username, and registers the username without them', async () => {
    const client = server.client();
    await client.visit();
    const ok = await client.post(`${API}account/login/`, { username: '  dana.demo ', password: DEMO_PASSWORD });
    expect(ok.statusCode).toBe(200);

    // a server of its own: registering Nico here would change what the other tests find
    const own = await startTestServer();
    try {
      const fresh = own.client();
      await fresh.visit('/loanmanager/register/');
      const registered = await fresh.post(
        `${API}account/register/`,
        registration(nico, { username: ' nico.trimmed  ', email: 'nico.trimmed@example.com' }),
      );
      expect(registered.statusCode).toBe(201);
      const again = own.client();
      await again.visit();
      const signIn = await again.post(`${API}account/login/`, { username: 'nico.trimmed', password: 'Secret-pass9' });
      expect(signIn.statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('a stolen session cookie stops working after sign-out', async () => {
    const client = server.client();
    await client.login('dana.demo');
    const stolen = client.cookies.get('sessionid')!;
    await client.post(`${API}account/logout/`);
    const thief = server.client();
    thief.cookies.set('sessionid', stolen);
    expect((await thief.get(`${API}go-green/status/`)).statusCode).toBe(401);
  });

  it('sessions expire after 12 hours on the server, however active', async () => {
    const client = server.client();
    await client.login('dana.demo');
    // a request every 14 minutes: within the idle limit (sessionTimeout.test.ts)
    for (let minutes = 14; minutes <= 11 * 60 + 40; minutes += 14) {
      server.clock.advance(14 * 60 * 1000);
      expect((await client.get(`${API}go-green/status/`)).statusCode).toBe(200);
    }
    server.clock.advance(20 * 60 * 1000);
    expect((await client.get(`${API}go-green/status/`)).statusCode).toBe(401);
  });
});

// An address typed with capitals (issue 47 item 8): its domain is kept in lower case wherever an
// address is taken (registration, email change, go-green), its local part as typed.
describe('an address typed with capitals', () => {
  test('normalizeEmailAddress lower-cases the domain only', () => {
    expect(normalizeEmailAddress('Uma.New@EXAMPLE.Com')).toBe('Uma.New@example.com');
    expect(normalizeEmailAddress('odd"@"Name@Example.COM')).toBe('odd"@"Name@example.com');
    expect(normalizeEmailAddress('no-at-sign')).toBe('no-at-sign');
  });

  test('registration keeps the address with its domain in lower case: stored, shown and mailed so', async () => {
    // a server of its own: registering Nico here would change what the other tests find
    const own = await startTestServer();
    try {
      const client = own.client();
      await client.visit('/loanmanager/register/');
      const response = await client.post(
        `${API}account/register/`,
        registration(nico, { username: 'nico.capitals', email: 'Nico.Capitals@EXAMPLE.COM' }),
      );
      expect(response.statusCode).toBe(201);
      expect((await client.get(`${API}go-green/status/`)).json()).toMatchObject({ email_address: 'Nico.Capitals@example.com' });
      const mails = await own.outbox(); // newest first
      expect(mails[0]?.to).toBe('Nico.Capitals@example.com');
    } finally {
      await own.close();
    }
  });

  test('an email change keeps the new address with its domain in lower case', async () => {
    const client = server.client();
    await client.login('uma.unverified');
    await client.confirmPassword();
    const change = await client.post(`${API}user/request_email_change/`, { email_address: 'Uma.Capitals@EXAMPLE.COM' });
    expect(change.statusCode).toBe(200);
    const mails = await server.outbox(); // newest first
    expect(mails[0]?.to).toBe('Uma.Capitals@example.com');
  });
});
