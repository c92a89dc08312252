import zlib from 'node:zlib';
import { PORTAL_PAGES, type PortalPageRow } from '../../src/platform/widgetCatalog';
import { serverText } from '../http/i18n';
import { API, CHUNK_TEXT, formTokensIn, pageConfig, startTestServer, TEST_IMAGE, type TestServer, unmaskFormToken } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const WIDGET_PAGES: Array<[string, string]> = [
  ['/loanmanager/register/', 'Register'],
  ['/loanmanager/recover_username/', 'Recover Username'],
  ['/loanmanager/request_password_reset', 'Having trouble signing in?'],
  ['/loanmanager/verify_email/?nonce=abc', 'Verify Email'],
  ['/loanmanager/login/', 'Sign In'],
  ['/loanmanager/qa/replay/', 'Replay a QA recording'],
];

const withoutSlash = (url: string) => url.replace(/\/(\?|$)/, '$1');
const withSlash = (url: string) => url.replace(/([^/])(\?|$)/, '$1/$2');

/** Addresses of a catalog page: a '/*' tail stands for the bare page and one with a segment more. */
const addressesOf = (row: PortalPageRow) =>
  row.path.endsWith('/*')
    ? [`/loanmanager/${row.path.slice(0, -1)}`, `/loanmanager/${row.path.slice(0, -1)}x/`]
    : [`/loanmanager/${row.path}/`];

