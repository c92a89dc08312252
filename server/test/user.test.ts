import { DEMO_API_TOKEN } from '../db/seed';
import { VERIFY_NONCE_HOURS } from '../auth/security';
import { Kysely, SqliteDialect } from 'kysely';
import { dialectOf } from '../db/dialect';
import { emailInUseByOtherUserQuery } from '../db/repositories/accounts';
import type { Database } from '../db/dialect';
import { API, describeOnSqlite, firstAnswersIn, nonceOf, pageConfig, startTestServer, type TestClient, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** The borrower id the signed-in pages put in the config as coacct. */
async function coacctOf(client: TestClient): Promise<string> {
  const page = await client.get('/loanmanager/go-green/');
  return pageConfig(page.body).coacct as string;
}

const ids = (response: { json(): unknown }) => (response.json() as Array<{ id: string }>).map((popup) => popup.id);

describe('signed-in endpoints without a session', () => {
  it.each([
    ['GET', 'user/check_email_address/?email_address=a%40example.com'],
    ['GET', 'user/is_validated/?email_address=a%40example.com'],
    ['POST', 'user/request_email_change/'],
    ['POST', 'user/popup/'],
    ['POST', 'user/set_popup_seen/'],
    ['POST', 'user/dismiss_popup/'],
    ['GET', 'go-green/status/'],
    ['POST', 'go-green/opt_in/'],
    ['POST', 'go-green/opt_out/'],
  ] as const)('%s %s answers 401 JSON', async (method, path) => {
    const client = server.client();
    await client.visit();
    const response = await client.request(method, `${API}${path}`, method === 'POST' ? {} : undefined);
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ errors: ['Authentication credentials were not provided.'] });
  });
});

