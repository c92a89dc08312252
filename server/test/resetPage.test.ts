/**
 * The reset page comes with its link's check (issue 50, docs/first-view.md): the server checks the
 * nonce of the address as `validate_nonce` does and draws the form or the expired notice, with the
 * answer in the page's data block for the hydration; drawn by the portal's own render
 * (src/ssrEntry.tsx). Its limit, shared with validate_nonce, is in hardening.test.ts "rate limits".
 */
import { SERVER_RENDERED_ATTRIBUTE } from '../../src/platform/renderProtocol';
import { renderPortalPage } from '../../src/ssrEntry';
import { API, firstAnswersIn, nonceOf, pageConfig, startTestServer, type TestServer } from './harness';

/** validate_nonce's lookup made to fail (a database that does not answer), when the test asks. */
let mockLookupFails = false;
jest.mock('../services/passwordReset', () => {
  const actual = jest.requireActual<typeof import('../services/passwordReset')>('../services/passwordReset');
  return {
    ...actual,
    validateResetNonce: (...args: Parameters<typeof actual.validateResetNonce>) =>
      mockLookupFails ? Promise.reject(new Error('the database did not answer')) : actual.validateResetNonce(...args),
  };
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ serverRender: renderPortalPage });
});
afterAll(async () => {
  await server.close();
});

/** A reset link emailed to a demo borrower: its path. */
async function resetLink(username: string): Promise<string> {
  const client = server.client();
  await client.visit();
  const mail = await server.mailDuring(() => client.post(`${API}account/request_password_reset/`, { username, recaptcha_response: 't' }));
  return mail[0]!.paths[0]!;
}

const drawn = (html: string) => html.includes(`${SERVER_RENDERED_ATTRIBUTE}>`);

describe('the reset page', () => {
  it('with a link that works: the form drawn, the answer in its data block, no-store; the browser need not ask', async () => {
    const link = await resetLink('dana.demo');
    for (const locale of ['en', 'es']) {
      const response = await server.client().get(link, { headers: { cookie: `lm_locale=${locale}` } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(drawn(response.body)).toBe(true);
      expect(firstAnswersIn(response.body)).toEqual({ validateNonce: { valid: true } });
      expect(response.body).toMatch(locale === 'en' ? /<label[^>]*>Password<\/label>/ : /<label[^>]*>Contraseña<\/label>/);
      expect(response.body).toContain('type="password"');
      expect(response.body).not.toContain(locale === 'en' ? 'Please wait...' : 'Espere un momento...');
      // the nonce is in the config block only (the saga sends it with the new password)
      expect(pageConfig(response.body).reset_nonce).toBe(nonceOf(link));
    }
    // the page's check does not use the link up
    const client = server.client();
    await client.visit();
    expect((await client.post(`${API}account/validate_nonce/`, { nonce: nonceOf(link) })).statusCode).toBe(200);
    expect(server.logs()).not.toContain(nonceOf(link));
  });

  it.each([
    ['unknown', `/loanmanager/reset_password/${'x'.repeat(43)}/`],
    ['over-long (not passed on)', `/loanmanager/reset_password/${'y'.repeat(201)}/`],
  ])('with a link that does not work (%s): the expired notice drawn and its way to a new link', async (_, url) => {
    const response = await server.client().get(url);
    expect(response.statusCode).toBe(200);
    expect(drawn(response.body)).toBe(true);
    expect(firstAnswersIn(response.body)).toEqual({ validateNonce: { valid: false } });
    expect(response.body).toContain('Your reset password request has expired.');
    expect(response.body).toContain('href="/loanmanager/request_password_reset"');
    expect(response.body).not.toContain('type="password"');
  });

  it('with a link used already: expired, as validate_nonce says', async () => {
    const link = await resetLink('sam.several');
    const client = server.client();
    await client.visit();
    const nonce = nonceOf(link);
    expect((await client.post(`${API}account/reset_password/`, { nonce, password: 'Fresh-pass-2026', password2: 'Fresh-pass-2026' })).statusCode).toBe(200);
    const response = await server.client().get(link);
    expect(firstAnswersIn(response.body)).toEqual({ validateNonce: { valid: false } });
    expect(response.body).toContain('Your reset password request has expired.');
  });

  it('without a nonce: the kept page, as before (no check, no data block)', async () => {
    const response = await server.client().get('/loanmanager/reset_password/');
    expect(firstAnswersIn(response.body)).toBeNull();
    expect(response.body).toContain('Please wait...');
  });

  it('when the check fails otherwise: the page goes out checking, as before, and the browser asks; the log says why, without the nonce', async () => {
    const link = await resetLink('dana.demo');
    mockLookupFails = true;
    try {
      const response = await server.client().get(link);
      expect(response.statusCode).toBe(200);
      expect(drawn(response.body)).toBe(true);
      expect(firstAnswersIn(response.body)).toBeNull();
      expect(response.body).toContain('Please wait...');
    } finally {
      mockLookupFails = false;
    }
    expect(server.logs()).toContain('first answers failed');
    expect(server.logs()).not.toContain(nonceOf(link));
  });
});