const inCatalog = (url: string) =>
  PORTAL_PAGES.some((row) => {
    const rest = url.replace(/^\/loanmanager\//, '').replace(/\/+$/, '');
    return row.path.endsWith('/*') ? `${rest}/`.startsWith(row.path.slice(0, -1)) : rest === row.path;
  });

describe('the server and the widget catalog (src/platform/widgetCatalog.ts)', () => {
  it.each(PORTAL_PAGES.map((row) => [row.path, row] as const))(
    'catalog page %s is a portal shell with its title, or a sign-in redirect when it needs a session',
    async (_path, row) => {
      for (const url of addressesOf(row)) {
        const anonymous = await server.client().get(url);
        if (row.signedIn) {
          expect({ url, status: anonymous.statusCode, location: anonymous.headers.location }).toEqual({
            url,
            status: 302,
            location: `/loanmanager/login/?next=${encodeURIComponent(new URL(url, 'http://x').pathname)}`,
          });
        }
        const client = server.client();
        if (row.signedIn) await client.login('dana.demo');
        const response = await client.get(url);
        expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
        expect(response.body).toContain(`<title>${serverText('en', row.titleId)} | Loan Manager</title>`);
        expect(response.body).toContain('<div data-loanmanager-widget="portal"></div>');
      }
    },
  );

  it('every portal shell the server registers is a catalog page', async () => {
    const client = server.client();
    await client.login('dana.demo');
    const pages = server
      .routes()
      .filter(({ method, url }) => method === 'GET' && !/^\/loanmanager\/(api|static|dev)\//.test(url))
      .map(({ url }) => url.replace(/:\w+/g, 'x'));
    const shells: string[] = [];
    for (const url of pages) {
      const response = await client.get(url);
      if (response.body.includes('data-loanmanager-widget="portal"')) shells.push(url);
    }
    expect(shells.length).toBeGreaterThan(0);
    expect(shells.filter((url) => !inCatalog(url))).toEqual([]);
  });
});

describe('widget page shells', () => {
  it.each(WIDGET_PAGES)('%s is a shell hosting the portal widget, with and without the trailing slash', async (url, title) => {
    for (const variant of [withSlash(url), withoutSlash(url)]) {
      const response = await server.client().get(variant);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      const html = response.body;
      expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true);
      expect(html).toContain(`<title>${title} | Loan Manager</title>`);
      // first in main, read only with scripting off: the page needs it (issue 39, E8)
      expect(html).toContain(
        '<main id="main" class="portal-main"><noscript><p class="notice notice-warning">This page needs JavaScript to work. Please turn it on or use a browser that has it.</p></noscript>' +
          '<div data-loanmanager-widget="portal"></div></main>',
      );
      expect(html).not.toContain('<h1');
      expect(html).toContain('<script src="/loanmanager/static/loanmanager-widgets.js" defer></script>');
      expect(pageConfig(html)).toEqual({
        recaptcha: { method: 'dummy', site_key: null },
        coacct: null,
        reset_nonce: null,
        devtools: true,
        record_actions: false,
        qa_tools: true,
        locale: 'en',
        passkeys: true,
      });
    }
  });

  it('the reset page carries the nonce of its address in the config block', async () => {
    const nonce = 'AbC_-123abc456def789ghi012jkl345mno678pqr90';
    for (const url of [`/loanmanager/reset_password/${nonce}/`, `/loanmanager/reset_password/${nonce}`]) {
      const response = await server.client().get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Reset Password | Loan Manager</title>');
      expect(pageConfig(response.body).reset_nonce).toBe(nonce);
    }
    const bare = await server.client().get('/loanmanager/reset_password/');
    expect(pageConfig(bare.body).reset_nonce).toBeNull();
  });

  it('escapes the config block so a crafted nonce cannot open markup', async () => {
    const crafted = encodeURIComponent('<!--<script>alert(1)');
    const response = await server.client().get(`/loanmanager/reset_password/${crafted}/`);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.body).toContain('\\u003c!--\\u003cscript\\u003ealert(1)');
    expect(pageConfig(response.body).reset_nonce).toBe('<!--<script>alert(1)');
    // a nonce holding a slash (to close the script) is not a path this server routes: refused outright
    const closing = await server.client().get(`/loanmanager/reset_password/${encodeURIComponent('</script>')}/`);
    expect(closing.statusCode).toBe(400);
    expect(closing.body).not.toContain('</script>');
  });

  it('the sign-in redirect names the path only, never the query (it may carry data)', async () => {
    const response = await server.client().get('/loanmanager/go-green/?email=uma%40example.com');
    expect(response.headers.location).toBe('/loanmanager/login/?next=%2Floanmanager%2Fgo-green%2F');
  });

  it('the sign-in redirect keeps the loan asked for (issue 39, E7), and of the query nothing else', async () => {
    const redirect = async (url: string) => (await server.client().get(url)).headers.location;
    const overview = '/loanmanager/loanoverview/';
    expect(await redirect(`${overview}?loanno=9000000003`)).toBe(`/loanmanager/login/?next=${encodeURIComponent(`${overview}?loanno=9000000003`)}`);
    expect(await redirect(`${overview}?email=uma%40example.com&loanno=9000000003&next=%2F%2Fevil.example`)).toBe(
      `/loanmanager/login/?next=${encodeURIComponent(`${overview}?loanno=9000000003`)}`,
    );
    expect(await redirect(`${overview}?loanno=%2F%2Fevil.example`)).toBe(`/loanmanager/login/?next=${encodeURIComponent(overview)}`);
    // and signing in with it lands on that loan
    const client = server.client();
    await client.login('sam.several');
    const page = await client.get(`${overview}?loanno=9000000003`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<td>9000000003</td>');
  });

  it('signed-in widget pages redirect to sign-in without a session, and carry coacct with one', async () => {
    for (const url of ['/loanmanager/go-green/', '/loanmanager/go-green', '/loanmanager/profile/', '/loanmanager/profile']) {
      const response = await server.client().get(url);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`/loanmanager/login/?next=${encodeURIComponent(url)}`);
    }
    const client = server.client();
    await client.login('dana.demo');
    const page = await client.get('/loanmanager/go-green');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div data-loanmanager-widget="portal"></div>');
    expect(pageConfig(page.body).coacct).toMatch(/^\d+$/);
  });
});

