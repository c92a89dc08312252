/**
 * The offer of a passkey on the first landing page after a registration or a password sign-in
 * (issue 49; server/routes/passkeyOffer.ts): once, hidden until the page's script sees WebAuthn, never
 * to a borrower who has a passkey, nor after a passkey sign-in, nor for 30 days after "Not now" in the
 * browser that pressed it, nor at all when the server has passkeys off.
 */
import { DEMO_BORROWERS, DEMO_PASSWORD } from '../db/seed';
import { PASSKEY_OFFER_REST_DAYS } from '../routes/passkeyOffer';
import { API, registrationBody, startTestServer, type TestClient, type TestServer } from './harness';
import { SoftPasskey } from './softAuthenticator';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const OFFER = /<section class="notice passkey-offer" data-loanmanager-passkey-offer hidden aria-labelledby="passkey-offer-title">.*?<\/section>/s;
const DAY_MS = 24 * 3600 * 1000;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const offerOn = async (client: TestClient, path: string) => OFFER.exec((await client.get(path)).body)?.[0] ?? null;

async function signedIn(username: string, client = server.client()) {
  await client.login(username);
  return client;
}

function notNow(client: TestClient, fields: Record<string, string> = {}) {
  const body = new URLSearchParams({ csrfmiddlewaretoken: client.cookies.get('csrftoken') ?? '', next: '/loanmanager/main/', ...fields });
  return client.request('POST', '/loanmanager/passkey_offer/not_now/', undefined, { rawBody: body.toString(), headers: FORM });
}

describe('the offer of a passkey', () => {
  it('comes once, on the landing page after a password sign-in: a region with "Add a passkey" and "Not now", hidden until the page sees WebAuthn', async () => {
    const sam = await signedIn('sam.several');
    const offer = await offerOn(sam, '/loanmanager/main/');
    expect(offer).toContain('<h2 id="passkey-offer-title">Sign in faster with a passkey</h2>');
    expect(offer).toContain('<a class="button-link" href="/loanmanager/profile/#passkeys">Add a passkey</a>');
    expect(offer).toMatch(/<form method="post" action="\/loanmanager\/passkey_offer\/not_now\/"><input type="hidden" name="csrfmiddlewaretoken" value="[\w-]+"><input type="hidden" name="next" value="\/loanmanager\/main\/"><button type="submit">Not now<\/button><\/form>/);
    expect(sam.cookies.has('lm_passkey_offer')).toBe(false);
    expect(await offerOn(sam, '/loanmanager/main/')).toBeNull();
  });

  it('comes after a registration beside the verification notice, in the page language, with the popups widget there only for it (an empty list)', async () => {
    const client = server.client();
    await client.visit('/loanmanager/register/');
    const nora = DEMO_BORROWERS.find((borrower) => borrower.firstname === 'Nora')!;
    const registered = await client.post(`${API}account/register/`, registrationBody(nora, { username: 'nora.offer', email: 'nora.offer@example.com' }), {
      headers: { 'accept-language': 'es' },
    });
    expect(registered.statusCode).toBe(201);
    const page = (await client.get('/loanmanager/loanoverview/', { headers: { cookie: `${client.cookieHeader()}; lm_locale=es` } })).body;
    expect(page).toContain('Inicie sesión más rápido con una llave de acceso');
    expect(page).toContain('>Ahora no</button>');
    expect(page).toContain('nora.offer@example.com');
    expect(page).toContain('data-loanmanager-widget="popups"');
    expect(page).toMatch(/"getPopups":\[\]/);
  });

  it('"Not now" rests it for 30 days in this browser (a cookie holding only the time), then it comes again', async () => {
    const paula = await signedIn('paula.paperless');
    expect(await offerOn(paula, '/loanmanager/loanoverview/')).not.toBeNull();
    expect((await notNow(paula, { csrfmiddlewaretoken: 'not-the-token' })).statusCode).toBe(403);
    const declined = await notNow(paula, { next: '/loanmanager/loanoverview/' });
    expect(declined.statusCode).toBe(303);
    expect(declined.headers.location).toBe('/loanmanager/loanoverview/');
    expect(declined.cookies.find((cookie) => cookie.name === 'lm_passkey_offer_declined')).toMatchObject({
      value: String(server.clock.now().getTime()),
      httpOnly: true,
      sameSite: 'Lax',
      path: '/loanmanager/',
      maxAge: PASSKEY_OFFER_REST_DAYS * 24 * 3600,
    });
    // another site's address is not gone back to
    expect((await notNow(paula, { next: 'https://evil.example/' })).headers.location).toBe('/loanmanager/');

    await signedIn('paula.paperless', paula);
    expect(await offerOn(paula, '/loanmanager/loanoverview/')).toBeNull();
    server.clock.advance((PASSKEY_OFFER_REST_DAYS - 1) * DAY_MS);
    await signedIn('paula.paperless', paula);
    expect(await offerOn(paula, '/loanmanager/loanoverview/')).toBeNull();
    server.clock.advance(2 * DAY_MS);
    await signedIn('paula.paperless', paula);
    expect(await offerOn(paula, '/loanmanager/loanoverview/')).not.toBeNull();
    // another browser of the same borrower was never asked
    expect(await offerOn(await signedIn('paula.paperless'), '/loanmanager/loanoverview/')).not.toBeNull();
  });

  it('never comes to a borrower who has a passkey, nor after a passkey sign-in', async () => {
    const dana = await signedIn('dana.demo');
    await dana.confirmPassword(DEMO_PASSWORD);
    const passkey = new SoftPasskey('localhost', 'http://localhost:80');
    const options = (await dana.post(`${API}user/passkeys/add_options/`, {})).json() as { challenge: string; rp: { id: string }; user: { id: string; name: string } };
    expect((await dana.post(`${API}user/passkeys/add/`, { credential: passkey.create(options), name: 'Phone' })).statusCode).toBe(200);

    expect(await offerOn(await signedIn('dana.demo'), '/loanmanager/loanoverview/')).toBeNull();
    const browser = server.client();
    await browser.visit();
    const signInOptions = (await browser.post(`${API}account/passkey/options/`, {})).json() as { challenge: string };
    expect((await browser.post(`${API}account/passkey/login/`, { credential: passkey.get(signInOptions) })).statusCode).toBe(200);
    expect(browser.cookies.has('lm_passkey_offer')).toBe(false);
  });
});

describe('a server with passkeys off (PASSKEYS=0)', () => {
  it('offers nothing and has no "Not now"', async () => {
    const off = await startTestServer({ passkeys: false });
    try {
      const cory = off.client();
      await cory.login('cory.coborrower');
      expect(cory.cookies.has('lm_passkey_offer')).toBe(false);
      expect((await cory.get('/loanmanager/loanoverview/')).body).not.toContain('data-loanmanager-passkey-offer');
      const body = new URLSearchParams({ csrfmiddlewaretoken: cory.cookies.get('csrftoken') ?? '' });
      expect((await cory.request('POST', '/loanmanager/passkey_offer/not_now/', undefined, { rawBody: body.toString(), headers: FORM })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
