/**
 * Signed-in pages from what a server keeps (issue 50): the head compressed once
 * (server/pages/keptHeads.ts) and the first view drawn once per view (server/pages/keptViews.ts).
 * What a borrower gets is byte for byte what a fresh server (nothing kept) gives, apart from the
 * forms' masked CSRF tokens, for every demo borrower (each a different view: verified, unverified,
 * paperless, several loans), both languages and each encoding; and nothing kept holds anything of
 * one borrower (docs/security.md, control 49). Drawn by the portal's own render (src/ssrEntry.tsx).
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { LOCALES } from '../../src/platform/i18n/locales';
import { SERVER_RENDERED_ATTRIBUTE } from '../../src/platform/renderProtocol';
import { renderPortalPage } from '../../src/ssrEntry';
import { DEMO_BORROWERS } from '../db/seed';
import { keptSignedInOf } from '../routes/pages';
import { keptAndFreshServers, type TestClient, type TestServer } from './harness';

const { kept, fresh } = keptAndFreshServers(renderPortalPage);

const PAGES = ['/loanmanager/go-green/', '/loanmanager/profile/', '/loanmanager/main/', '/loanmanager/loanoverview/', '/loanmanager/eftsetuprequest/'];
const DRAWN = new Set(['/loanmanager/go-green/', '/loanmanager/profile/']);
const USERNAMES = DEMO_BORROWERS.flatMap((borrower) => (borrower.username ? [borrower.username] : []));

const ENCODINGS = [
  { name: 'gzip from the kept head', headers: { 'accept-encoding': 'gzip, deflate, br', 'sec-fetch-site': 'none' }, expected: 'gzip' },
  { name: 'brotli only', headers: { 'accept-encoding': 'br', 'sec-fetch-site': 'same-origin' }, expected: 'br' },
  { name: 'none (another site’s request)', headers: { 'accept-encoding': 'gzip, br', 'sec-fetch-site': 'cross-site' }, expected: undefined },
];

const TOKEN_FIELD = /(<input type="hidden" name="csrfmiddlewaretoken" value=")([^"]*)(")/g;

async function page(client: TestClient, address: string, locale: string, headers: Record<string, string>) {
  const response = await client.get(address, { headers: { ...headers, cookie: `${client.cookieHeader()}; lm_locale=${locale}` } });
  expect(response.statusCode).toBe(200);
  const encoding = response.headers['content-encoding'];
  const body = encoding === 'br' ? brotliDecompressSync(response.rawPayload) : encoding === 'gzip' ? gunzipSync(response.rawPayload) : response.rawPayload;
  return { encoding, html: body.toString('utf8').replace(TOKEN_FIELD, '$1(masked)$3') };
}

/** What a borrower's pages show of them, and what their session is: none of it may be kept. */
async function personalValues(server: TestServer, client: TestClient, username: string): Promise<string[]> {
  const [row] = await server.query<{ id: number; email_address: string | null; firstname: string; lastname: string }>(
    'SELECT b.id, b.email_address, b.firstname, b.lastname FROM borrowers b JOIN users u ON u.borrower_id = b.id WHERE u.username = ?',
    [username],
  );
  expect(row).toBeDefined();
  const values = [username, `${row!.firstname} ${row!.lastname}`, `"coacct":"${row!.id}"`, ...[...client.cookies.values()].filter((value) => value.length >= 16)];
  return row!.email_address ? [...values, row!.email_address] : values;
}

describe('a signed-in page from what the server keeps', () => {
  it.each(USERNAMES)('is what a fresh server draws, in every language and encoding: %s', async (username) => {
    const [mine, reference] = await Promise.all([kept().signedIn(username), fresh().signedIn(username)]);
    for (const address of PAGES) {
      for (const locale of LOCALES) {
        for (const encoding of ENCODINGS) {
          // the first request of a view draws and keeps it, the second is answered from what was kept;
          // the fresh server is asked each time too, as a page may show something once (the passkey offer)
          for (const round of [1, 2]) {
            const expected = (await page(reference, address, locale, encoding.headers)).html;
            expect(expected).toContain(`<html lang="${locale}"`);
            if (DRAWN.has(address)) expect(expected).toContain(`${SERVER_RENDERED_ATTRIBUTE}>`);
            const got = await page(mine, address, locale, encoding.headers);
            expect({ address, locale, encoding: encoding.name, round, got: got.encoding, html: got.html }).toEqual({
              address,
              locale,
              encoding: encoding.name,
              round,
              got: encoding.expected,
              html: expected,
            });
          }
        }
      }
    }
  });

  it('puts a value in as React escapes it (an address with quotes and an ampersand)', async () => {
    const address = `o'neil&"co"@example.com`;
    for (const server of [kept(), fresh()]) {
      await server.query('UPDATE borrowers SET email_address = ? WHERE id = (SELECT borrower_id FROM users WHERE username = ?)', [address, 'dana.demo']);
    }
    const [mine, reference] = await Promise.all([kept().signedIn('dana.demo'), fresh().signedIn('dana.demo')]);
    for (const path of DRAWN) {
      for (const round of [1, 2]) {
        const expected = (await page(reference, path, 'en', {})).html;
        expect(expected).toContain('o&#x27;neil&amp;&quot;co&quot;@example.com');
        expect({ round, html: (await page(mine, path, 'en', ENCODINGS[0]!.headers)).html }).toEqual({ round, html: expected });
      }
    }
  });

  it('keeps nothing of a borrower: the views and heads are the same for all, with none of their values', async () => {
    const personal: string[] = [];
    for (const username of USERNAMES) {
      const client = await kept().signedIn(username);
      for (const address of PAGES) await page(client, address, 'en', ENCODINGS[0]!.headers);
      personal.push(...(await personalValues(kept(), client, username)));
    }
    const { heads, views } = keptSignedInOf(kept().app)!;
    const keptViews = await views.contents();
    // a view for each page drawn, shared by the borrowers who see the same view, and checked
    expect(keptViews.filter(({ view }) => view !== null).length).toBeGreaterThanOrEqual(DRAWN.size);
    expect(keptViews.length).toBeLessThan(USERNAMES.length * DRAWN.size * LOCALES.length);
    const everything = [...heads.contents(), ...keptViews.flatMap(({ key, view }) => [key, view?.html ?? '', view?.headStyles ?? ''])].join('\n');
    expect(heads.contents().length).toBeGreaterThan(0);
    for (const value of personal) expect({ value, kept: everything.includes(value) }).toEqual({ value, kept: false });
  });
});