describe('script preloads (the build\'s chunk manifest)', () => {
  const LOADER = '/loanmanager/static/loanmanager-widgets.js';
  // the chunks a page preloads, after the loader, which every page with a widget preloads first (below)
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="preload" as="script" fetchpriority="low" href="([^"]+)">/g)].map((match) => match[1]).filter((src) => src !== LOADER);

  it('the loader comes first: it is what runs every other script, so it is not queued behind them', async () => {
    const all = (html: string) => [...html.matchAll(/<link rel="preload" as="script"[^>]* href="([^"]+)">/g)].map((match) => match[1]);
    const register = all((await server.client().get('/loanmanager/register/')).body);
    expect(register[0]).toBe(LOADER);
    expect(register.filter((src) => src === LOADER)).toHaveLength(1);
    const client = server.client();
    await client.login('dana.demo');
    expect(all((await client.get('/loanmanager/loanoverview/')).body)[0]).toBe(LOADER);
    // a signed-in page without a widget of its own still has the loader (for the inactivity warning), and no chunk
    expect(all((await client.get('/loanmanager/eftsetuprequest/')).body)).toEqual([LOADER]);
  });

  it('a widget page preloads, in its head, the runtime, the catalogs’ index, the portal and its own widget, each file once', async () => {
    const html = (await server.client().get('/loanmanager/register/')).body;
    expect(preloads(html)).toEqual([
      '/loanmanager/static/shared.1111111111.js',
      '/loanmanager/static/i18n-catalogs.1212121212.js',
      '/loanmanager/static/portal.0123456789.js',
      '/loanmanager/static/widget-registration.2222222222.js',
    ]);
    expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf('</head>'));
  });

  it('verify_email, whose first view is its flows’ request, preloads its flows with it; other pages never do', async () => {
    const html = (await server.client().get('/loanmanager/verify_email/?nonce=a-nonce')).body;
    expect(preloads(html)).toEqual([
      '/loanmanager/static/shared.1111111111.js',
      '/loanmanager/static/i18n-catalogs.1212121212.js',
      '/loanmanager/static/portal.0123456789.js',
      '/loanmanager/static/widget-verify-email.5555555555.js',
      '/loanmanager/static/flows-shared.6666666666.js',
      '/loanmanager/static/flows.7777777777.js',
      '/loanmanager/static/flows-verify-email.8888888888.js',
    ]);
    for (const url of ['/loanmanager/register/', '/loanmanager/login/']) {
      expect(preloads((await server.client().get(url)).body).filter((src) => src?.includes('flows'))).toEqual([]);
    }
  });

  it('the popups pages preload the catalogs’ index and the popups widget without the portal', async () => {
    const client = server.client();
    await client.login('dana.demo');
    const html = (await client.get('/loanmanager/loanoverview/')).body;
    expect(preloads(html)).toEqual([
      '/loanmanager/static/shared.1111111111.js',
      '/loanmanager/static/i18n-catalogs.1212121212.js',
      // the popups' texts in the page's language: the popup is the widget's first view
      '/loanmanager/static/105.eeeeeeeeee.js',
      '/loanmanager/static/widget-popups.3333333333.js',
    ]);
  });

  it('a page without a widget, or a widget missing from the manifest, preloads only what is known', async () => {
    const client = server.client();
    await client.login('dana.demo');
    expect(preloads((await client.get('/loanmanager/eftsetuprequest/')).body)).toEqual([]);
    expect(preloads((await client.get('/loanmanager/login/')).body)).toEqual([
      '/loanmanager/static/shared.1111111111.js',
      '/loanmanager/static/i18n-catalogs.1212121212.js',
      '/loanmanager/static/portal.0123456789.js',
    ]);
  });
});