describe('user/check_email_address', () => {
  it('accepts a free, well-formed address and refuses others', async () => {
    const client = server.client();
    await client.login('dana.demo');
    const check = (email: string) =>
      client.get(`${API}user/check_email_address/`, { query: { email_address: email } });
    const free = await check('dana.other@example.com');
    expect(free.statusCode).toBe(200);
    expect(free.json()).toEqual({ valid: true });
    expect((await check('dana.demo@example.com')).statusCode).toBe(200); // her own
    const taken = await check('Sam.Several@example.com');
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual(['This email address is already in use by another account.']);
    const malformed = await check('not an email');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual(['Invalid email address']);
    const missing = await client.get(`${API}user/check_email_address/`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual(['email_address: This field is required']);
    const extra = await client.get(`${API}user/check_email_address/?email_address=a%40example.com&x=1`);
    expect(extra.statusCode).toBe(400);
  });
});

describe('email change and validation', () => {
  it('a link sent again to the same address leaves the earlier one working (go-green\'s "Send the link again" says either works)', async () => {
    const client = server.client();
    await client.login('sam.several');
    await client.confirmPassword();
    for (let sent = 0; sent < 2; sent += 1) {
      expect((await client.post(`${API}user/request_email_change/`, { email_address: 'sam.twice@example.com' })).statusCode).toBe(200);
    }
    const links = (await server.outbox()).filter((mail) => mail.to === 'sam.twice@example.com');
    expect(links).toHaveLength(2);
    const anonymous = server.client();
    await anonymous.visit();
    // newest first: the earlier link is the last
    expect((await anonymous.post(`${API}anon-user/verify_email/`, { nonce: nonceOf(links[1]!.paths[0]!) })).statusCode).toBe(200);
    expect((await client.get(`${API}user/is_validated/`, { query: { email_address: 'sam.twice@example.com' } })).json()).toEqual({ validated: true });
    // the address on file as the other tests expect it (proven before: put back at once)
    expect((await client.post(`${API}user/request_email_change/`, { email_address: 'sam.several@example.com' })).json()).toEqual({ requires_validation: false });
  });

  it('needs validation for a new address, which the emailed link provides', async () => {
    const client = server.client();
    await client.login('sam.several');
    await client.confirmPassword();
    const isValidated = async (email: string) =>
      (await client.get(`${API}user/is_validated/`, { query: { email_address: email } })).json();

    const change = await client.post(`${API}user/request_email_change/`, { email_address: 'sam.new@example.com' });
    expect(change.statusCode).toBe(200);
    // how long the link works, which the go-green page states: the number the email says too
    expect(change.json()).toEqual({ requires_validation: true, link_expires_in_seconds: VERIFY_NONCE_HOURS * 3600 });
    expect(await isValidated('sam.new@example.com')).toEqual({ validated: false });
    // the address on file stays until the new one is proven
    expect((await client.get(`${API}go-green/status/`)).json()).toMatchObject({ email_address: 'sam.several@example.com' });

    const [mail] = await server.outbox();
    expect(mail?.to).toBe('sam.new@example.com');
    const anonymous = server.client();
    await anonymous.visit();
    expect((await anonymous.post(`${API}anon-user/verify_email/`, { nonce: nonceOf(mail!.paths[0]!) })).statusCode).toBe(200);

    expect(await isValidated('sam.new@example.com')).toEqual({ validated: true });
    expect((await client.get(`${API}go-green/status/`)).json()).toMatchObject({
      email_address: 'sam.new@example.com',
      email_validated: true,
    });
    // going back to an address already proven needs no new link: the address it replaces is told, nothing else is sent
    const before = (await server.outbox()).length;
    const back = await client.post(`${API}user/request_email_change/`, { email_address: 'sam.several@example.com' });
    expect(back.json()).toEqual({ requires_validation: false });
    const sent = (await server.outbox()).slice(0, (await server.outbox()).length - before);
    expect(sent.map(({ to, subject }) => ({ to, subject }))).toEqual([{ to: 'sam.new@example.com', subject: 'Your Loan Manager email address was changed' }]);
    expect((await client.get(`${API}go-green/status/`)).json()).toMatchObject({ email_address: 'sam.several@example.com' });
  });

  it('refuses invalid and taken addresses, and bodies outside the contract', async () => {
    const client = server.client();
    await client.login('sam.several');
    const invalid = await client.post(`${API}user/request_email_change/`, { email_address: 'nope' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors).toEqual(['Invalid email address']);
    const taken = await client.post(`${API}user/request_email_change/`, { email_address: 'dana.demo@example.com' });
    expect(taken.statusCode).toBe(400);
    const extra = await client.post(`${API}user/request_email_change/`, { email_address: 'a@example.com', admin: 1 });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors).toEqual(['Unknown field in the request']);
  });
});

describe('user/popup', () => {
  it('offers the three popups to a borrower with an unverified email in tax season', async () => {
    const client = server.client();
    await client.login('uma.unverified');
    const coacct = await coacctOf(client);
    const response = await client.post(`${API}user/popup/`, { coacct });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: 'go-green-auto-pay', sub_type: 'auto_pay_go_green_combined' },
      { id: 'tax-reminder', tax_year: 2025 },
      { id: 'tfa-verify-email', email: 'uma.unverified@example.com' },
    ]);
  });

  it('the loans list and a loan overview come with exactly the list the API answers, for their popups widget', async () => {
    const client = server.client();
    await client.login('uma.unverified');
    const coacct = await coacctOf(client);
    const main = await client.get('/loanmanager/main/');
    expect(firstAnswersIn(main.body)).toEqual({ getPopups: (await client.post(`${API}user/popup/`, { coacct })).json() });
    // seen in this session: left out of the next page's list, as out of the API's
    expect((await client.post(`${API}user/set_popup_seen/`, { id_to_mark_as_seen: 'go-green-auto-pay' })).statusCode).toBe(200);
    const overview = await client.get('/loanmanager/loanoverview/');
    expect(firstAnswersIn(overview.body)).toEqual({ getPopups: (await client.post(`${API}user/popup/`, { coacct })).json() });
    expect(firstAnswersIn(overview.body)).toEqual({
      getPopups: [{ id: 'tax-reminder', tax_year: 2025 }, { id: 'tfa-verify-email', email: 'uma.unverified@example.com' }],
    });
    // a page without the popups widget comes with none
    expect(firstAnswersIn((await client.get('/loanmanager/eftsetuprequest/')).body)).toBeNull();
  });

  it('picks the go-green or auto-pay variant from the borrower state', async () => {
    const dana = server.client();
    await dana.login('dana.demo'); // autopay on, not paperless
    expect((await dana.post(`${API}user/popup/`, { coacct: await coacctOf(dana) })).json()[0]).toEqual({
      id: 'go-green-auto-pay',
      sub_type: 'go_green',
    });
    const paula = server.client();
    await paula.login('paula.paperless'); // paperless, no autopay
    expect((await paula.post(`${API}user/popup/`, { coacct: await coacctOf(paula) })).json()[0]).toEqual({
      id: 'go-green-auto-pay',
      sub_type: 'auto_pay',
    });
  });

  it('never returns a popup seen in this session; a new session sees it again', async () => {
    const first = server.client();
    await first.login('uma.unverified');
    const coacct = await coacctOf(first);
    expect((await first.post(`${API}user/set_popup_seen/`, { id_to_mark_as_seen: 'go-green-auto-pay' })).statusCode).toBe(200);
    expect(ids(await first.post(`${API}user/popup/`, { coacct }))).toEqual(['tax-reminder', 'tfa-verify-email']);

    const second = server.client();
    await second.login('uma.unverified');
    expect(ids(await second.post(`${API}user/popup/`, { coacct }))).toEqual([
      'go-green-auto-pay',
      'tax-reminder',
      'tfa-verify-email',
    ]);
  });

  it('never returns a dismissed popup again, in any session', async () => {
    const first = server.client();
    await first.login('sam.several');
    const coacct = await coacctOf(first);
    expect(ids(await first.post(`${API}user/popup/`, { coacct }))).toContain('tax-reminder');
    expect((await first.post(`${API}user/dismiss_popup/`, { id_to_dismiss: 'tax-reminder' })).statusCode).toBe(200);
    const second = server.client();
    await second.login('sam.several');
    expect(ids(await second.post(`${API}user/popup/`, { coacct }))).not.toContain('tax-reminder');
  });

  it("refuses another borrower's coacct and ids outside the contract", async () => {
    const client = server.client();
    await client.login('dana.demo');
    const coacct = await coacctOf(client);
    const other = await client.post(`${API}user/popup/`, { coacct: String(Number(coacct) + 1) });
    expect(other.statusCode).toBe(403);
    expect((await client.post(`${API}user/popup/`, {})).statusCode).toBe(400);
    const seen = await client.post(`${API}user/set_popup_seen/`, { id_to_mark_as_seen: 'made-up' });
    expect(seen.statusCode).toBe(400);
    const dismiss = await client.post(`${API}user/dismiss_popup/`, { id_to_dismiss: 'tfa-verify-email' });
    expect(dismiss.statusCode).toBe(400);
  });

  it('follows the calendar for the tax season', async () => {
    const client = server.client();
    await client.login('dana.demo');
    const coacct = await coacctOf(client);
    server.clock.set(new Date('2026-05-01T12:00:00Z'));
    await client.login('dana.demo');
    expect(ids(await client.post(`${API}user/popup/`, { coacct }))).not.toContain('tax-reminder');
    server.clock.set(new Date('2027-01-02T12:00:00Z'));
    await client.login('dana.demo');
    expect((await client.post(`${API}user/popup/`, { coacct })).json()).toContainEqual({
      id: 'tax-reminder',
      tax_year: 2026,
    });
    server.clock.set(new Date('2026-02-10T12:00:00Z'));
  });
});

