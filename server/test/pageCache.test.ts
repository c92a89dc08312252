/**
 * Signed-out pages are drawn once and kept (server/pages/pageCache.ts, issue 50): what a visitor gets from
 * the kept bytes is byte for byte what a fresh draw gives, apart from the form's masked CSRF token,
 * for every signed-out page, in both languages, in each encoding; and a nonce never reaches the
 * kept pages, which every visitor shares. The pages are drawn by the portal's own render
 * (src/ssrEntry.tsx), as a build's `dist/ssr/render.js` draws them.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PASSWORD_CHANGED_PARAM, SIGNED_OUT_INACTIVE_PARAM, SIGNED_OUT_PARAM } from '../../src/lib/portalUrls';
import { LOCALES } from '../../src/platform/i18n/locales';
import { SERVER_RENDERED_ATTRIBUTE } from '../../src/platform/renderProtocol';
import { PORTAL_PAGES } from '../../src/platform/widgetCatalog';
import { renderPortalPage } from '../../src/ssrEntry';
import { keptPagesOf } from '../routes/pages';
import { formTokenMatches } from '../auth/security';
import { keptAndFreshServers, type TestServer } from './harness';

const { kept, fresh } = keptAndFreshServers(renderPortalPage);

const TOKEN_FIELD = /(<input type="hidden" name="csrfmiddlewaretoken" value=")([^"]*)(")/g;
const CSRF_COOKIE = 'a'.repeat(20) + 'B'.repeat(23);

/** Every signed-out page, and the query variants its first view reads (and one it does not). */
const SIGNED_OUT_ADDRESSES = [
  ...PORTAL_PAGES.filter((page) => !page.signedIn && !page.qaOnly).map((page) => `/loanmanager/${page.path.replace('/*', '')}/`),
  `/loanmanager/login/?${SIGNED_OUT_PARAM}=1`,
  `/loanmanager/login/?${PASSWORD_CHANGED_PARAM}=1&utm_source=mail`,
  `/loanmanager/login/?${SIGNED_OUT_INACTIVE_PARAM}=1&${SIGNED_OUT_PARAM}=1&next=%2Floanmanager%2Fprofile%2F`,
  '/loanmanager/register/?loanno=&x=%3Cscript%3E',
  '/loanmanager/privacy/',
  '/loanmanager/accessibility/',
];

const ENCODINGS = [
  { name: 'brotli', headers: { 'accept-encoding': 'gzip, br', 'sec-fetch-site': 'same-origin' }, decode: brotliDecompressSync },
  { name: 'gzip', headers: { 'accept-encoding': 'gzip', 'sec-fetch-site': 'none' }, decode: gunzipSync },
  { name: 'none (another site’s request)', headers: { 'accept-encoding': 'gzip, br', 'sec-fetch-site': 'cross-site' }, decode: (body: Buffer) => body },
];

async function page(server: TestServer, address: string, locale: string, headers: Record<string, string>) {
  const response = await server.app.inject({ method: 'GET', url: address, headers: { ...headers, cookie: `csrftoken=${CSRF_COOKIE}; lm_locale=${locale}` } });
  expect(response.statusCode).toBe(200);
  const encoding = response.headers['content-encoding'];
  const body = encoding === 'br' ? brotliDecompressSync(response.rawPayload) : encoding === 'gzip' ? gunzipSync(response.rawPayload) : response.rawPayload;
  return { response, html: body.toString('utf8') };
}

/** The page's masked tokens, each checked against the cookie, replaced by a mark. */
function withoutTokens(html: string): string {
  const tokens = [...html.matchAll(TOKEN_FIELD)].map((match) => match[2]);
  expect(tokens.length).toBeGreaterThan(0);
  for (const token of tokens) expect(formTokenMatches(token, CSRF_COOKIE)).toBe(true);
  return html.replace(TOKEN_FIELD, '$1(masked)$3');
}