describe('server-rendered signed-in pages', () => {
  it.each(['/loanmanager/main/', '/loanmanager/main', '/loanmanager/loanoverview/', '/loanmanager/eftsetuprequest'])(
    '%s redirects to sign-in without a session, which sends the borrower back afterwards',
    async (url) => {
      const response = await server.client().get(url);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`/loanmanager/login/?next=${encodeURIComponent(url)}`);
    },
  );

  it('main/ lists the loans, links onwards and hosts the popups widget', async () => {
    const client = server.client();
    await client.login('sam.several');
    const response = await client.get('/loanmanager/main');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<h1>Your loans</h1>');
    for (const loanno of ['9000000002', '9000000003', '9000000004']) {
      expect(html).toContain(`href="/loanmanager/loanoverview/?loanno=${loanno}"`);
    }
    for (const link of ['/loanmanager/go-green/', '/loanmanager/eftsetuprequest/', '/loanmanager/profile/']) {
      expect(html).toContain(`href="${link}"`);
    }
    expect(html).toContain('<div data-loanmanager-widget="popups"></div>');
    // the header's two forms and, on this first page after a password sign-in, the passkey offer's "Not now"
    const token = client.cookies.get('csrftoken');
    expect(formTokensIn(html).map(unmaskFormToken)).toEqual([token, token, token]);
    expect(pageConfig(html).coacct).toMatch(/^\d+$/);
  });

  it('loanoverview/ shows one loan of the borrower, and no one else’s', async () => {
    const client = server.client();
    await client.login('dana.demo');
    const response = await client.get('/loanmanager/loanoverview/');
    expect(response.body).toContain('<h1>Loan overview</h1>');
    expect(response.body).toContain('<td>9000000001</td>');
    expect(response.body).toContain('<td>1 Demo Street, Exampleville, ZZ 00001</td>');
    expect(response.body).toContain('<div data-loanmanager-widget="popups"></div>');
    const foreign = await client.get('/loanmanager/loanoverview/?loanno=9000000002');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('2 Sample Road');
  });

  it('eftsetuprequest/ explains automatic payments honestly', async () => {
    const client = server.client();
    await client.login('dana.demo');
    const response = await client.get('/loanmanager/eftsetuprequest/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>Automatic payments</h1>');
    expect(response.body).toContain('between the 1st and the 15th');
    expect(response.body).toContain('This demo does not set up payments');
  });

  it('every signed-in page hosts the inactivity warning with the loader; signed-out pages do not', async () => {
    const client = server.client();
    await client.login('dana.demo');
    const signedInPages = [
      '/loanmanager/main/',
      '/loanmanager/loanoverview/',
      '/loanmanager/eftsetuprequest/',
      ...PORTAL_PAGES.filter((row) => row.signedIn).flatMap(addressesOf),
    ];
    for (const url of signedInPages) {
      const html = (await client.get(url)).body;
      expect([url, html.match(/data-loanmanager-widget="session-timeout"/g)?.length]).toEqual([url, 1]);
      expect(html).toContain('<script src="/loanmanager/static/loanmanager-widgets.js" defer></script>');
      expect(pageConfig(html).coacct).toMatch(/^\d+$/);
    }
    for (const url of ['/loanmanager/login/', '/loanmanager/register/', '/loanmanager/privacy/']) {
      expect((await client.get(url)).body).not.toContain('session-timeout');
    }
  });

  it('/loanmanager/ goes to sign-in, or to the landing page once signed in', async () => {
    for (const url of ['/loanmanager', '/loanmanager/']) {
      const response = await server.client().get(url);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/loanmanager/login/');
    }
    const one = server.client();
    await one.login('dana.demo');
    expect((await one.get('/loanmanager/')).headers.location).toBe('/loanmanager/loanoverview/');
    const several = server.client();
    await several.login('sam.several');
    expect((await several.get('/loanmanager/')).headers.location).toBe('/loanmanager/main/');
  });

  it('the sign-out form ends the session with the CSRF token, and not without it', async () => {
    const client = server.client();
    await client.login('dana.demo');
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const forged = await client.post('/loanmanager/logout/', undefined, { rawBody: 'csrfmiddlewaretoken=forged', headers: form });
    expect(forged.statusCode).toBe(403);
    expect((await client.get(`${API}go-green/status/`)).statusCode).toBe(200);
    const token = client.cookies.get('csrftoken') ?? '';
    const out = await client.post('/loanmanager/logout/', undefined, {
      rawBody: `csrfmiddlewaretoken=${token}`,
      headers: form,
    });
    expect(out.statusCode).toBe(303);
    // the sign-in page says "You have signed out": a flag, nothing of the borrower in the address
    expect(out.headers.location).toBe('/loanmanager/login/?signed_out=1');
    expect((await client.get(`${API}go-green/status/`)).statusCode).toBe(401);
  });

  it('unknown pages are an HTML 404', async () => {
    const response = await server.client().get('/loanmanager/nowhere/');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<h1>Page not found</h1>');
  });
});