describe('TAX_SEASON forced', () => {
  it.each([
    [true, new Date('2026-07-01T00:00:00Z'), true],
    [false, new Date('2026-02-01T00:00:00Z'), false],
  ])('taxSeason=%s in %s offers the tax popup: %s', async (taxSeason, date, offered) => {
    const forced = await startTestServer({ taxSeason });
    try {
      forced.clock.set(date);
      const client = forced.client();
      await client.login('dana.demo');
      const coacct = pageConfig((await client.get('/loanmanager/main/')).body).coacct as string;
      expect(ids(await client.post(`${API}user/popup/`, { coacct })).includes('tax-reminder')).toBe(offered);
    } finally {
      await forced.close();
    }
  });
});

describe('token authentication', () => {
  it('authenticates Authorization: Token and needs no CSRF token', async () => {
    const client = server.client();
    const headers = { authorization: `Token ${DEMO_API_TOKEN}` };
    const status = await client.get(`${API}go-green/status/`, { headers });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ email_address: 'dana.demo@example.com' });
    const popups = await client.post(`${API}user/set_popup_seen/`, { id_to_mark_as_seen: 'tax-reminder' }, {
      headers,
      csrf: false,
    });
    expect(popups.statusCode).toBe(200);
  });

  it('refuses an unknown token with 401', async () => {
    const client = server.client();
    const response = await client.get(`${API}go-green/status/`, {
      headers: { authorization: `Token ${'z'.repeat(40)}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ errors: ['Invalid token.'] });
    const malformed = await client.post(`${API}go-green/opt_out/`, undefined, {
      headers: { authorization: 'Token not a token' },
      csrf: false,
    });
    expect(malformed.statusCode).toBe(403); // not a token credential: treated as a browser, and CSRF fails
  });
});

describeOnSqlite('the address-in-use check on SQLite', () => {
  it('reads the borrowers_email index, not every borrower', async () => {
    // the statement the store sends, compiled by the SQLite dialect (compiling needs no connection)
    const compiler = new Kysely<Database>({ dialect: new SqliteDialect({ database: {} as never }) });
    const query = emailInUseByOtherUserQuery(compiler, dialectOf('sqlite'), 'dana@example.com', 1).compile();
    const plan = await server.query<{ detail: string }>(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]);
    const steps = plan.map(({ detail }) => detail);
    expect(steps.some((step) => /borrowers_email/.test(step))).toBe(true);
    expect(steps.some((step) => /^SCAN b\b/.test(step))).toBe(false);
  });
});
