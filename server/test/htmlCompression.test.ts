/**
 * Control 28 (docs/security.md): pages are compressed for the portal's own navigations only, and
 * the forms' CSRF token is masked afresh on every page, so no compressed page holds a stable
 * secret beside a reflected value for BREACH to measure.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { formTokenMatches, maskCsrfToken, randomToken } from '../auth/security';
import { API, formTokensIn, startTestServer, type TestClient, type TestServer, unmaskFormToken } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const CHROMIUM_ENCODINGS = 'gzip, deflate, br, zstd';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function page(client: TestClient, path: string, headers: Record<string, string>) {
  const response = await client.get(path, { headers });
  const raw = response.rawPayload;
  const encoding = response.headers['content-encoding'];
  const html =
    encoding === 'br' ? brotliDecompressSync(raw).toString('utf8') : encoding === 'gzip' ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  return { response, encoding, html, wireBytes: raw.length };
}

/** The page without its masked tokens, which differ on every answer. */
const withoutTokens = (html: string) => html.replace(/name="csrfmiddlewaretoken" value="[^"]*"/g, 'TOKEN');

describe('compressed pages', () => {
  it.each([
    ['same-origin', CHROMIUM_ENCODINGS, 'br'],
    ['none', CHROMIUM_ENCODINGS, 'br'],
    ['same-origin', 'gzip, deflate', 'gzip'],
    ['same-origin', 'br;q=0, gzip', 'gzip'],
    ['none', 'BR', 'br'],
  ])('go out compressed to a navigation with Sec-Fetch-Site %s accepting %s (%s)', async (site, accepted, expected) => {
    const client = server.client();
    const plain = await page(client, '/loanmanager/login/', {});
    const compressed = await page(client, '/loanmanager/login/', { 'sec-fetch-site': site, 'accept-encoding': accepted });
    expect(compressed.response.statusCode).toBe(200);
    expect(compressed.encoding).toBe(expected);
    expect(compressed.response.headers.vary).toBe('Accept-Encoding, Sec-Fetch-Site');
    expect(compressed.response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(withoutTokens(compressed.html)).toBe(withoutTokens(plain.html));
    expect(compressed.wireBytes).toBeLessThan(plain.wireBytes / 2);
  });

  it('the signed-in pages and the 404 page too', async () => {
    const client = server.client();
    await client.login('sam.several');
    // a signed-in page in gzip from its kept head (server/pages/keptHeads.ts: brotli cannot continue a kept stream)
    for (const [path, expected] of [['/loanmanager/main/', 'gzip'], ['/loanmanager/go-green/', 'gzip'], ['/loanmanager/nowhere/', 'br']] as const) {
      const { encoding, html } = await page(client, path, { 'sec-fetch-site': 'same-origin', 'accept-encoding': CHROMIUM_ENCODINGS });
      expect([path, encoding]).toEqual([path, expected]);
      expect(html).toContain('</html>');
    }
  });

  it.each([
    ['cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['same-site', { 'sec-fetch-site': 'same-site' }],
    ['a browser that does not say', {}],
    ['an unknown value', { 'sec-fetch-site': 'SAME-ORIGIN' }],
  ])('never go out compressed to a request from %s, signed in or not', async (_name, site) => {
    const anonymous = server.client();
    const signedIn = server.client();
    await signedIn.login('sam.several');
    for (const [client, path] of [
      [anonymous, '/loanmanager/login/'],
      [signedIn, '/loanmanager/main/'],
      [signedIn, '/loanmanager/profile/'],
    ] as const) {
      const { response, encoding, html } = await page(client, path, { ...site, 'accept-encoding': CHROMIUM_ENCODINGS });
      expect([path, response.statusCode, encoding]).toEqual([path, 200, undefined]);
      expect(response.headers.vary).toBe('Accept-Encoding, Sec-Fetch-Site');
      expect(html).toContain('</html>');
    }
  });

  it('nor when the browser accepts neither brotli nor gzip', async () => {
    for (const accepted of ['identity', 'deflate', 'br;q=0, gzip;q=0.0', '']) {
      const { encoding } = await page(server.client(), '/loanmanager/login/', { 'sec-fetch-site': 'same-origin', 'accept-encoding': accepted });
      expect([accepted, encoding]).toEqual([accepted, undefined]);
    }
  });

  it('the API never goes out compressed', async () => {
    const client = server.client();
    await client.login('sam.several');
    const response = await client.get(`${API}go-green/status/`, {
      headers: { 'sec-fetch-site': 'same-origin', 'accept-encoding': CHROMIUM_ENCODINGS },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});

describe('the forms’ CSRF token', () => {
  it('is masked afresh on every page: never the cookie as it is, never twice the same', async () => {
    const client = server.client();
    await client.login('sam.several');
    const cookie = client.cookies.get('csrftoken');
    const tokens = [
      ...formTokensIn((await client.get('/loanmanager/main/')).body),
      ...formTokensIn((await client.get('/loanmanager/main/')).body),
    ];
    // two pages, each with the sign-out and the language forms, the first also with the passkey offer's "Not now" (issue 49)
    expect(tokens).toHaveLength(5);
    expect(new Set(tokens).size).toBe(5);
    for (const token of tokens) {
      expect(token).not.toContain(cookie);
      expect(unmaskFormToken(token)).toBe(cookie);
    }
  });

  it('takes a fresh pad for every mask, across the refills of the pads’ pool, and unmasks to the token', () => {
    const token = randomToken();
    // 43 bytes a pad: 300 masks take three pools of 4 KiB and more
    const masks = Array.from({ length: 300 }, () => maskCsrfToken(token));
    const pads = masks.map((mask) => Buffer.from(mask, 'base64url').subarray(0, token.length).toString('hex'));
    expect(new Set(pads).size).toBe(masks.length);
    for (const mask of masks) {
      expect(mask).toHaveLength(Math.ceil((2 * token.length * 4) / 3));
      expect(unmaskFormToken(mask)).toBe(token);
      expect(formTokenMatches(mask, token)).toBe(true);
      expect(formTokenMatches(mask, randomToken())).toBe(false);
    }
  });

  it('signs out when sent masked, as the page wrote it, and not when tampered with or masked for another cookie', async () => {
    const client = server.client();
    await client.login('dana.demo');
    const [written] = formTokensIn((await client.get('/loanmanager/loanoverview/')).body);
    if (!written) throw new Error('no form token on the page');
    const flipped = `${written.slice(0, 10)}${written[10] === 'A' ? 'B' : 'A'}${written.slice(11)}`;
    const other = server.client();
    await other.get('/loanmanager/login/');
    const [othersToken] = formTokensIn((await other.get('/loanmanager/login/')).body);
    for (const refused of [flipped, othersToken ?? '', written.slice(0, -4), `${written}AAAA`]) {
      const response = await client.post('/loanmanager/logout/', undefined, { rawBody: `csrfmiddlewaretoken=${refused}`, headers: FORM });
      expect(response.statusCode).toBe(403);
    }
    expect((await client.get(`${API}go-green/status/`)).statusCode).toBe(200);
    const out = await client.post('/loanmanager/logout/', undefined, { rawBody: `csrfmiddlewaretoken=${written}`, headers: FORM });
    expect(out.statusCode).toBe(303);
    expect((await client.get(`${API}go-green/status/`)).statusCode).toBe(401);
  });
});
