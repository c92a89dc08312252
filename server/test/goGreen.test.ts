import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { openRepositories } from '../db/open';
import { DISCLOSURES_FRESH_MS, localisedDisclosuresPath } from '../services/goGreen';
import { serverKeys } from '../auth/secrets';
import { LOCALES } from '../../src/platform/i18n/locales';
import { API, REPO_ROOT, nonceOf, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const optIn = (email: string) => ({ time_zone: 'America/Chicago', browser: 'Firefox 140', os: 'Linux', email });

/** Reads the audit table straight from the database, as an auditor would. */
function auditRows(): Promise<Array<Record<string, unknown>>> {
  return server.query<Record<string, unknown>>('SELECT * FROM consent_audit ORDER BY id');
}

/** A server of its own whose servicer has the disclosures in English only ('<p>English only</p>'). */
async function withEnglishOnlyDisclosures(test: (englishOnly: TestServer) => Promise<void>): Promise<void> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'loanmanager-disclosures-'));
  fs.writeFileSync(path.join(folder, 'disclosures.html'), '<p>English only</p>');
  const englishOnly = await startTestServer({ disclosuresPath: path.join(folder, 'disclosures.html') });
  try {
    await test(englishOnly);
  } finally {
    await englishOnly.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** The message of the error a statement run straight on the database fails with. */
async function queryFailure(sql: string): Promise<string> {
  try {
    await server.query(sql);
    return 'no error';
  } catch (error) {
    return (error as { message: string }).message;
  }
}

describe('go-green/status', () => {
  it('reports the borrower state and the disclosures file', async () => {
    const client = server.client();
    await client.login('paula.paperless');
    const response = await client.get(`${API}go-green/status/`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual({
      email_address: 'paula.paperless@example.com',
      email_validated: true,
      electdocs: true,
      disclosures: fs.readFileSync(path.join(REPO_ROOT, 'server', 'content', 'disclosures.html'), 'utf8'),
    });
  });

  it('is written from the answer object through the route’s serializer (its declared schema), not as a string built by hand', async () => {
    const client = server.client();
    await client.login('paula.paperless');
    const stringify = jest.spyOn(JSON, 'stringify');
    try {
      const response = await client.get(`${API}go-green/status/`);
      expect(response.statusCode).toBe(200);
      // the serializer (server/routes/declarations.ts) checks the object against the schema, then writes it
      expect(stringify.mock.calls.map(([value]) => value)).toContainEqual(response.json());
    } finally {
      stringify.mockRestore();
    }
  });
});

describe('go-green/status freshness', () => {
  it('reads the account with the session on every request: a change written by another instance shows at once, a deleted session ends at once', async () => {
    const client = server.client();
    await client.login('paula.paperless');
    const status = async () => {
      const response = await client.get(`${API}go-green/status/`);
      return response.statusCode === 200 ? response.json<{ electdocs: boolean }>().electdocs : response.statusCode;
    };
    expect(await status()).toBe(true);
    // what another instance (or the servicing system) writes, straight in the database
    await server.query("UPDATE borrowers SET electdocs = FALSE WHERE email_address = 'paula.paperless@example.com'");
    expect(await status()).toBe(false);
    await server.query("UPDATE borrowers SET electdocs = TRUE WHERE email_address = 'paula.paperless@example.com'");
    expect(await status()).toBe(true);
    // a sign-out on another instance: the session row is gone
    await server.query('DELETE FROM sessions WHERE user_id = (SELECT u.id FROM users u JOIN borrowers b ON b.id = u.borrower_id WHERE b.email_address = \'paula.paperless@example.com\')');
    expect(await status()).toBe(401);
  });
});

describe('go-green/status disclosures', () => {
  it('shows an edit of the disclosures file without a restart, within DISCLOSURES_FRESH_MS', async () => {
    const disclosuresPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'loanmanager-disclosures-')), 'disclosures.html');
    fs.writeFileSync(disclosuresPath, '<p>First text</p>');
    const editable = await startTestServer({ disclosuresPath });
    try {
      const client = editable.client();
      await client.login('paula.paperless');
      const disclosures = async () => (await client.get(`${API}go-green/status/`)).json<{ disclosures: string }>().disclosures;
      expect(await disclosures()).toBe('<p>First text</p>');
      fs.writeFileSync(disclosuresPath, '<p>Edited text</p>');
      await new Promise((resolve) => setTimeout(resolve, DISCLOSURES_FRESH_MS + 50));
      expect(await disclosures()).toBe('<p>Edited text</p>');
    } finally {
      await editable.close();
      fs.rmSync(path.dirname(disclosuresPath), { recursive: true, force: true });
    }
  });
});

