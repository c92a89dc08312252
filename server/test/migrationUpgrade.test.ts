/**
 * Databases made by the code before the single data layer (two migration lists: SQLite 1-10,
 * PostgreSQL 1-6, frozen in fixtures/legacyMigrations.ts) are taken over in place by the one list:
 * the data stays and reads through the store, the recorded versions are the new list's, and
 * opening again changes nothing. Fictional data only (SSNs starting with 9).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Pool } from 'pg';
import { MIGRATIONS } from '../db/migrations';
import { openRepositories } from '../db/open';
import type { Repositories } from '../db/open';
import { keyedDob, keyedSsn, serverKeys } from '../auth/secrets';
import { LEGACY_PG_MIGRATIONS, LEGACY_SQLITE_MIGRATIONS, runLegacyPgMigrations, runLegacySqliteMigrations } from './fixtures/legacyMigrations';
import { createTestSchema, describeOnPostgres, describeOnSqlite, type TestSchema } from './harness';

const NOW = Date.parse('2026-02-10T12:00:00Z');
const identity = serverKeys(randomBytes(32)).identity;
const lockout = { failures: 5, windowMs: 60_000 };
const SSN = '900000077';
const DOB = '1970-03-04';

/** The rows today's code would have written, as one SQL text both engines read (TRUE/FALSE: SQLite reads them as 1/0). */
const LEGACY_DATA = `
  INSERT INTO loans VALUES ('9000000077', '77 Fixture Lane, Testburg, ZZ 00077', 123400, '2026-09-01');
  INSERT INTO borrowers (id, firstname, lastname, ssn_key, dob_key, email_address, email_validated, electdocs, autopay)
    VALUES (77, 'Fiona', 'Fixture', '${keyedSsn(identity[0]!, SSN)}', '${keyedDob(identity[0]!, DOB)}', 'fiona.fixture@example.com', TRUE, TRUE, FALSE);
  INSERT INTO loan_borrowers VALUES ('9000000077', 77, 'primary');
  INSERT INTO users (id, borrower_id, username, password_hash, created_at, locale) VALUES (7, 77, 'Fiona.Fixture', 'hash-not-a-password', ${NOW}, 'es');
  INSERT INTO email_addresses VALUES (77, 'fiona.fixture@example.com', ${NOW}, ${NOW});
  INSERT INTO sessions (id, key_hash, user_id, created_at, expires_at, last_seen_at, reauth_until)
    VALUES (5, 'session-key-hash', 7, ${NOW}, ${NOW + 3_600_000}, ${NOW}, ${NOW + 600_000});
  INSERT INTO nonces (purpose, nonce_hash, user_id, email_address, created_at, expires_at) VALUES ('password_reset', 'nonce-hash', 7, NULL, ${NOW}, ${NOW + 900_000});
  INSERT INTO consent_disclosures VALUES ('sha-of-text', 'the disclosures', ${NOW});
  INSERT INTO consent_audit (borrower_id, user_id, action, email_address, time_zone, browser, os, client_address, user_agent, created_at, disclosures_locale, disclosures_sha256)
    VALUES (77, 7, 'opt_in', 'fiona.fixture@example.com', 'UTC', 'Firefox', 'Linux', '203.0.113.7', 'fixture agent', ${NOW}, 'es', 'sha-of-text');
  INSERT INTO outbox (to_address, subject, body, links, sealed, created_at, purge_at, next_attempt_at) VALUES ('fiona.fixture@example.com', 'Waiting', 'body', '[]', FALSE, ${NOW}, ${NOW + 3_600_000}, ${NOW});
  INSERT INTO popup_dismissed VALUES (7, 'popup-1', ${NOW});
  INSERT INTO known_browsers VALUES (7, 'browser-key', ${NOW}, ${NOW});
  INSERT INTO rate_limits VALUES ('route:client', 3, ${NOW + 60_000});
`;