describe('a kept signed-out page', () => {
  it.each(SIGNED_OUT_ADDRESSES)('is what a fresh draw gives, in every language and encoding: %s', async (address) => {
    for (const locale of LOCALES) {
      const reference = withoutTokens((await page(fresh(), address, locale, {})).html);
      for (const encoding of ENCODINGS) {
        // the first request draws and keeps the page, the second is answered from what was kept
        for (const round of [1, 2]) {
          const { response, html } = await page(kept(), address, locale, encoding.headers);
          expect({ encoding: encoding.name, round, locale, html: withoutTokens(html) }).toEqual({ encoding: encoding.name, round, locale, html: reference });
          expect(response.headers['cache-control']).toBe('no-store');
          expect(response.headers['content-security-policy']).toBeDefined();
        }
      }
    }
    // the page was drawn by the portal's render (not left to the browser), and kept in both encodings
    const path = address.replace(/\?.*$/, '');
    const plain = path.endsWith('/privacy/') || path.endsWith('/accessibility/');
    if (!plain) expect((await page(fresh(), address, 'en', {})).html).toContain(`${SERVER_RENDERED_ATTRIBUTE}>`);
    const entries = (await keptPagesOf(kept().app)!.contents()).filter(({ key }) => key.split(' ')[1]!.replace(/\?.*$/, '') === path);
    expect(entries.length).toBeGreaterThanOrEqual(LOCALES.length);
    for (const entry of entries) expect(entry.encodings).toEqual(['br', 'gzip']);
  });

  it('is kept once per page, language and flags read: a query a visitor varies freely adds no entry', async () => {
    const cache = keptPagesOf(kept().app)!;
    await page(kept(), '/loanmanager/register/', 'en', {});
    const before = (await cache.contents()).length;
    for (let i = 0; i < 5; i += 1) await page(kept(), `/loanmanager/register/?q=${i}&utm=${'x'.repeat(i)}`, 'en', {});
    expect((await cache.contents()).length).toBe(before);
  });

  it('carries each request’s own masked token, never the same twice', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 4; i += 1) {
      const { html } = await page(kept(), '/loanmanager/login/', 'en', ENCODINGS[0]!.headers);
      tokens.add([...html.matchAll(TOKEN_FIELD)][0]![2]!);
    }
    expect(tokens.size).toBe(4);
  });
});

describe('a nonce', () => {
  it('never reaches the kept pages (reset and verification links are drawn afresh)', async () => {
    const nonce = 'NonceOfOneVisitor_0123456789abcdefghijklmno';
    for (const locale of LOCALES) {
      const reset = await page(kept(), `/loanmanager/reset_password/${nonce}/`, locale, ENCODINGS[0]!.headers);
      // the visitor's own page carries it (its config block, its language switch's return path)
      expect(reset.html).toContain(`"reset_nonce":"${nonce}"`);
      const verify = await page(kept(), `/loanmanager/verify_email/?nonce=${nonce}`, locale, ENCODINGS[1]!.headers);
      expect(verify.response.statusCode).toBe(200);
      // and the bare pages are kept, without it
      await page(kept(), '/loanmanager/reset_password/', locale, {});
      await page(kept(), '/loanmanager/verify_email/', locale, {});
    }
    const contents = await keptPagesOf(kept().app)!.contents();
    expect(contents.map(({ key }) => key)).toEqual(expect.arrayContaining(['en /loanmanager/reset_password/', 'es /loanmanager/verify_email/']));
    for (const { key, page: bytes } of contents) {
      expect(key).not.toContain(nonce);
      expect(bytes.includes(nonce)).toBe(false);
    }
  });
});

describe('the portal’s render', () => {
  // React's Node build ran every render in an AsyncLocalStorage; once one has run, Node calls async_hooks
  // for every promise the process makes afterwards, on every request, page or API: on PostgreSQL a third
  // more CPU an API request (issue 50, bench/RESULTS.md "Server load"). src/ssrEntry.tsx uses React's edge build.
  it('draws a page without running in an AsyncLocalStorage', async () => {
    const run = jest.spyOn(AsyncLocalStorage.prototype, 'run');
    const enterWith = jest.spyOn(AsyncLocalStorage.prototype, 'enterWith');
    try {
      const response = await fresh().client().get('/loanmanager/register/');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(SERVER_RENDERED_ATTRIBUTE);
      expect(response.body).toMatch(/<form[^>]*>[\s\S]*<input/);
      expect(run).not.toHaveBeenCalled();
      expect(enterWith).not.toHaveBeenCalled();
    } finally {
      run.mockRestore();
      enterWith.mockRestore();
    }
  });
});
