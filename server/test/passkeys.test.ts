/**
 * Passkeys (issue 49; docs/security.md, "Passkeys"): each ceremony with a software authenticator
 * (./softAuthenticator.ts), and every refusal the same answer: a replayed challenge, a wrong origin, a
 * wrong relying party, a counter that goes back, an unknown credential, another user's passkey. On
 * SQLite or PostgreSQL (`npm run test:pg -- server/test/passkeys.test.ts`).
 */
import { DEMO_API_TOKEN, DEMO_PASSWORD } from '../db/seed';
import { PASSKEY_CHALLENGE_MS } from '../services/passkeys';
import { REAUTH_WINDOW_MS, TOKEN_CANNOT_REAUTHENTICATE } from '../services/reauthentication';
import { API, nonceOf, startTestServer, type TestClient, type TestServer } from './harness';
import { SoftPasskey, type CeremonyOverrides } from './softAuthenticator';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** The relying party and origin the test client's requests have (fastify's inject: Host localhost:80). */
const RP_ID = 'localhost';
const ORIGIN = 'http://localhost:80';
const REFUSED = { errors: ['That passkey could not be used. Try again, or use your password.'] };



/** Adds a passkey to the signed-in `client` (re-authenticated by password first); the answer. */
async function addPasskey(client: TestClient, passkey: SoftPasskey, name = 'My phone', overrides: CeremonyOverrides = {}) {
  expect((await client.post(`${API}user/confirm_password/`, { password: DEMO_PASSWORD })).statusCode).toBe(200);
  const options = await client.post(`${API}user/passkeys/add_options/`, {});
  expect(options.statusCode).toBe(200);
  const body = options.json() as { challenge: string; rp: { id: string }; user: { id: string; name: string } };
  expect(body.rp.id).toBe(RP_ID);
  return client.post(`${API}user/passkeys/add/`, { credential: passkey.create(body, overrides), name });
}

/** A user with a passkey added: the passkey. */
async function withPasskey(username: string, options: ConstructorParameters<typeof SoftPasskey>[2] = {}) {
  const passkey = new SoftPasskey(RP_ID, ORIGIN, options);
  const client = await server.signedIn(username);
  expect((await addPasskey(client, passkey)).statusCode).toBe(200);
  return passkey;
}

/** A fresh browser's sign-in with `passkey`; the browser and the answer. */
async function passkeySignIn(passkey: SoftPasskey, overrides: CeremonyOverrides & { counter?: number } = {}) {
  const browser = server.client();
  await browser.visit();
  const options = await browser.post(`${API}account/passkey/options/`, {});
  expect(options.statusCode).toBe(200);
  const credential = passkey.get(options.json() as { challenge: string }, overrides);
  const ceremonyCookie = browser.cookies.get('lm_passkey');
  const response = await browser.post(`${API}account/passkey/login/`, { credential });
  return { browser, response, credential, ceremonyCookie };
}

describe('adding a passkey', () => {
  it('needs the re-authentication window; stores the passkey; tells the borrower by email', async () => {
    const dana = await server.signedIn('dana.demo');
    const early = await dana.post(`${API}user/passkeys/add_options/`, {});
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ reauth_required: true });

    const passkey = new SoftPasskey(RP_ID, ORIGIN);
    const [notice] = await server.mailDuring(async () => {
      const added = await addPasskey(dana, passkey, '  Work laptop  ');
      expect(added.statusCode).toBe(200);
      expect(added.json()).toMatchObject({ name: 'Work laptop', last_used_at: null, synced: true });
    });
    expect(notice?.subject).toBe('A passkey was added to your Loan Manager account');
    expect(notice?.body).toContain('“Work laptop”');
    const list = (await dana.get(`${API}user/passkeys/`)).json() as { passkeys: Array<{ name: string }> };
    expect(list.passkeys.map(({ name }) => name)).toEqual(['Work laptop']);
    // the user's handle is random, never the username or a row id
    expect(passkey.userHandle).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a wrong origin, a wrong relying party, a replayed challenge and a passkey already stored, with one answer', async () => {
    const sam = await server.signedIn('sam.several');
    for (const overrides of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { type: 'webauthn.get' }]) {
      const refused = await addPasskey(sam, new SoftPasskey(RP_ID, ORIGIN), 'x', overrides);
      expect([refused.statusCode, refused.json()]).toEqual([400, REFUSED]);
    }
    const passkey = new SoftPasskey(RP_ID, ORIGIN);
    expect((await sam.post(`${API}user/confirm_password/`, { password: DEMO_PASSWORD })).statusCode).toBe(200);
    const options = (await sam.post(`${API}user/passkeys/add_options/`, {})).json() as { challenge: string };
    const credential = passkey.create(options);
    expect((await sam.post(`${API}user/passkeys/add/`, { credential, name: 'Phone' })).statusCode).toBe(200);
    // the same answer again: its challenge was used
    const replayed = await sam.post(`${API}user/passkeys/add/`, { credential, name: 'Phone' });
    expect([replayed.statusCode, replayed.json()]).toEqual([400, REFUSED]);
    // a new challenge, a credential already stored
    const again = await sam.post(`${API}user/passkeys/add_options/`, {});
    const stored = await sam.post(`${API}user/passkeys/add/`, { credential: passkey.create(again.json() as { challenge: string }), name: 'Phone' });
    expect([stored.statusCode, stored.json()]).toEqual([400, REFUSED]);
    expect(((await sam.get(`${API}user/passkeys/`)).json() as { passkeys: unknown[] }).passkeys).toHaveLength(1);
  });

  it('an API token cannot add one (it has no session to bind the challenge to)', async () => {
    const response = await server.client().request('POST', `${API}user/passkeys/add_options/`, {}, { headers: { authorization: `Token ${DEMO_API_TOKEN}` } });
    expect([response.statusCode, response.json()]).toEqual([403, { errors: [TOKEN_CANNOT_REAUTHENTICATE] }]);
  });
});