describe('static files', () => {
  it("serves the loader briefly cached, hashed chunks and the build's hashed images for a year", async () => {
    const client = server.client();
    const loader = await client.get('/loanmanager/static/loanmanager-widgets.js');
    expect(loader.statusCode).toBe(200);
    expect(loader.headers['cache-control']).toBe('public, max-age=60');
    const chunk = await client.get('/loanmanager/static/portal.0123456789.js');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const leaf = await client.get(`/loanmanager/static/${TEST_IMAGE}`);
    expect(leaf.statusCode).toBe(200);
    expect(leaf.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(leaf.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(leaf.body).toContain('<svg');
    expect(leaf.headers['access-control-allow-origin']).toBeUndefined();
    // antd's CSS, built from the theme: readable by host pages on other origins (and axe on them)
    const css = await client.get('/loanmanager/static/portal.0123456789.css');
    expect(css.headers['content-type']).toMatch(/text\/css/);
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(css.headers['access-control-allow-origin']).toBe('*');
    expect(chunk.headers['access-control-allow-origin']).toBeUndefined();
    // the server has no images of its own any more: the build emits them (src/features/goGreen/leaf.svg)
    expect((await client.get('/loanmanager/static/images/leaf.svg')).statusCode).toBe(404);
    expect((await client.get('/loanmanager/static/missing.js')).statusCode).toBe(404);
    expect((await client.get('/loanmanager/static/../../package.json')).statusCode).toBe(404);
  });

  it('sends the brotli file built beside a chunk when the browser takes brotli, the plain one otherwise', async () => {
    const client = server.client();
    const url = '/loanmanager/static/portal.0123456789.js';
    const compressed = await client.get(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toMatch(/javascript/);
    expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe(CHUNK_TEXT);

    const plain = await client.get(url, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(CHUNK_TEXT);
  });
});

describe('developer outbox', () => {
  it('lists messages newest first with absolute links for the request host', async () => {
    const client = server.client();
    await client.visit();
    await client.post(`${API}account/request_password_reset/`, { username: 'dana.demo', recaptcha_response: 't' });
    await client.post(`${API}account/request_password_reset/`, { username: 'sam.several', recaptcha_response: 't' });
    const json = await client.get('/loanmanager/dev/outbox.json', { headers: { host: 'localhost:9999' } });
    const messages = json.json() as Array<{ to: string; links: string[]; text: string; body: string }>;
    expect(messages[0]?.text).toBe(messages[0]?.body);
    expect(messages[0]?.text).toContain('http://portal.test/loanmanager/reset_password/');
    expect(messages.map((message) => message.to).slice(0, 2)).toEqual(['sam.several@example.com', 'dana.demo@example.com']);
    expect(messages[0]?.links[0]).toMatch(/^http:\/\/localhost:9999\/loanmanager\/reset_password\/[A-Za-z0-9_-]+\/$/);
    const html = await client.get('/loanmanager/dev/outbox', { headers: { host: 'localhost:9999' } });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain(`<a href="${messages[0]?.links[0]}">`);
    expect(html.body.indexOf('sam.several@example.com')).toBeLessThan(html.body.indexOf('dana.demo@example.com'));
  });
});

describe('production mode', () => {
  it('has no outbox and no QA page, and turns the developer tools off', async () => {
    const production = await startTestServer({ production: true, recordActions: true });
    try {
      const client = production.client();
      expect((await client.get('/loanmanager/dev/outbox/')).statusCode).toBe(404);
      expect((await client.get('/loanmanager/dev/outbox.json')).statusCode).toBe(404);
      expect((await client.get('/loanmanager/qa/replay/')).statusCode).toBe(404);
      const config = pageConfig((await client.get('/loanmanager/login/')).body);
      expect(config).toMatchObject({ devtools: false, qa_tools: false, record_actions: true });
    } finally {
      await production.close();
    }
  });
});
