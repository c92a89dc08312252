/**
 * The address on file (issue 46 items 9 and 11, docs/security.md): a change of its case only changes
 * nothing, and the notice to a replaced address carries a single-use "this wasn't me" link that puts
 * it back, ends every session and API token, revokes the pending links and leads to a new password.
 * On SQLite or PostgreSQL (`npm run test:pg`).
 */
import { serverText } from '../http/i18n';
import { DEMO_API_TOKEN } from '../db/seed';
import { API, nonceOf, startTestServer, type OutboxEntry, type TestClient, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const DAY_MS = 86_400_000;



const onFile = async (username: string) =>
  (
    await server.query<{ email_address: string; email_validated: number | boolean }>(
      'SELECT b.email_address, b.email_validated FROM borrowers b JOIN users u ON u.borrower_id = b.id WHERE u.username = ?',
      [username],
    )
  )[0]!;

/** `username` changes their address to `address` through its verification link; the notice to the replaced address. */
async function changeAddress(client: TestClient, address: string): Promise<OutboxEntry> {
  await client.confirmPassword();
  const [verification] = await server.mailDuring(async () => {
    expect((await client.post(`${API}user/request_email_change/`, { email_address: address })).statusCode).toBe(200);
  });
  const notices = await server.mailDuring(async () => {
    const browser = server.client();
    await browser.visit(verification!.paths[0]);
    expect((await browser.post(`${API}anon-user/verify_email/`, { nonce: nonceOf(verification!.paths[0]!) })).statusCode).toBe(200);
  });
  expect(notices).toHaveLength(1);
  return notices[0]!;
}

/** The link of a notice of a replaced address. */
const restorePathOf = (notice: OutboxEntry) => {
  const path = notice.paths.find((link) => link.startsWith('/loanmanager/restore_email/'));
  if (!path) throw new Error(`no restore link in ${notice.paths.join(', ')}`);
  return path;
};

/** Opens the link in a browser of its own (nobody signed in), then presses its button: the form's answer. */
async function useLink(path: string, browser = server.client()) {
  const page = await browser.get(path);
  const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] ?? path.split('/')[3]!;
  const body = new URLSearchParams({ csrfmiddlewaretoken: browser.cookies.get('csrftoken') ?? '', token });
  const answer = await browser.request('POST', '/loanmanager/restore_email/', undefined, { rawBody: body.toString(), headers: FORM });
  return { page, answer, browser };
}

describe('a change of the case only of the address on file', () => {
  it('changes nothing: no password asked, the stored spelling kept, nobody told', async () => {
    const dana = await server.signedIn('dana.demo');
    // no confirm_password: outside the re-authentication window
    const mail = await server.mailDuring(async () => {
      const answer = await dana.post(`${API}user/request_email_change/`, { email_address: 'Dana.DEMO@Example.com' });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ requires_validation: false });
    });
    expect(mail).toEqual([]);
    expect(await onFile('dana.demo')).toMatchObject({ email_address: 'dana.demo@example.com' });
  });

  it('of an unverified address sends its link anew, to the stored spelling', async () => {
    const uma = await server.signedIn('uma.unverified');
    const mail = await server.mailDuring(async () => {
      const answer = await uma.post(`${API}user/request_email_change/`, { email_address: 'UMA.unverified@example.com' });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ requires_validation: true });
    });
    expect(mail.map(({ to }) => to)).toEqual(['uma.unverified@example.com']);
    expect(await onFile('uma.unverified')).toMatchObject({ email_address: 'uma.unverified@example.com' });
  });
});