/** What the store reads of LEGACY_DATA once migrated. */
async function expectDataKept(store: Repositories) {
  const match = await store.findLoanMatch('9000000077', SSN, DOB);
  expect(match?.borrower).toMatchObject({
    id: 77, firstname: 'Fiona', lastname: 'Fixture', emailAddress: 'fiona.fixture@example.com', emailValidated: true, electdocs: true, autopay: false,
  });
  expect(match?.user).toMatchObject({ id: 7, username: 'Fiona.Fixture', locale: 'es' });
  expect((await store.findUserByUsername('fiona.FIXTURE'))?.id).toBe(7);
  expect(await store.findSession('session-key-hash', NOW + 1, NOW - 1)).toMatchObject({ id: 5, userId: 7, account: { borrower: { id: 77 } } });
  expect(await store.reauthWindowOpen(5, NOW + 1)).toBe(true);
  expect(await store.findUsableNonce('password_reset', 'nonce-hash', NOW + 1)).toMatchObject({ userId: 7 });
  expect(await store.consentAudit(77)).toEqual([
    expect.objectContaining({ action: 'opt_in', createdAt: NOW, disclosures: { locale: 'es', sha256: 'sha-of-text', text: 'the disclosures' } }),
  ]);
  expect(await store.listOutbox(10)).toEqual([expect.objectContaining({ subject: 'Waiting', body: 'body', sealed: false, nextAttemptAt: NOW })]);
  expect(await store.popupHistory('other-session', 7)).toEqual({ seenThisSession: new Set(), dismissedAt: new Map([['popup-1', NOW]]) });
  expect(await store.recognizeBrowser(7, 'browser-key', NOW + 1)).toBe('known');
  expect(await store.countRequests('route:client', 1, 60_000, NOW + 1)).toEqual({ count: 4, windowEndsAt: NOW + 60_000 });
  expect(await store.isEmailValidated(77, 'FIONA.fixture@example.com')).toBe(true);
  // and it still writes: the columns of the latest migrations are there
  expect(await store.renewSessionKey({ sessionId: 5, oldKeyHash: 'session-key-hash', newKeyHash: 'renewed-key-hash', reauthUntil: NOW + 5, seenKey: { from: 'a', to: 'b' } })).toMatchObject({ expiresAt: expect.any(Number) });
  expect(await store.completePasswordReset({ nonceHash: 'nonce-hash', passwordHash: 'new-hash', now: NOW + 2, keepSessionId: 5 })).toEqual({ userId: 7, username: 'Fiona.Fixture' });
  expect(await store.reauthWindowOpen(5, NOW + 3)).toBe(false);
}

const NEW_VERSIONS = MIGRATIONS.map(({ version, name }) => ({ version, name }));

/** A SQLite file's tables, indexes and triggers as it declares them. */
function sqliteSchemaOf(file: string) {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return db.prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name").all();
  } finally {
    db.close();
  }
}

/** A PostgreSQL schema's columns, indexes, constraints and triggers, its own name left out. */
async function pgSchemaOf(schema: TestSchema) {
  const rows = await schema.query<Record<string, unknown>>(`
    SELECT 'column' AS kind, table_name || '.' || column_name AS name,
      concat_ws(' ', data_type, is_nullable, column_default, is_identity) AS def
      FROM information_schema.columns WHERE table_schema = current_schema()
    UNION ALL SELECT 'index', indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema()
    UNION ALL SELECT 'constraint', conname, pg_get_constraintdef(oid) FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
    UNION ALL SELECT 'trigger', tgname, pg_get_triggerdef(t.oid) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE c.relnamespace = current_schema()::regnamespace AND NOT tgisinternal
    ORDER BY 1, 2`);
  return rows.map((row) => ({ ...row, def: String(row.def).replaceAll(`${schema.name}.`, '') }));
}