describe('signing in with a passkey', () => {
  it('creates a session as a password does: the loans, a new session id, the new-browser notice; a challenge is single-use', async () => {
    const passkey = await withPasskey('paula.paperless');
    const before = (await server.query<{ id: number }>('SELECT id FROM sessions')).map(({ id }) => id);
    const [notice] = await server.mailDuring(async () => {
      const { browser, response, credential, ceremonyCookie } = await passkeySignIn(passkey);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toHaveProperty('available_loans');
      expect(browser.cookies.get('sessionid')).toMatch(/./);
      expect((await browser.get(`${API}user/passkeys/`)).statusCode).toBe(200);
      // the same answer again (its cookie's challenge was taken): refused
      const replayed = await browser.post(`${API}account/passkey/login/`, { credential });
      expect([replayed.statusCode, replayed.json()]).toEqual([400, REFUSED]);
      // even with the cookie sent again (a synced passkey's counter stays 0: only the challenge stops a replay)
      browser.cookies.set('lm_passkey', ceremonyCookie!);
      const withCookie = await browser.post(`${API}account/passkey/login/`, { credential });
      expect([withCookie.statusCode, withCookie.json()]).toEqual([400, REFUSED]);
    });
    expect(notice?.subject).toBe('New sign-in to your Loan Manager account');
    const after = await server.query<{ id: number }>('SELECT id FROM sessions');
    expect(after.filter(({ id }) => !before.includes(id))).toHaveLength(1);
    expect(server.logs()).toMatch(/"method":"passkey".*"msg":"signed in"/);
    const [row] = await server.query<{ last_used_at: number | null }>('SELECT last_used_at FROM passkeys WHERE credential_id = ?', [passkey.id]);
    expect(row?.last_used_at).not.toBeNull();
  });

  it('refuses a wrong origin, a wrong relying party, an unknown credential, a counter that goes back, and no challenge, with one answer', async () => {
    const passkey = await withPasskey('cory.coborrower', { counter: 5, synced: false });
    const answers = [
      (await passkeySignIn(passkey, { origin: 'https://evil.example' })).response,
      (await passkeySignIn(passkey, { rpId: 'evil.example' })).response,
      (await passkeySignIn(new SoftPasskey(RP_ID, ORIGIN))).response,
      (await passkeySignIn(passkey, { counter: 3 })).response,
      (await passkeySignIn(passkey, { challenge: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })).response,
    ];
    const anonymous = server.client();
    await anonymous.visit();
    answers.push(await anonymous.post(`${API}account/passkey/login/`, { credential: passkey.get({ challenge: 'AAAA' }) }));
    for (const answer of answers) {
      expect([answer.statusCode, answer.json(), answer.cookies.some(({ name, value }) => name === 'sessionid' && value !== '')]).toEqual([400, REFUSED, false]);
    }
    // and the passkey itself still works, its counter moving on
    expect((await passkeySignIn(passkey, { counter: 9 })).response.statusCode).toBe(200);
    expect((await passkeySignIn(passkey, { counter: 9 })).response.statusCode).toBe(400);
  });

  it('a challenge lasts PASSKEY_CHALLENGE_MS', async () => {
    const passkey = await withPasskey('uma.unverified');
    const browser = server.client();
    await browser.visit();
    const options = (await browser.post(`${API}account/passkey/options/`, {})).json() as { challenge: string };
    server.clock.advance(PASSKEY_CHALLENGE_MS + 1);
    const late = await browser.post(`${API}account/passkey/login/`, { credential: passkey.get(options) });
    expect([late.statusCode, late.json()]).toEqual([400, REFUSED]);
  });
});