describe('"this wasn\'t me": the link of the notice to a replaced address', () => {
  it('is in the notice, in its language, with its lifetime', async () => {
    const sam = await server.signedIn('sam.several');
    await server.query("UPDATE users SET locale = 'es' WHERE username = 'sam.several'");
    const notice = await changeAddress(sam, 'sam.elsewhere@example.com');
    expect(notice.to).toBe('sam.several@example.com');
    expect(notice.subject).toBe(serverText('es', 'email.addressChanged.subject'));
    const path = restorePathOf(notice);
    expect(path).toMatch(/^\/loanmanager\/restore_email\/[A-Za-z0-9_-]{43}\/$/);
    expect(notice.body).toContain(`http://portal.test${path}`);
    expect(notice.body).toContain('durante 7 días');
    // only its sha256 is stored
    const token = path.split('/')[3]!;
    const stored = await server.query<{ token_hash: string }>('SELECT token_hash FROM address_restores');
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.some((row) => row.token_hash.includes(token))).toBe(false);
  });

  it('puts the address back, ends every session and API token, revokes the pending links, and leads to a new password', async () => {
    const owner = await server.signedIn('dana.demo');
    expect((await server.client().get(`${API}user/session/`, { headers: { authorization: `Token ${DEMO_API_TOKEN}` } })).statusCode).toBe(200);
    // an intruder holding a copy of the session changes the address to theirs
    const notice = await changeAddress(owner, 'intruder@example.net');
    expect(notice.to).toBe('dana.demo@example.com');
    expect(await onFile('dana.demo')).toMatchObject({ email_address: 'intruder@example.net' });
    // ... asks for a reset link (mailed to their address) and a verification of yet another address
    const intruder = server.client();
    await intruder.visit('/loanmanager/request_password_reset/');
    const [reset] = await server.mailDuring(async () => {
      await intruder.post(`${API}account/request_password_reset/`, { username: 'dana.demo', recaptcha_response: 't' });
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    expect(reset!.to).toBe('intruder@example.net');
    const [verification] = await server.mailDuring(async () => {
      await owner.post(`${API}user/request_email_change/`, { email_address: 'intruder.two@example.net' });
    });
    expect(verification!.to).toBe('intruder.two@example.net');

    // opening the link changes nothing (a mail scanner may open it)
    const path = restorePathOf(notice);
    const scanner = await server.client().get(path);
    expect(scanner.statusCode).toBe(200);
    expect(await onFile('dana.demo')).toMatchObject({ email_address: 'intruder@example.net' });

    const { page, answer } = await useLink(path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<h1>${serverText('en', 'server.restoreEmail.title')}</h1>`);
    expect(page.body).toContain(`<button type="submit">${serverText('en', 'server.restoreEmail.submit')}</button>`);
    expect(answer.statusCode).toBe(303);
    const resetPath = answer.headers.location as string;
    expect(resetPath).toMatch(/^\/loanmanager\/reset_password\/[A-Za-z0-9_-]{43}\/$/);

    // the address is back, verified
    const restored = await onFile('dana.demo');
    expect(restored.email_address).toBe('dana.demo@example.com');
    expect(Number(restored.email_validated)).toBe(1);
    // every session and API token ended
    expect((await owner.get(`${API}user/session/`)).statusCode).toBe(401);
    expect((await server.client().get(`${API}user/session/`, { headers: { authorization: `Token ${DEMO_API_TOKEN}` } })).statusCode).toBe(401);
    // the pending links revoked: the intruder's reset, the verification
    const anyone = server.client();
    await anyone.visit();
    expect((await anyone.post(`${API}account/validate_nonce/`, { nonce: nonceOf(reset!.paths[0]!) })).statusCode).toBe(400);
    expect((await anyone.post(`${API}anon-user/verify_email/`, { nonce: nonceOf(verification!.paths[0]!) })).statusCode).toBe(400);
    // the page goes straight to a reset link of its own, which works, on the restored address
    expect((await anyone.post(`${API}account/validate_nonce/`, { nonce: nonceOf(resetPath) })).statusCode).toBe(200);
    const password = 'Back-Again-Mine-7';
    const changed = await server.mailDuring(async () => {
      expect((await anyone.post(`${API}account/reset_password/`, { nonce: nonceOf(resetPath), password, password2: password })).statusCode).toBe(200);
    });
    expect(changed.map(({ to }) => to)).toEqual(['dana.demo@example.com']);
    await server.client().login('dana.demo', password);

    // used once: refused on the page and at the form
    const again = await useLink(path);
    expect(again.page.statusCode).toBe(400);
    expect(again.page.body).toContain(serverText('en', 'server.restoreEmail.expiredTitle'));
    expect(again.answer.statusCode).toBe(400);
    expect(await onFile('dana.demo')).toMatchObject({ email_address: 'dana.demo@example.com' });

    // the token is never in a log line, nor the reset nonce it led to
    expect(server.logs()).not.toContain(path.split('/')[3]!);
    expect(server.logs()).not.toContain(nonceOf(resetPath));
  });

  it('is refused once it has expired (7 days)', async () => {
    const paula = await server.signedIn('paula.paperless');
    const notice = await changeAddress(paula, 'paula.moved@example.com');
    server.clock.advance(7 * DAY_MS + 60_000);
    try {
      const { page, answer } = await useLink(restorePathOf(notice));
      expect(page.statusCode).toBe(400);
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toContain(serverText('en', 'server.restoreEmail.expired', { contact: '' }).slice(0, 40));
      expect(await onFile('paula.paperless')).toMatchObject({ email_address: 'paula.moved@example.com' });
    } finally {
      server.clock.advance(-(7 * DAY_MS + 60_000));
    }
  });

  it('of an earlier change revokes the links of the later ones, not the other way round', async () => {
    const cory = await server.signedIn('cory.coborrower');
    const first = await changeAddress(cory, 'cory.second@example.com');
    const second = await changeAddress(cory, 'cory.third@example.com');
    expect([first.to, second.to]).toEqual(['cory.coborrower@example.com', 'cory.second@example.com']);
    // the later link used: the earlier one (to the borrower's first address) still works
    expect((await useLink(restorePathOf(second))).answer.statusCode).toBe(303);
    expect(await onFile('cory.coborrower')).toMatchObject({ email_address: 'cory.second@example.com' });
    const again = await server.signedIn('cory.coborrower');
    const third = await changeAddress(again, 'cory.fourth@example.com');
    expect((await useLink(restorePathOf(first))).answer.statusCode).toBe(303);
    expect(await onFile('cory.coborrower')).toMatchObject({ email_address: 'cory.coborrower@example.com' });
    // the link of the change sent after it (at an address that replaced the borrower's) no longer works
    expect((await useLink(restorePathOf(third))).answer.statusCode).toBe(400);
    expect(await onFile('cory.coborrower')).toMatchObject({ email_address: 'cory.coborrower@example.com' });
  });

  it('is refused without the form token, and changes nothing', async () => {
    const sam = await server.signedIn('sam.several');
    // sam's address is sam.elsewhere since the first test: change it again, and keep that notice's link
    const notice = await changeAddress(sam, 'sam.third@example.com');
    const browser = server.client();
    await browser.get(restorePathOf(notice));
    const body = new URLSearchParams({ token: restorePathOf(notice).split('/')[3]! });
    const answer = await browser.request('POST', '/loanmanager/restore_email/', undefined, { rawBody: body.toString(), headers: FORM });
    expect(answer.statusCode).toBe(403);
    expect(await onFile('sam.several')).toMatchObject({ email_address: 'sam.third@example.com' });
    expect((await sam.get(`${API}user/session/`)).statusCode).toBe(200);
  });

  it('is refused when another account has taken the address since, and changes nothing', async () => {
    const paula = await server.signedIn('paula.paperless');
    // paula's address is paula.moved since the expiry test
    const notice = await changeAddress(paula, 'paula.third@example.com');
    expect(notice.to).toBe('paula.moved@example.com');
    const other = await server.signedIn('cory.coborrower');
    await changeAddress(other, 'paula.moved@example.com');
    const { answer } = await useLink(restorePathOf(notice));
    expect(answer.statusCode).toBe(409);
    expect(answer.body).toContain(serverText('en', 'server.restoreEmail.inUseTitle'));
    expect(await onFile('paula.paperless')).toMatchObject({ email_address: 'paula.third@example.com' });
    expect((await paula.get(`${API}user/session/`)).statusCode).toBe(200);
  });

  it('is a page in Spanish too', async () => {
    const sam = await server.signedIn('sam.several');
    const notice = await changeAddress(sam, 'sam.fourth@example.com');
    const browser = server.client();
    browser.cookies.set('lm_locale', 'es');
    const page = await browser.get(restorePathOf(notice));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="es"');
    expect(page.body).toContain(`<h1>${serverText('es', 'server.restoreEmail.title')}</h1>`);
    expect(page.body).toContain(serverText('es', 'server.restoreEmail.submit'));
  });
});