describe('go-green/status disclosures in the borrower\'s language', () => {
  const shipped = (file: string) => fs.readFileSync(path.join(REPO_ROOT, 'server', 'content', file), 'utf8');

  it('ships the disclosures in every language of the portal', () => {
    for (const locale of LOCALES) {
      expect(fs.existsSync(localisedDisclosuresPath(path.join(REPO_ROOT, 'server', 'content', 'disclosures.html'), locale))).toBe(true);
    }
  });

  it("answers with the disclosures in the widget's language", async () => {
    const client = server.client();
    await client.login('paula.paperless');
    const disclosures = async (language: string) =>
      (await client.get(`${API}go-green/status/`, { headers: { 'accept-language': language } })).json<{ disclosures: string }>().disclosures;
    expect(await disclosures('es')).toBe(shipped('disclosures.es.html'));
    expect(await disclosures('en')).toBe(shipped('disclosures.html'));
  });

  it('answers with the English text marked lang="en" where the servicer has none in that language', () =>
    withEnglishOnlyDisclosures(async (englishOnly) => {
      const client = englishOnly.client();
      await client.login('paula.paperless');
      const response = await client.get(`${API}go-green/status/`, { headers: { 'accept-language': 'es' } });
      expect(response.json<{ disclosures: string }>().disclosures).toBe('<div lang="en"><p>English only</p></div>');
    }));
});