describe('step-up (re-authentication) with a passkey', () => {
  it('opens the window as the password does: the address on file may change', async () => {
    const passkey = await withPasskey('paula.paperless');
    // signed in with the passkey, no password anywhere
    const { browser } = await passkeySignIn(passkey);
    expect((await browser.post(`${API}user/request_email_change/`, { email_address: 'paula.new@example.com' })).json()).toEqual({ reauth_required: true });
    const options = (await browser.post(`${API}user/passkeys/reauth_options/`, {})).json() as { challenge: string; allowCredentials: Array<{ id: string }> };
    expect(options.allowCredentials.map(({ id }) => id)).toContain(passkey.id);
    const credential = passkey.get(options);
    const confirmed = await browser.post(`${API}user/confirm_passkey/`, { credential });
    expect(confirmed.json()).toEqual({ reauth_expires_in_seconds: REAUTH_WINDOW_MS / 1000 });
    const replayed = await browser.post(`${API}user/confirm_passkey/`, { credential });
    expect([replayed.statusCode, replayed.json()]).toEqual([400, REFUSED]);
    expect((await browser.post(`${API}user/request_email_change/`, { email_address: 'paula.new@example.com' })).statusCode).toBe(200);
  });

  it('refuses another user’s passkey and a challenge of another session, with one answer', async () => {
    const theirs = await withPasskey('dana.demo');
    const mine = await withPasskey('sam.several');
    const sam = await server.signedIn('sam.several');
    const options = (await sam.post(`${API}user/passkeys/reauth_options/`, {})).json() as { challenge: string };
    const other = await sam.post(`${API}user/confirm_passkey/`, { credential: theirs.get(options) });
    expect([other.statusCode, other.json()]).toEqual([400, REFUSED]);
    // a challenge issued to another session of the same user
    const elsewhere = await server.signedIn('sam.several');
    const foreign = (await elsewhere.post(`${API}user/passkeys/reauth_options/`, {})).json() as { challenge: string };
    const crossed = await sam.post(`${API}user/confirm_passkey/`, { credential: mine.get(foreign) });
    expect([crossed.statusCode, crossed.json()]).toEqual([400, REFUSED]);
    expect((await sam.post(`${API}user/request_email_change/`, { email_address: 'sam.x@example.com' })).statusCode).toBe(403);
  });
});

describe('managing passkeys', () => {
  it('renames and removes one (the borrower told by email); a removed passkey no longer signs in; another user’s is not found', async () => {
    const passkey = await withPasskey('uma.unverified');
    const reggie = await server.signedIn('uma.unverified');
    const { id } = ((await reggie.get(`${API}user/passkeys/`)).json() as { passkeys: Array<{ id: number }> }).passkeys.at(-1)!;
    const others = ((await reggie.get(`${API}user/passkeys/`)).json() as { passkeys: Array<{ id: number }> }).passkeys.slice(0, -1);
    const renamed = await reggie.post(`${API}user/passkeys/rename/`, { id, name: 'Old phone' });
    expect((renamed.json() as { passkeys: Array<{ name: string }> }).passkeys.at(-1)?.name).toBe('Old phone');
    const dana = await server.signedIn('dana.demo');
    expect((await dana.post(`${API}user/passkeys/remove/`, { id })).statusCode).toBe(404);
    expect((await dana.post(`${API}user/passkeys/rename/`, { id, name: 'Mine' })).statusCode).toBe(404);
    const [notice] = await server.mailDuring(async () => {
      expect((await reggie.post(`${API}user/passkeys/remove/`, { id })).json()).toEqual({ passkeys: others.map((item) => expect.objectContaining(item)) });
    });
    expect(notice?.subject).toBe('A passkey was removed from your Loan Manager account');
    expect(notice?.body).toContain('“Old phone”');
    const after = await passkeySignIn(passkey);
    expect([after.response.statusCode, after.response.json()]).toEqual([400, REFUSED]);
  });
});

describe('a password reset', () => {
  it('leaves passkeys in place and ends the sessions they started', async () => {
    const passkey = await withPasskey('cory.coborrower');
    const { browser } = await passkeySignIn(passkey);
    const requester = server.client();
    await requester.visit('/loanmanager/request_password_reset');
    const [mail] = await server.mailDuring(async () => {
      expect((await requester.post(`${API}account/request_password_reset/`, { username: 'cory.coborrower', recaptcha_response: 't' })).statusCode).toBe(200);
    });
    const resetter = server.client();
    await resetter.visit(mail!.paths[0]);
    const password = 'A brand new passphrase 42';
    expect((await resetter.post(`${API}account/reset_password/`, { nonce: nonceOf(mail!.paths[0]!), password, password2: password })).statusCode).toBe(200);
    expect((await browser.get(`${API}user/passkeys/`)).statusCode).toBe(401);
    expect((await passkeySignIn(passkey)).response.statusCode).toBe(200);
  });
});

describe('a server that does not offer passkeys', () => {
  it('answers 404 at every ceremony', async () => {
    const off = await startTestServer({ passkeys: false });
    try {
      const browser = off.client();
      await browser.visit();
      expect((await browser.post(`${API}account/passkey/options/`, {})).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