describeOnSqlite('a SQLite database made by the two-list code', () => {
  it('is taken over by the one list with its data, and a second opening is a no-op', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loanmanager-upgrade-'));
    const file = path.join(dir, 'db.sqlite');
    try {
      const old = new BetterSqlite3(file);
      runLegacySqliteMigrations(old, identity[0]!);
      old.exec(LEGACY_DATA);
      const legacy = old.prepare('SELECT version, name, applied_at FROM schema_migrations ORDER BY version').all() as Array<{ version: number; name: string }>;
      expect(legacy).toHaveLength(LEGACY_SQLITE_MIGRATIONS.length);
      old.close();

      const open = () => openRepositories({ databaseUrl: null, databasePath: file, poolSize: 1, identity, lockout });
      const store = await open();
      expect(store.createdFresh).toBe(false);
      await expectDataKept(store);
      await store.close();

      const reopened = await open();
      await reopened.close();
      const after = new BetterSqlite3(file, { readonly: true });
      try {
        // SQLite's numbering is the list's: the rows recorded by the old code are the new ones, untouched
        // (and the migrations added since the two lists were one, after them)
        const recorded = after.prepare('SELECT version, name, applied_at FROM schema_migrations ORDER BY version').all() as typeof legacy;
        expect(recorded.slice(0, legacy.length)).toEqual(legacy);
        expect(legacy.map(({ version, name }) => ({ version, name }))).toEqual(NEW_VERSIONS.slice(0, legacy.length));
        expect(recorded.map(({ version, name }) => ({ version, name }))).toEqual(NEW_VERSIONS);
        const columns = (table: string) => (after.prepare(`SELECT name FROM pragma_table_info('${table}')`).all() as Array<{ name: string }>).map(({ name }) => name);
        expect(columns('sessions')).toContain('reauth_until');
        expect(columns('consent_audit')).toEqual(expect.arrayContaining(['disclosures_locale', 'disclosures_sha256']));
      } finally {
        after.close();
      }
      // and it is the schema the one list makes from nothing
      const fresh = await openRepositories({ databaseUrl: null, databasePath: path.join(dir, 'fresh.sqlite'), poolSize: 1, identity, lockout });
      await fresh.close();
      expect(sqliteSchemaOf(path.join(dir, 'fresh.sqlite'))).toEqual(sqliteSchemaOf(file));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describeOnPostgres('a PostgreSQL database made by the two-list code', () => {
  it('is renumbered onto the one list in place with its data, and a second opening is a no-op', async () => {
    const schema = await createTestSchema();
    try {
      const pool = new Pool({ connectionString: schema.databaseUrl, max: 1 });
      const client = await pool.connect();
      await runLegacyPgMigrations(client);
      await client.query(LEGACY_DATA);
      client.release();
      await pool.end();
      const legacy = await schema.query<{ version: number; applied_at: number }>('SELECT version, applied_at FROM schema_migrations ORDER BY version');
      expect(legacy.map(({ version }) => version)).toEqual(LEGACY_PG_MIGRATIONS.map(({ version }) => version));

      const open = () => openRepositories({ databaseUrl: schema.databaseUrl, databasePath: '', poolSize: 2, identity, lockout });
      const store = await open();
      expect(store.createdFresh).toBe(false);
      expect((await store.readiness()).schemaVersion).toBe(MIGRATIONS.at(-1)!.version);
      await expectDataKept(store);
      await store.close();

      const recorded = () => schema.query<{ version: number; name: string; applied_at: number }>('SELECT version, name, applied_at FROM schema_migrations ORDER BY version');
      const renumbered = await recorded();
      // every step of the list, each with the time the old code applied the step it was part of
      expect(renumbered.map(({ version, name }) => ({ version, name }))).toEqual(NEW_VERSIONS);
      // (the migrations added since the two lists were one, after migration 10, have times of their own)
      const legacySteps = renumbered.filter(({ version }) => version <= 10);
      expect(new Set(legacySteps.map(({ applied_at: at }) => at))).toEqual(new Set(legacy.map(({ applied_at: at }) => at)));
      const reopened = await open();
      await reopened.close();
      expect(await recorded()).toEqual(renumbered);
      const columns = await schema.query<{ column_name: string }>(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'sessions'",
      );
      expect(columns.map(({ column_name: name }) => name)).toContain('reauth_until');
      // and it is the schema the one list makes from nothing
      const fresh = await createTestSchema();
      try {
        const store = await openRepositories({ databaseUrl: fresh.databaseUrl, databasePath: '', poolSize: 1, identity, lockout });
        await store.close();
        expect(await pgSchemaOf(fresh)).toEqual(await pgSchemaOf(schema));
      } finally {
        await fresh.drop();
      }
    } finally {
      await schema.drop();
    }
  });
});