describe('go-green/opt_in and opt_out', () => {
  it('opts in with the verified address on file and records the consent', async () => {
    const client = server.client();
    await client.login('cory.coborrower');
    const response = await client.post(`${API}go-green/opt_in/`, optIn('cory.coborrower@example.com'), {
      headers: { 'user-agent': 'jest-agent' },
    });
    expect(response.statusCode).toBe(200);
    expect((await client.get(`${API}go-green/status/`)).json()).toMatchObject({ electdocs: true });
    const row = (await auditRows()).at(-1);
    expect(row).toMatchObject({
      action: 'opt_in',
      email_address: 'cory.coborrower@example.com',
      time_zone: 'America/Chicago',
      browser: 'Firefox 140',
      os: 'Linux',
      user_agent: 'jest-agent',
      client_address: '127.0.0.1',
      created_at: server.clock.now().getTime(),
    });
  });

  it('opts out, recorded too; the co-borrower on the same loan is unaffected', async () => {
    const paula = server.client();
    await paula.login('paula.paperless');
    const response = await paula.post(`${API}go-green/opt_out/`);
    expect(response.statusCode).toBe(200);
    expect((await paula.get(`${API}go-green/status/`)).json()).toMatchObject({ electdocs: false });
    expect((await auditRows()).at(-1)).toMatchObject({ action: 'opt_out', email_address: 'paula.paperless@example.com' });
    const cory = server.client();
    await cory.login('cory.coborrower');
    expect((await cory.get(`${API}go-green/status/`)).json()).toMatchObject({ electdocs: true });
  });

  it('refuses an opt-out with a body', async () => {
    const client = server.client();
    await client.login('paula.paperless');
    expect((await client.post(`${API}go-green/opt_out/`, { electdocs: false })).statusCode).toBe(400);
    expect((await client.post(`${API}go-green/opt_out/`, {})).statusCode).toBe(200);
  });

  it('needs a verified address: an unverified one is refused until its link is opened', async () => {
    const client = server.client();
    await client.login('uma.unverified');
    const refused = await client.post(`${API}go-green/opt_in/`, optIn('uma.unverified@example.com'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual(['Please verify this email address before choosing electronic delivery.']);
    expect((await client.get(`${API}go-green/status/`)).json()).toMatchObject({ electdocs: false });

    // the wizard's "Validate Email Address" step: a link to the address on file
    const change = await client.post(`${API}user/request_email_change/`, { email_address: 'uma.unverified@example.com' });
    expect(change.json()).toMatchObject({ requires_validation: true });
    const [mail] = await server.outbox();
    // without the CSRF cookie of the page the POST is refused; as a browser does it, it works
    const direct = await server.client().post(`${API}anon-user/verify_email/`, { nonce: nonceOf(mail!.paths[0]!) });
    expect(direct.statusCode).toBe(403);
    const browser = server.client();
    await browser.visit(mail!.paths[0]);
    expect((await browser.post(`${API}anon-user/verify_email/`, { nonce: nonceOf(mail!.paths[0]!) })).statusCode).toBe(200);

    expect((await client.get(`${API}user/is_validated/`, { query: { email_address: 'uma.unverified@example.com' } })).json()).toEqual({
      validated: true,
    });
    expect((await client.post(`${API}go-green/opt_in/`, optIn('uma.unverified@example.com'))).statusCode).toBe(200);
  });

  it('opts in with corrected details once the new address is verified, and files it', async () => {
    const client = server.client();
    await client.login('sam.several');
    await client.confirmPassword();
    await client.post(`${API}user/request_email_change/`, { email_address: 'sam.paperless@example.com' });
    const [mail] = await server.outbox();
    expect((await client.post(`${API}go-green/opt_in/`, optIn('sam.paperless@example.com'))).statusCode).toBe(400);
    await client.post(`${API}anon-user/verify_email/`, { nonce: nonceOf(mail!.paths[0]!) });
    expect((await client.post(`${API}go-green/opt_in/`, optIn('sam.paperless@example.com'))).statusCode).toBe(200);
    expect((await client.get(`${API}go-green/status/`)).json()).toMatchObject({
      email_address: 'sam.paperless@example.com',
      email_validated: true,
      electdocs: true,
    });
  });

  it('refuses bodies outside the contract', async () => {
    const client = server.client();
    await client.login('dana.demo');
    const missing = await client.post(`${API}go-green/opt_in/`, { email: 'dana.demo@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      'time_zone: This field is required',
      'browser: This field is required',
      'os: This field is required',
    ]);
    const wrong = await client.post(`${API}go-green/opt_in/`, { ...optIn('dana.demo@example.com'), os: 7 });
    expect(wrong.json().errors).toEqual(['os: Expected a string']);
  });

  it('keeps the audit table append-only', async () => {
    expect(await queryFailure("UPDATE consent_audit SET action = 'opt_in'")).toMatch(/append-only/);
    expect(await queryFailure('DELETE FROM consent_audit')).toMatch(/append-only/);
    if (server.schema) expect(await queryFailure('TRUNCATE consent_audit')).toMatch(/append-only/);
    expect((await auditRows()).length).toBeGreaterThanOrEqual(4);
  });
});

describe('the disclosures a consent was given to', () => {
  const shipped = (file: string) => fs.readFileSync(path.join(REPO_ROOT, 'server', 'content', file), 'utf8');
  const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

  it('records the language and the sha256 of the text served, and keeps each text once', async () => {
    const english = server.client();
    await english.login('dana.demo');
    expect((await english.post(`${API}go-green/opt_in/`, optIn('dana.demo@example.com'))).statusCode).toBe(200);
    expect((await auditRows()).at(-1)).toMatchObject({ action: 'opt_in', disclosures_locale: 'en', disclosures_sha256: sha256(shipped('disclosures.html')) });

    const spanish = server.client();
    await spanish.login('cory.coborrower');
    const optedIn = await spanish.post(`${API}go-green/opt_in/`, optIn('cory.coborrower@example.com'), { headers: { 'accept-language': 'es' } });
    expect(optedIn.statusCode).toBe(200);
    expect((await auditRows()).at(-1)).toMatchObject({ disclosures_locale: 'es', disclosures_sha256: sha256(shipped('disclosures.es.html')) });

    // an opt-out agrees to nothing
    expect((await spanish.post(`${API}go-green/opt_out/`)).statusCode).toBe(200);
    expect((await auditRows()).at(-1)).toMatchObject({ action: 'opt_out', disclosures_locale: null, disclosures_sha256: null });

    // the same text agreed to again is not kept twice; an auditor finds each text by the row's sha256
    expect((await english.post(`${API}go-green/opt_in/`, optIn('dana.demo@example.com'))).statusCode).toBe(200);
    const texts = await server.query<{ sha256: string; text: string }>('SELECT sha256, text FROM consent_disclosures ORDER BY sha256');
    for (const file of ['disclosures.html', 'disclosures.es.html']) {
      expect(texts.filter(({ sha256: key }) => key === sha256(shipped(file)))).toEqual([{ sha256: sha256(shipped(file)), text: shipped(file) }]);
    }
  });

  it('records the English text, marked lang="en", for a language the servicer has none in', () =>
    withEnglishOnlyDisclosures(async (englishOnly) => {
      const client = englishOnly.client();
      await client.login('dana.demo');
      await client.post(`${API}go-green/opt_in/`, optIn('dana.demo@example.com'), { headers: { 'accept-language': 'es' } });
      const [row] = await englishOnly.query<{ disclosures_locale: string; text: string }>(
        'SELECT disclosures_locale, text FROM consent_audit JOIN consent_disclosures ON sha256 = disclosures_sha256',
      );
      expect(row).toEqual({ disclosures_locale: 'es', text: '<div lang="en"><p>English only</p></div>' });
    }));

  it('keeps the texts append-only', async () => {
    expect(await queryFailure("UPDATE consent_disclosures SET text = 'another text'")).toMatch(/append-only/);
    expect(await queryFailure('DELETE FROM consent_disclosures')).toMatch(/append-only/);
    if (server.schema) expect(await queryFailure('TRUNCATE consent_disclosures')).toMatch(/append-only/);
    expect((await server.query('SELECT sha256 FROM consent_disclosures')).length).toBeGreaterThanOrEqual(2);
  });

  it("gives the store's reader each consent with the text it names", async () => {
    const store = await openRepositories({
      databaseUrl: server.schema?.databaseUrl ?? null,
      databasePath: server.databasePath,
      poolSize: 1,
      identity: serverKeys(randomBytes(32)).identity,
      lockout: { failures: 5, windowMs: 60_000 },
    });
    try {
      const [{ borrower_id: dana }] = await server.query<{ borrower_id: number }>(
        "SELECT id AS borrower_id FROM borrowers WHERE email_address = 'dana.demo@example.com'",
      ) as [{ borrower_id: number }];
      const audit = await store.consentAudit(Number(dana));
      expect(audit.length).toBeGreaterThan(0);
      expect(audit.at(-1)).toMatchObject({
        action: 'opt_in',
        createdAt: server.clock.now().getTime(),
        disclosures: { locale: 'en', sha256: sha256(shipped('disclosures.html')), text: shipped('disclosures.html') },
      });
    } finally {
      await store.close();
    }
  });

  it('is added by a migration to an audit kept before it: earlier rows name no text, new ones do', async () => {
    const before = await startTestServer();
    try {
      const client = before.client();
      await client.login('dana.demo');
      await client.post(`${API}go-green/opt_in/`, optIn('dana.demo@example.com'));
      // the database as the previous version left it
      await before.query('DROP TABLE consent_disclosures');
      await before.query('ALTER TABLE consent_audit DROP COLUMN disclosures_locale');
      await before.query('ALTER TABLE consent_audit DROP COLUMN disclosures_sha256');
      const version = 8; // one numbering on both engines (server/db/migrations.ts)
      await before.query('DELETE FROM schema_migrations WHERE version >= ?', [version]);

      const after = await startTestServer(
        before.schema ? {} : { databasePath: before.databasePath },
        before.schema ? { sharedSchema: before.schema } : {},
      );
      try {
        const upgraded = after.client();
        await upgraded.login('dana.demo');
        await upgraded.post(`${API}go-green/opt_in/`, optIn('dana.demo@example.com'));
        const rows = await before.query<{ disclosures_sha256: string | null }>('SELECT disclosures_sha256 FROM consent_audit ORDER BY id');
        expect(rows.map(({ disclosures_sha256: key }) => key)).toEqual([null, sha256(shipped('disclosures.html'))]);
        expect(await before.query('SELECT version FROM schema_migrations WHERE version = ?', [version])).toHaveLength(1);
      } finally {
        await after.close();
      }
    } finally {
      await before.close();
    }
  });
});
