/**
 * The server in the borrower's language (issue 19): the header's language switch (cookie, saved
 * language, local return paths only, refused from another site), the pages in the request's
 * language, the API's error texts in the widget's language, emails from a request that names no
 * language in the recipient's saved language (the rest: emailLanguage.test.ts), and the migration that keeps that language, on SQLite or PostgreSQL (`npm run test:pg`).
 */
import { MIGRATIONS } from '../db/migrations';
import { DEMO_BORROWERS, DEMO_PASSWORD } from '../db/seed';
import { isPortalReturnPath } from '../../src/lib/portalUrls';
import { API, formTokensIn, nonceOf, pageConfig, registrationBody, startTestServer, type TestClient, type TestServer, unmaskFormToken } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** Presses a button of the header's language switch, as a browser posts the form. */
function switchLanguage(client: TestClient, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const body = new URLSearchParams({ csrfmiddlewaretoken: client.cookies.get('csrftoken') ?? '', ...fields });
  return client.request('POST', '/loanmanager/locale/', undefined, { rawBody: body.toString(), headers: { ...FORM, ...headers } });
}

const savedLocale = async (username: string) =>
  (await server.query<{ locale: string | null }>('SELECT locale FROM users WHERE username = ?', [username]))[0]?.locale;

const localeCookieOf = (response: { cookies: Array<{ name: string }> }) =>
  response.cookies.find((cookie) => cookie.name === 'lm_locale') as
    | { name: string; value: string; path?: string; maxAge?: number; sameSite?: string; httpOnly?: boolean }
    | undefined;

/** The header's language switch of a page. */
const switchOf = (html: string) => /<form class="site-locale"[^>]*>.*?<\/form>/s.exec(html)?.[0] ?? null;

describe('the language switch', () => {
  it('is in the header of every page, each language named in itself, the page’s own marked current', async () => {
    const client = server.client();
    await client.visit();
    const pages = ['/loanmanager/login/', '/loanmanager/register/', '/loanmanager/privacy/', '/loanmanager/accessibility/', '/loanmanager/nowhere/'];
    for (const url of pages) {
      const form = switchOf((await client.get(url)).body);
      expect([url, form]).toEqual([url, expect.stringContaining('action="/loanmanager/locale/"')]);
      const [token] = formTokensIn(form ?? '');
      expect(token && unmaskFormToken(token)).toBe(client.cookies.get('csrftoken'));
      expect(form).toContain(`<input type="hidden" name="next" value="${url}" data-loanmanager-return-path>`);
      expect(form).toContain('<button type="submit" name="locale" value="en" lang="en" aria-current="true">English</button>');
      expect(form).toContain('<button type="submit" name="locale" value="es" lang="es">Español</button>');
    }
    // the reset page goes back to itself, nonce and all (it is in the page's address already)
    const reset = switchOf((await client.get('/loanmanager/reset_password/AbC_-123/')).body);
    expect(reset).toContain('<input type="hidden" name="next" value="/loanmanager/reset_password/AbC_-123/" data-loanmanager-return-path>');

    const dana = server.client();
    await dana.login('dana.demo');
    for (const url of ['/loanmanager/loanoverview/', '/loanmanager/eftsetuprequest/', '/loanmanager/go-green/']) {
      const html = (await dana.get(url)).body;
      expect([url, html]).toEqual([url, expect.stringContaining('<div class="site-header-inner with-nav">')]);
      expect(switchOf(html)).toContain(`name="next" value="${url}"`);
    }
  });

  it('sets the cookie (a year, the portal’s path, SameSite=Lax) and sends the browser back to the page', async () => {
    const client = server.client();
    await client.visit('/loanmanager/register/');
    const response = await switchLanguage(client, { locale: 'es', next: '/loanmanager/register/' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/loanmanager/register/');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(localeCookieOf(response)).toMatchObject({
      value: 'es',
      path: '/loanmanager',
      maxAge: 365 * 24 * 3600,
      sameSite: 'Lax',
      httpOnly: true,
    });

    const page = (await client.get('/loanmanager/register/')).body;
    expect(page.startsWith('<!doctype html><html lang="es">')).toBe(true);
    expect(page).toContain('<title>Registro | Loan Manager</title>');
    expect(pageConfig(page).locale).toBe('es');
    expect(switchOf(page)).toContain('<button type="submit" name="locale" value="es" lang="es" aria-current="true">Español</button>');
    expect(switchOf(page)).toContain('<button type="submit" name="locale" value="en" lang="en">English</button>');

    // and back
    expect((await switchLanguage(client, { locale: 'en', next: '/loanmanager/register/' })).statusCode).toBe(303);
    expect((await client.get('/loanmanager/register/')).body).toContain('<html lang="en">');
  });

  it('saves the language on the signed-in borrower: a new browser signing in gets it, and so do their emails', async () => {
    const paula = server.client();
    await paula.login('paula.paperless');
    expect(await savedLocale('paula.paperless')).toBeNull();
    const response = await switchLanguage(paula, { locale: 'es', next: '/loanmanager/loanoverview/' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/loanmanager/loanoverview/');
    expect(await savedLocale('paula.paperless')).toBe('es');

    // another browser, no cookie: the saved language
    const elsewhere = server.client();
    await elsewhere.login('paula.paperless');
    expect(elsewhere.cookies.has('lm_locale')).toBe(false);
    const page = (await elsewhere.get('/loanmanager/loanoverview/')).body;
    expect(page).toContain('<html lang="es">');
    expect(page).toContain('<h1>Resumen del préstamo</h1>');
    // the browser's own choice wins over the saved one
    elsewhere.cookies.set('lm_locale', 'en');
    expect((await elsewhere.get('/loanmanager/loanoverview/')).body).toContain('<h1>Loan overview</h1>');
  });

  it('sends the browser back only to a path of the portal (as sign-in’s next), else to the portal’s home', async () => {
    const client = server.client();
    await client.visit();
    const refused = [
      'https://evil.example/',
      '//evil.example/loanmanager/',
      '/\\evil.example/',
      'javascript:alert(1)',
      '/other/login/',
      '/loanmanager/../admin/',
      '/loanmanager/%2e%2e/',
      '/loanmanager//evil.example',
      '/loanmanager/login/#x',
      `/loanmanager/${'a'.repeat(400)}/`,
      // a long segment then a refused character: the check is linear (its old pattern took hours on this)
      `/loanmanager/${'a'.repeat(5000)}!`,
      '',
    ];
    const started = Date.now();
    for (const next of refused) {
      const response = await switchLanguage(client, { locale: 'es', next });
      expect([next, response.statusCode, response.headers.location]).toEqual([next, 303, '/loanmanager/']);
    }
    expect(Date.now() - started).toBeLessThan(5_000);
    // no field at all
    expect((await switchLanguage(client, { locale: 'es' })).headers.location).toBe('/loanmanager/');
    // and a path of the portal is kept as it is
    for (const next of ['/loanmanager/go-green/', '/loanmanager/request_password_reset', '/loanmanager/reset_password/AbC_-123/']) {
      expect((await switchLanguage(client, { locale: 'en', next })).headers.location).toBe(next);
    }
    // with the query its page reads (the loan asked for), and nothing else a link may carry
    const kept = {
      '/loanmanager/loanoverview/?loanno=9000000003': '/loanmanager/loanoverview/?loanno=9000000003',
      '/loanmanager/loanoverview/?loanno=9000000003&email=a%40b.example': '/loanmanager/loanoverview/?loanno=9000000003',
      '/loanmanager/login/?next=https://evil.example': '/loanmanager/login/',
      '/loanmanager/loanoverview/?loanno=//evil.example': '/loanmanager/loanoverview/',
    };
    for (const [next, location] of Object.entries(kept)) {
      expect([next, (await switchLanguage(client, { locale: 'en', next })).headers.location]).toEqual([next, location]);
    }
  });

  it('the language switch of a page asked for with a loan goes back to that loan (issue 39 E7)', async () => {
    const client = server.client();
    await client.login('sam.several');
    const page = await client.get('/loanmanager/loanoverview/?loanno=9000000003&utm=x');
    expect(page.body).toMatch(/name="next" value="\/loanmanager\/loanoverview\/\?loanno=9000000003"/);
  });

  it('the return-path check is linear in its input', () => {
    const started = Date.now();
    expect(isPortalReturnPath(`/loanmanager/${'a'.repeat(100_000)}!`)).toBe(false);
    expect(isPortalReturnPath(`/loanmanager/${'a/'.repeat(50_000)}`)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('changes nothing for a language the portal does not speak', async () => {
    const client = server.client();
    await client.login('cory.coborrower');
    for (const locale of ['fr', 'ES', 'es-MX', '']) {
      const response = await switchLanguage(client, { locale, next: '/loanmanager/loanoverview/' });
      expect([locale, response.statusCode, response.headers.location]).toEqual([locale, 303, '/loanmanager/loanoverview/']);
      expect(localeCookieOf(response)).toBeUndefined();
    }
    expect(await savedLocale('cory.coborrower')).toBeNull();
  });

  it('is refused from another site or without the form’s token, and changes nothing', async () => {
    const uma = server.client();
    await uma.login('uma.unverified');
    const forged: Array<[string, Record<string, string>, Record<string, string>]> = [
      ['cross-site Origin', {}, { origin: 'https://evil.example' }],
      ['null Origin', {}, { origin: 'null' }],
      ['null Origin from another site', {}, { origin: 'null', 'sec-fetch-site': 'cross-site' }],
      ['cross-site fetch metadata', {}, { 'sec-fetch-site': 'cross-site' }],
      ['no token', { csrfmiddlewaretoken: '' }, {}],
      ['a wrong token', { csrfmiddlewaretoken: 'A'.repeat(43) }, {}],
    ];
    for (const [name, fields, headers] of forged) {
      const response = await switchLanguage(uma, { locale: 'es', next: '/loanmanager/loanoverview/', ...fields }, headers);
      expect([name, response.statusCode]).toEqual([name, 403]);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(localeCookieOf(response)).toBeUndefined();
    }
    expect(await savedLocale('uma.unverified')).toBeNull();
    // the same request from the portal's own origin goes through
    const ok = await switchLanguage(uma, { locale: 'es', next: '/loanmanager/loanoverview/' }, { origin: 'http://portal.test' });
    expect(ok.statusCode).toBe(303);
    // ...and as Chromium posts the form of our own page (no-referrer: `Origin: null`, but its fetch metadata says same-origin)
    const ownForm = await switchLanguage(uma, { locale: 'es', next: '/loanmanager/loanoverview/' }, { origin: 'null', 'sec-fetch-site': 'same-origin' });
    expect(ownForm.statusCode).toBe(303);
    expect(await savedLocale('uma.unverified')).toBe('es');
    // the refusal page is in the borrower's language too
    const refused = await switchLanguage(uma, { locale: 'en', next: '/loanmanager/' }, { origin: 'https://evil.example' });
    expect(refused.body).toContain('<h1>Algo salió mal</h1>');
  });
});

describe('pages in the request’s language', () => {
  it('a signed-in page with the cookie: lang, title, header, navigation, content, footer and the widgets’ config', async () => {
    const dana = server.client();
    await dana.login('dana.demo');
    dana.cookies.set('lm_locale', 'es');
    const html = (await dana.get('/loanmanager/loanoverview/')).body;
    expect(html.startsWith('<!doctype html><html lang="es">')).toBe(true);
    expect(html).toContain('<title>Resumen del préstamo | Loan Manager</title>');
    expect(html).toContain('<a class="skip-link" href="#main">Saltar al contenido principal</a>');
    expect(html).toContain('<button type="submit">Cerrar sesión</button>');
    expect(html).toContain('<nav class="site-nav" aria-label="Cuenta">');
    expect(html).toContain('>Pago automático</a>');
    expect(html).toContain('<li><a href="/loanmanager/loanoverview/" aria-current="page">Préstamos</a></li>');
    expect(html).toContain('<p>Le damos la bienvenida, Dana Demo.</p>');
    expect(html).toContain('<th scope="row">Número de préstamo</th><td>9000000001</td>');
    expect(html).toContain('<th scope="row">Su rol en el préstamo</th><td>Prestatario</td>');
    // dates in words (es-US writes numeric dates day first), dollars as in English
    expect(html).toMatch(/<th scope="row">Fecha del próximo pago<\/th><td>\d{1,2} de [a-z]+ de \d{4}<\/td>/);
    expect(html).toMatch(/<th scope="row">Pago mensual<\/th><td>\$[\d,]+\.\d{2}<\/td>/);
    expect(html).toContain('<h2>Administre su cuenta</h2>');
    expect(html).toContain('¿Tiene preguntas sobre su préstamo? Llame al <a href="tel:');
    expect(html).toContain('>Privacidad</a>');
    expect(pageConfig(html).locale).toBe('es');
    expect(html).not.toMatch(/Loan overview|Your loans|Sign out|Autopay|Welcome/);

    const titles: Array<[string, string]> = [
      ['/loanmanager/main/', 'Sus préstamos'],
      ['/loanmanager/eftsetuprequest/', 'Pagos automáticos'],
      ['/loanmanager/go-green/', 'Go Green'],
      ['/loanmanager/profile/', 'Perfil'],
    ];
    for (const [url, title] of titles) {
      const page = (await dana.get(url)).body;
      expect([url, page]).toEqual([url, expect.stringContaining(`<title>${title} | Loan Manager</title>`)]);
      expect(pageConfig(page).locale).toBe('es');
    }
    expect((await dana.get('/loanmanager/eftsetuprequest/')).body).toContain(
      '<p>Los pagos automáticos están <strong>activados</strong> en su cuenta.</p>',
    );
  });

  it('each loan’s link on the loans page reads as one phrase with its number, in either language (not "del préstamo del préstamo")', async () => {
    const sam = DEMO_BORROWERS.find((borrower) => borrower.username === 'sam.several')!;
    const client = server.client();
    await client.login('sam.several');
    const linkTexts = async () =>
      [...(await client.get('/loanmanager/main/')).body.matchAll(/<a [^>]*href="\/loanmanager\/loanoverview\/\?loanno=[^"]*"[^>]*>(.*?)<\/a>/g)].map((match) =>
        (match[1] ?? '').replace(/<[^>]*>/g, ''),
      );
    expect(await linkTexts()).toEqual(sam.loans.map((loan) => `Loan overview for loan ${loan.loanno}`));
    client.cookies.set('lm_locale', 'es');
    expect(await linkTexts()).toEqual(sam.loans.map((loan) => `Resumen del préstamo ${loan.loanno}`));
  });

  it('signed-out pages, the privacy and accessibility pages and the 404 page, with the cookie', async () => {
    const client = server.client();
    client.cookies.set('lm_locale', 'es');
    const titles: Array<[string, string]> = [
      ['/loanmanager/login/', 'Iniciar sesión'],
      ['/loanmanager/recover_username/', 'Recuperar nombre de usuario'],
      ['/loanmanager/request_password_reset', '¿Tiene problemas para iniciar sesión?'],
      ['/loanmanager/reset_password/abc/', 'Restablecer contraseña'],
      ['/loanmanager/verify_email/', 'Verificar correo electrónico'],
    ];
    for (const [url, title] of titles) {
      const html = (await client.get(url)).body;
      expect([url, html.slice(0, 31)]).toEqual([url, '<!doctype html><html lang="es">']);
      expect(html).toContain(`<title>${title} | Loan Manager</title>`);
      expect(pageConfig(html).locale).toBe('es');
    }
    const privacy = (await client.get('/loanmanager/privacy/')).body;
    expect(privacy).toContain('<h1>Privacidad</h1>');
    expect(privacy).toContain('no hay cookies de publicidad ni de seguimiento');
    expect((await client.get('/loanmanager/accessibility/')).body).toContain('<h1>Accesibilidad</h1>');
    const missing = await client.get('/loanmanager/nowhere/');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<h1>Página no encontrada</h1>');
    expect(missing.body).toContain('<a href="/loanmanager/login/">Ir a iniciar sesión</a>');
  });

  it('without the cookie, or with one naming a language the portal does not speak: English', async () => {
    for (const cookie of [null, 'fr', 'es-MX', '']) {
      const client = server.client();
      if (cookie !== null) client.cookies.set('lm_locale', cookie);
      const html = (await client.get('/loanmanager/login/')).body;
      expect([cookie, html.slice(0, 31)]).toEqual([cookie, '<!doctype html><html lang="en">']);
      expect(pageConfig(html).locale).toBe('en');
    }
    // a browser's own language list is not a choice made in the portal
    const html = (await server.client().get('/loanmanager/login/', { headers: { 'accept-language': 'es' } })).body;
    expect(html).toContain('<html lang="en">');
  });

  it('QA’s pseudo-locale cookie (set by hand): the widgets get en-XA, the server’s own texts stay English; never in production', async () => {
    const client = server.client();
    client.cookies.set('lm_locale', 'en-XA');
    const html = (await client.get('/loanmanager/register/')).body;
    expect(html).toContain('<html lang="en">');
    expect(pageConfig(html).locale).toBe('en-XA');

    const production = await startTestServer({ production: true });
    try {
      const visitor = production.client();
      visitor.cookies.set('lm_locale', 'en-XA');
      expect(pageConfig((await visitor.get('/loanmanager/register/')).body).locale).toBe('en');
    } finally {
      await production.close();
    }
  });

  it('registering in Spanish saves it: the landing page and its notice are in Spanish, and so is the verification email', async () => {
    const nora = DEMO_BORROWERS.find((borrower) => borrower.firstname === 'Nora')!;
    const client = server.client();
    await client.visit('/loanmanager/register/');
    const response = await client.post(`${API}account/register/`, registrationBody(nora, { username: 'nora.es', email: 'nora.es@example.com' }), {
      headers: { 'accept-language': 'es' },
    });
    expect(response.statusCode).toBe(201);
    expect(await savedLocale('nora.es')).toBe('es');
    const landing = (await client.get('/loanmanager/loanoverview/')).body;
    expect(landing).toContain('<html lang="es">');
    expect(landing).toContain(
      '<p class="notice" role="status">Le enviamos un correo electrónico de verificación a <strong>nora.es@example.com</strong>. ' +
        'Abra el enlace que contiene para verificar su correo electrónico.</p>',
    );
    const [mail] = await server.outbox();
    expect(mail?.to).toBe('nora.es@example.com');
    expect(mail?.subject).toBe('Verifique su correo electrónico');
    expect(mail?.body).toBe(
      'Confirme que esta es su dirección de correo electrónico abriendo este enlace:\n\n' +
        `http://portal.test${mail?.paths[0]}\n\n` +
        'El enlace funciona una sola vez y vence en 48 horas. Si usted no lo solicitó, puede ignorar este mensaje.',
    );
  });
});

describe('API error texts in the widget’s language', () => {
  let attempt = 0;
  // a username of its own each time: five failures would lock one (and answer the lockout's text)
  const wrongPassword = (client: TestClient, headers: Record<string, string> = {}) =>
    client.post(`${API}account/login/`, { username: `nobody.${(attempt += 1)}`, password: 'Not-the-password1' }, { headers });

  it('follow Accept-Language when it is exactly a language of the portal, else the cookie, else English', async () => {
    const client = server.client();
    await client.visit();
    expect((await wrongPassword(client, { 'accept-language': 'es' })).json()).toEqual({ errors: ['Nombre de usuario o contraseña no válidos.'] });
    expect((await wrongPassword(client, { 'accept-language': 'en' })).json()).toEqual({ errors: ['Invalid username or password.'] });
    expect((await wrongPassword(client)).json()).toEqual({ errors: ['Invalid username or password.'] });
    // a browser's list is not the widget's header
    expect((await wrongPassword(client, { 'accept-language': 'es-MX,es;q=0.9' })).json()).toEqual({ errors: ['Invalid username or password.'] });
    client.cookies.set('lm_locale', 'es');
    expect((await wrongPassword(client, { 'accept-language': 'es-MX,es;q=0.9' })).json()).toEqual({ errors: ['Nombre de usuario o contraseña no válidos.'] });
    // the widget's own language wins over the cookie (a page rendered before the switch was pressed elsewhere)
    expect((await wrongPassword(client, { 'accept-language': 'en' })).json()).toEqual({ errors: ['Invalid username or password.'] });
  });

  it('registration’s field errors: the field and the message both translated, English unchanged', async () => {
    const reggie = DEMO_BORROWERS.find((borrower) => borrower.firstname === 'Reggie')!;
    const client = server.client();
    await client.visit();
    const body = registrationBody(reggie, { firstname: 'x'.repeat(51), username: 'bad name!', password: 'Password1!', email: 'not-an-address' });
    const english = await client.post(`${API}account/register/`, body);
    expect(english.statusCode).toBe(400);
    expect(english.json()).toEqual({
      errors: [
        'Email: Please enter a valid email address',
        'First name: Maximum length is 50.',
        'Username: Usernames may contain only letters, digits and the characters @ . + - _',
        'Password: This password is too common. Please choose another.',
      ],
      fields: ['email', 'firstname', 'username', 'password'],
    });
    const spanish = await client.post(`${API}account/register/`, body, { headers: { 'accept-language': 'es' } });
    expect(spanish.json()).toEqual({
      errors: [
        'Correo electrónico: Ingrese un correo electrónico válido',
        'Nombre: La longitud máxima es 50.',
        'Nombre de usuario: Los nombres de usuario solo pueden contener letras, dígitos y los caracteres @ . + - _',
        'Contraseña: Esta contraseña es demasiado común. Elija otra.',
      ],
      fields: ['email', 'firstname', 'username', 'password'],
    });
  });

  it('the signed-in endpoints and the rate limit too; developer-facing texts stay English', async () => {
    const cory = server.client();
    await cory.login('cory.coborrower');
    const es = { headers: { 'accept-language': 'es' } };
    const invalid = await cory.get(`${API}user/check_email_address/?email_address=not-an-address`, es);
    expect(invalid.json()).toEqual({ errors: ['Correo electrónico no válido'] });
    const english = await cory.get(`${API}user/check_email_address/?email_address=not-an-address`);
    expect(english.json()).toEqual({ errors: ['Invalid email address'] });
    const notVerified = await cory.post(
      `${API}go-green/opt_in/`,
      { time_zone: 'UTC', browser: 'x', os: 'y', email: 'cory.elsewhere@example.com' },
      es,
    );
    expect(notVerified.json()).toEqual({ errors: ['Verifique este correo electrónico antes de elegir la entrega electrónica.'] });
    // a request the widgets never send: for the API client's developer, in English
    expect((await cory.post(`${API}user/dismiss_popup/`, { id_to_dismiss: 'tax-reminder', extra: 1 }, es)).json()).toEqual({
      errors: ['Unknown field in the request'],
    });
    expect((await cory.post(`${API}go-green/opt_out/`, {}, { ...es, csrf: false })).json()).toEqual({ errors: ['CSRF verification failed'], code: 'csrf_token' });

    const limited = await startTestServer({ rateLimitMax: 1 });
    try {
      const client = limited.client();
      await client.visit();
      const send = () => client.post(`${API}account/request_password_reset/`, { username: 'x', recaptcha_response: 't' }, es);
      expect((await send()).statusCode).toBe(200);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ errors: ['Demasiadas solicitudes. Espere un minuto y vuelva a intentarlo.'] });
    } finally {
      await limited.close();
    }
  });
});

describe('emails of a request that names no language (an API client): the recipient’s saved language', () => {
  const requestReset = async (username: string, headers: Record<string, string> = {}) => {
    const client = server.client();
    await client.visit();
    expect((await client.post(`${API}account/request_password_reset/`, { username, recaptcha_response: 't' }, { headers })).statusCode).toBe(200);
    const [mail] = await server.outbox();
    return mail!;
  };

  it('a password reset goes out in Spanish to a borrower who chose Spanish', async () => {
    const paula = server.client();
    await paula.login('paula.paperless');
    await switchLanguage(paula, { locale: 'es', next: '/loanmanager/' });
    expect(await savedLocale('paula.paperless')).toBe('es');
    const mail = await requestReset('paula.paperless');
    expect(mail.to).toBe('paula.paperless@example.com');
    expect(mail.subject).toBe('Restablezca su contraseña de Loan Manager');
    expect(mail.body).toBe(
      'Alguien solicitó restablecer la contraseña de su cuenta de Loan Manager. Para elegir una contraseña nueva, abra:\n\n' +
        `http://portal.test${mail.paths[0]}\n\n` +
        'El enlace funciona una sola vez y vence en 60 minutos. Si usted no lo solicitó, puede ignorar este mensaje; su contraseña no ha cambiado.',
    );
    // the link works as ever
    const reset = server.client();
    await reset.visit();
    const answer = await reset.post(`${API}account/validate_nonce/`, { nonce: nonceOf(mail.paths[0]!) });
    expect(answer.statusCode).toBe(200);
  });

  it('English, word for word as before, when the borrower has saved no language', async () => {
    expect(await savedLocale('sam.several')).toBeNull();
    const mail = await requestReset('sam.several');
    expect(mail.subject).toBe('Reset your Loan Manager password');
    expect(mail.body).toBe(
      'Someone asked to reset the password of your Loan Manager account. To choose a new password, open:\n\n' +
        `http://portal.test${mail.paths[0]}\n\n` +
        'The link works once and expires in 60 minutes. If you did not ask for this, you can ignore this message; your password is unchanged.',
    );

    const dana = DEMO_BORROWERS.find((borrower) => borrower.username === 'dana.demo')!;
    const client = server.client();
    await client.visit();
    const recovered = await client.post(`${API}account/recover_username/`, {
      loanno: dana.loans[0]!.loanno,
      ssn: dana.ssn,
      dob: dana.dob,
      recaptcha_response: 't',
    });
    expect(recovered.statusCode).toBe(200);
    const [reminder] = await server.outbox();
    expect(reminder?.subject).toBe('Your Loan Manager username');
    expect(reminder?.body).toBe(
      'Your username is: dana.demo\n\nSign in at http://portal.test/loanmanager/login/\n\nIf you did not ask for this, you can ignore this message.',
    );

    const signedIn = server.client();
    await signedIn.login('dana.demo', DEMO_PASSWORD);
    await signedIn.confirmPassword();
    await signedIn.post(`${API}user/request_email_change/`, { email_address: 'dana.i18n@example.com' });
    const [verify] = await server.outbox();
    expect(verify?.subject).toBe('Please verify your email address');
    expect(verify?.body).toBe(
      'Please confirm that this is your email address by opening this link:\n\n' +
        `http://portal.test${verify?.paths[0]}\n\n` +
        'The link works once and expires in 48 hours. If you did not ask for this, you can ignore this message.',
    );
  });
});

describe('the saved language in the database', () => {
  const migrations = MIGRATIONS;
  const latest = migrations.find((migration) => /ALTER TABLE users ADD COLUMN locale TEXT/.test(migration.sql ?? ''))!;

  it('is added by a migration of this engine, and applies to a database that had none', async () => {
    expect(latest).toBeDefined();
    const versions = await server.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(versions.map(({ version }) => Number(version)).at(-1)).toBe(migrations.at(-1)!.version);

    // a database as it was before the migration: an instance of this build upgrades it, users keep working
    const before = await startTestServer();
    try {
      await before.query('ALTER TABLE users DROP COLUMN locale');
      // it and every later migration (each can run again on a database that has it: IF NOT EXISTS)
      await before.query('DELETE FROM schema_migrations WHERE version >= ?', [latest.version]);
      const after = await startTestServer(
        before.schema ? {} : { databasePath: before.databasePath },
        before.schema ? { sharedSchema: before.schema } : {},
      );
      try {
        // read through the first instance's handle: the same file or schema
        const columns = await before.query<{ locale: string | null }>('SELECT locale FROM users');
        expect(columns.length).toBeGreaterThan(0);
        expect(columns.every(({ locale }) => locale === null)).toBe(true);
        const client = after.client();
        await client.login('dana.demo');
        expect((await client.get('/loanmanager/loanoverview/')).body).toContain('<html lang="en">');
        expect((await switchLanguage(client, { locale: 'es', next: '/loanmanager/' })).statusCode).toBe(303);
        expect((await before.query<{ locale: string }>('SELECT locale FROM users WHERE username = ?', ['dana.demo']))[0]?.locale).toBe('es');
        const recorded = await before.query<{ version: number }>('SELECT version FROM schema_migrations WHERE version = ?', [latest.version]);
        expect(recorded).toHaveLength(1);
      } finally {
        await after.close();
      }
    } finally {
      await before.close();
    }
  });
});
