/**
 * The schema, as ONE numbered list of migrations for both engines: SQL both run (with the type words
 * of Dialect.ddl), beside it what one engine needs (triggers, case-insensitive keys), and work SQL
 * cannot do (keying values with the server secret). Each runs once, in order, in a transaction,
 * recorded in `schema_migrations`, under the dialect's lock. Never change what a shipped migration
 * does: add a new one. Times are integer milliseconds since the epoch. PostgreSQL had a list of its
 * own (1-6) until this one: `renumberLegacyPostgres` moves a database made then onto it, in place.
 */
import { sql, type Kysely } from 'kysely';
import type { IdentityKey } from '../auth/secrets';
import type { Database, Dialect } from './dialect';

/** What a migration's `run` works with: the database inside the migration's transaction. */
interface MigrationContext {
  dialect: Dialect;
  db: Kysely<Database>;
  /** Runs SQL of several statements. */
  exec(text: string): Promise<void>;
  identity: IdentityKey;
}

/** A step: `sql` (both engines), then its engine's own part (SQL, or work), then `run`, in one transaction. */
export interface Migration {
  version: number;
  name: string;
  sql?: string;
  sqlite?: string | ((m: MigrationContext) => Promise<void>);
  postgres?: string | ((m: MigrationContext) => Promise<void>);
  run?: (m: MigrationContext) => Promise<void>;
}

const addColumn = ({ dialect, db }: MigrationContext, table: string, column: string, type: string) => dialect.addColumn(db, table, column, dialect.ddl(type));

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'initial schema',
    sql: `
      CREATE TABLE loans (
        loanno TEXT PRIMARY KEY,
        property_address TEXT NOT NULL,
        monthly_payment_cents INTEGER NOT NULL,
        next_payment_due TEXT NOT NULL
      );

      CREATE TABLE borrowers (
        id {id},
        firstname TEXT NOT NULL,
        lastname TEXT NOT NULL,
        -- sha256 of the nine digits: the SSN itself is never stored by the portal
        ssn_hash TEXT NOT NULL,
        dob TEXT NOT NULL,
        email_address TEXT,
        email_validated {flag},
        electdocs {flag},
        autopay {flag}
      );

      CREATE TABLE loan_borrowers (
        loanno TEXT NOT NULL REFERENCES loans(loanno),
        borrower_id INTEGER NOT NULL REFERENCES borrowers(id),
        role TEXT NOT NULL CHECK (role IN ('primary', 'co')),
        PRIMARY KEY (loanno, borrower_id)
      );
      CREATE INDEX loan_borrowers_borrower ON loan_borrowers(borrower_id);

      CREATE TABLE users (
        id {id},
        borrower_id INTEGER NOT NULL UNIQUE REFERENCES borrowers(id),
        username TEXT NOT NULL UNIQUE{nocase},
        password_hash TEXT NOT NULL,
        created_at {time} NOT NULL
      );

      -- addresses a borrower asked to use, and whether they proved they receive mail there
      CREATE TABLE email_addresses (
        borrower_id INTEGER NOT NULL REFERENCES borrowers(id),
        email_address TEXT NOT NULL{nocase},
        requested_at {time} NOT NULL,
        validated_at {time},
        PRIMARY KEY (borrower_id, email_address)
      );

      CREATE TABLE sessions (
        id {id},
        key_hash TEXT NOT NULL UNIQUE,
        user_id INTEGER NOT NULL REFERENCES users(id),
        created_at {time} NOT NULL,
        expires_at {time} NOT NULL
      );
      CREATE INDEX sessions_user ON sessions(user_id);

      CREATE TABLE api_tokens (
        id {id},
        token_hash TEXT NOT NULL UNIQUE,
        user_id INTEGER NOT NULL REFERENCES users(id),
        label TEXT NOT NULL,
        created_at {time} NOT NULL
      );

      -- single-use secrets sent by email; only their sha256 is stored
      CREATE TABLE nonces (
        id {id},
        purpose TEXT NOT NULL CHECK (purpose IN ('password_reset', 'verify_email')),
        nonce_hash TEXT NOT NULL UNIQUE,
        user_id INTEGER NOT NULL REFERENCES users(id),
        email_address TEXT,
        created_at {time} NOT NULL,
        expires_at {time} NOT NULL,
        used_at {time}
      );

      -- "seen" lasts for one session (or one API token)
      CREATE TABLE popup_seen (
        session_key TEXT NOT NULL,
        user_id INTEGER NOT NULL REFERENCES users(id),
        popup_id TEXT NOT NULL,
        seen_at {time} NOT NULL,
        PRIMARY KEY (session_key, popup_id)
      );

      -- "dismissed" lasts for good
      CREATE TABLE popup_dismissed (
        user_id INTEGER NOT NULL REFERENCES users(id),
        popup_id TEXT NOT NULL,
        dismissed_at {time} NOT NULL,
        PRIMARY KEY (user_id, popup_id)
      );

      -- electronic delivery consent: append-only
      CREATE TABLE consent_audit (
        id {id},
        borrower_id INTEGER NOT NULL REFERENCES borrowers(id),
        user_id INTEGER NOT NULL REFERENCES users(id),
        action TEXT NOT NULL CHECK (action IN ('opt_in', 'opt_out')),
        email_address TEXT,
        time_zone TEXT,
        browser TEXT,
        os TEXT,
        client_address TEXT NOT NULL,
        user_agent TEXT,
        created_at {time} NOT NULL
      );

      CREATE TABLE outbox (
        id {id},
        to_address TEXT NOT NULL,
        subject TEXT NOT NULL,
        body TEXT NOT NULL,
        -- JSON array of the paths the message links to
        links TEXT NOT NULL,
        created_at {time} NOT NULL,
        sent_at {time},
        send_error TEXT
      );
    `,
    sqlite: `
      CREATE TRIGGER consent_audit_no_update BEFORE UPDATE ON consent_audit
        BEGIN SELECT RAISE(ABORT, 'consent_audit is append-only'); END;
      CREATE TRIGGER consent_audit_no_delete BEFORE DELETE ON consent_audit
        BEGIN SELECT RAISE(ABORT, 'consent_audit is append-only'); END;
    `,
    // case-insensitive keys by lower() indexes (SQLite's COLLATE NOCASE), and indexes SQLite does without
    postgres: `
      ALTER TABLE users DROP CONSTRAINT users_username_key;
      CREATE UNIQUE INDEX users_username_lower ON users(lower(username));
      ALTER TABLE email_addresses DROP CONSTRAINT email_addresses_pkey;
      CREATE UNIQUE INDEX email_addresses_key ON email_addresses(borrower_id, lower(email_address));
      CREATE INDEX sessions_expiry ON sessions(expires_at);
      CREATE INDEX nonces_user ON nonces(user_id);
      CREATE INDEX consent_audit_borrower ON consent_audit(borrower_id, id);
      CREATE FUNCTION consent_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'consent_audit is append-only'; END;
      $$;
      CREATE TRIGGER consent_audit_no_update_or_delete BEFORE UPDATE OR DELETE ON consent_audit
        FOR EACH ROW EXECUTE FUNCTION consent_audit_append_only();
      CREATE TRIGGER consent_audit_no_truncate BEFORE TRUNCATE ON consent_audit
        FOR EACH STATEMENT EXECUTE FUNCTION consent_audit_append_only();
    `,
  },
  {
    version: 2,
    name: 'keyed identity values, expiring tokens, outbox bodies that can be sealed and purged, sign-in failures',
    sql: `
      ALTER TABLE borrowers ADD COLUMN ssn_key TEXT NOT NULL DEFAULT '';
      ALTER TABLE borrowers ADD COLUMN dob_key TEXT NOT NULL DEFAULT '';

      ALTER TABLE api_tokens ADD COLUMN expires_at {time} NOT NULL DEFAULT 0;
      UPDATE api_tokens SET expires_at = created_at + 7776000000; -- 90 days
      CREATE INDEX api_tokens_user ON api_tokens(user_id);

      -- body and links: plain text (development mailbox) or sealed with the server secret
      -- (production), and emptied once delivered or once purge_at passes; the rest stays as metadata
      CREATE TABLE outbox_v2 (
        id {id},
        to_address TEXT NOT NULL,
        subject TEXT NOT NULL,
        body TEXT,
        links TEXT,
        sealed {flag},
        created_at {time} NOT NULL,
        purge_at {time} NOT NULL,
        sent_at {time},
        send_error TEXT
      );
      INSERT INTO outbox_v2 (id, to_address, subject, body, links, sealed, created_at, purge_at, sent_at, send_error)
        SELECT id, to_address, subject, NULL, NULL, FALSE, created_at, created_at, sent_at, send_error FROM outbox;
      DROP TABLE outbox;
      ALTER TABLE outbox_v2 RENAME TO outbox;
      CREATE INDEX outbox_purge ON outbox(purge_at) WHERE body IS NOT NULL;

      -- failed sign-ins per username (known or not, so the answer never tells which exist)
      CREATE TABLE login_failures (
        username_key TEXT PRIMARY KEY,
        failures INTEGER NOT NULL,
        window_start {time} NOT NULL
      );
    `,
    postgres: `
      ALTER TABLE borrowers ALTER COLUMN ssn_key DROP DEFAULT, ALTER COLUMN dob_key DROP DEFAULT;
      ALTER TABLE api_tokens ALTER COLUMN expires_at DROP DEFAULT;
      ALTER INDEX outbox_v2_pkey RENAME TO outbox_pkey;
      ALTER SEQUENCE outbox_v2_id_seq RENAME TO outbox_id_seq;
    `,
    async run(m) {
      const { rows } = await sql<{ id: number; ssn_hash: string; dob: string }>`SELECT id, ssn_hash, dob FROM borrowers`.execute(m.db);
      for (const row of rows) {
        // ssn_hash is ssnDigest(ssn) (server/auth/secrets.ts): keying it needs no digits
        const ssnKey = m.identity.keyed('ssn', row.ssn_hash);
        await sql`UPDATE borrowers SET ssn_key = ${ssnKey}, dob_key = ${m.identity.keyed('dob', row.dob)} WHERE id = ${row.id}`.execute(m.db);
      }
      await m.exec(`
        ALTER TABLE borrowers DROP COLUMN ssn_hash;
        ALTER TABLE borrowers DROP COLUMN dob;
        CREATE INDEX borrowers_identity ON borrowers(ssn_key, dob_key);
      `);
    },
  },
  {
    version: 3,
    name: 'outbox as a durable queue: attempts, next attempt, leases, abandoned',
    sql: `
      ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
      -- null once delivered or given up on
      ALTER TABLE outbox ADD COLUMN next_attempt_at {time};
      -- the lease of the worker sending it: claimable again once claimed_until has passed
      ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
      ALTER TABLE outbox ADD COLUMN claimed_until {time};
      ALTER TABLE outbox ADD COLUMN abandoned_at {time};
      -- the single-try mailer kept the body of a failed message: it is retried while its links live
      UPDATE outbox SET next_attempt_at = created_at WHERE sent_at IS NULL AND body IS NOT NULL;
      UPDATE outbox SET abandoned_at = purge_at, send_error = COALESCE(send_error, 'expired')
        WHERE sent_at IS NULL AND body IS NULL;
      CREATE INDEX outbox_due ON outbox(next_attempt_at) WHERE next_attempt_at IS NOT NULL;
    `,
  },
  {
    version: 4,
    name: 'rate-limit counters shared by every instance on the database',
    sql: `
      -- one row per counted key (route and client); a window that has ended restarts at 1
      CREATE TABLE rate_limits (
        key TEXT PRIMARY KEY,
        count INTEGER NOT NULL,
        window_ends_at {time} NOT NULL
      );
      CREATE INDEX rate_limits_window_end ON rate_limits(window_ends_at);
    `,
  },
  {
    version: 5,
    name: 'idle expiry of sessions: the time of their last request',
    sql: 'ALTER TABLE sessions ADD COLUMN last_seen_at {time} NOT NULL DEFAULT 0',
    async run({ db }) {
      // sessions open at the upgrade start their idle time now rather than being ended at once
      await sql`UPDATE sessions SET last_seen_at = ${Date.now()}`.execute(db);
    },
  },
  {
    version: 6,
    name: 'the language each borrower chose (issue 19)',
    // 'en', 'es' (src/platform/i18n/locales.ts); null until the borrower registers or uses the
    // language switch. No CHECK: a language added later needs no migration.
    sql: 'ALTER TABLE users ADD COLUMN locale TEXT',
  },
  {
    version: 7,
    name: 'an index on the borrowers\' email addresses, for the address-in-use checks',
    // ignoring case, as the checks compare
    sqlite: 'CREATE INDEX IF NOT EXISTS borrowers_email ON borrowers(email_address COLLATE NOCASE)',
    postgres: 'CREATE INDEX IF NOT EXISTS borrowers_email ON borrowers(lower(email_address))',
  },
  {
    version: 8,
    name: 'the disclosures each consent was given to: their language, and their text kept once by its sha256',
    // every text a borrower agreed to, once: an audit row names it by its sha256
    sql: `CREATE TABLE IF NOT EXISTS consent_disclosures (
        sha256 TEXT PRIMARY KEY,
        text TEXT NOT NULL,
        first_agreed_at {time} NOT NULL
      )`,
    sqlite: `
      CREATE TRIGGER IF NOT EXISTS consent_disclosures_no_update BEFORE UPDATE ON consent_disclosures
        BEGIN SELECT RAISE(ABORT, 'consent_disclosures is append-only'); END;
      CREATE TRIGGER IF NOT EXISTS consent_disclosures_no_delete BEFORE DELETE ON consent_disclosures
        BEGIN SELECT RAISE(ABORT, 'consent_disclosures is append-only'); END;
    `,
    postgres: `
      CREATE OR REPLACE FUNCTION consent_disclosures_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'consent_disclosures is append-only'; END;
      $$;
      CREATE OR REPLACE TRIGGER consent_disclosures_no_update_or_delete BEFORE UPDATE OR DELETE ON consent_disclosures
        FOR EACH ROW EXECUTE FUNCTION consent_disclosures_append_only();
      CREATE OR REPLACE TRIGGER consent_disclosures_no_truncate BEFORE TRUNCATE ON consent_disclosures
        FOR EACH STATEMENT EXECUTE FUNCTION consent_disclosures_append_only();
    `,
    async run(m) {
      // the language of the disclosures shown, and their sha256; null on an opt-out and on rows before this
      await addColumn(m, 'consent_audit', 'disclosures_locale', 'TEXT');
      await addColumn(m, 'consent_audit', 'disclosures_sha256', 'TEXT');
    },
  },
  {
    version: 9,
    name: 'the browsers each user has signed in from, for the notice of a sign-in from another',
    // browser_key: sha256 of the random lm_browser cookie, as sessions keep theirs
    sql: `CREATE TABLE IF NOT EXISTS known_browsers (
        user_id INTEGER NOT NULL REFERENCES users(id),
        browser_key TEXT NOT NULL,
        first_seen_at {time} NOT NULL,
        last_seen_at {time} NOT NULL,
        PRIMARY KEY (user_id, browser_key)
      )`,
  },
  {
    version: 10,
    name: 'the re-authentication window of each session (issue 38)',
    // until when the session may change the address on file (user/confirm_password/ opens it for
    // 10 minutes); null: closed. On the session row, so every instance on the database agrees.
    run: (m) => addColumn(m, 'sessions', 'reauth_until', '{time}'),
  },
  {
    version: 11,
    name: 'the "this wasn\'t me" links that put a replaced address back (issue 46 item 11)',
    // one per notice of a replaced address, sent to that address: only the token's sha256 is kept, as nonces
    sql: `
      CREATE TABLE IF NOT EXISTS address_restores (
        id {id},
        token_hash TEXT NOT NULL UNIQUE,
        user_id INTEGER NOT NULL REFERENCES users(id),
        email_address TEXT NOT NULL,
        created_at {time} NOT NULL,
        expires_at {time} NOT NULL,
        used_at {time}
      );
      CREATE INDEX IF NOT EXISTS address_restores_user ON address_restores(user_id);
    `,
  },
  {
    version: 12,
    name: 'passkeys (WebAuthn credentials) and their single-use challenges (issue 49)',
    // credential_id and public_key: base64url, as the browser and @simplewebauthn name them; user_handle:
    // the random user id the authenticator keeps (the same for every passkey of a user); a challenge is
    // keyed by its ceremony (sign-in: the sha256 of a short-lived cookie; add and step-up: the session)
    sql: `CREATE TABLE IF NOT EXISTS passkeys (
        id {id},
        user_id INTEGER NOT NULL REFERENCES users(id),
        credential_id TEXT NOT NULL UNIQUE,
        public_key TEXT NOT NULL,
        user_handle TEXT NOT NULL,
        sign_count BIGINT NOT NULL,
        transports TEXT NOT NULL,
        backed_up {flag},
        name TEXT NOT NULL,
        created_at {time} NOT NULL,
        last_used_at {time}
      );
      CREATE INDEX IF NOT EXISTS passkeys_user ON passkeys(user_id);
      CREATE TABLE IF NOT EXISTS passkey_challenges (
        ceremony_key TEXT PRIMARY KEY,
        challenge TEXT NOT NULL,
        user_handle TEXT,
        expires_at {time} NOT NULL
      )`,
  },
];

export const LATEST_VERSION = Math.max(...MIGRATIONS.map(({ version }) => version));

/** PostgreSQL's own numbering before this list, and the steps of this list each of its versions was. */
const LEGACY_POSTGRES_FIRST = 'schema as of SQLite migration 4 (keyed identity values, outbox as a durable queue, sign-in failures, rate limits)';
const LEGACY_POSTGRES: Record<number, number[]> = { 1: [1, 2, 3, 4, 7], 2: [5], 3: [6], 4: [8], 5: [9], 6: [10] };

/** A PostgreSQL database migrated by its old list (1-6) gets the versions of this one, in place. */
async function renumberLegacyPostgres(db: Kysely<Database>) {
  const first = await db.selectFrom('schema_migrations').select('name').where('version', '=', 1).executeTakeFirst();
  if (first?.name !== LEGACY_POSTGRES_FIRST) return;
  const old = await db.selectFrom('schema_migrations').selectAll().execute();
  const names = new Map(MIGRATIONS.map(({ version, name }) => [version, name]));
  const renumbered = old.flatMap(({ version, applied_at }) =>
    (LEGACY_POSTGRES[version] ?? []).map((step) => ({ version: step, name: names.get(step)!, applied_at })),
  );
  await db.deleteFrom('schema_migrations').execute();
  if (renumbered.length > 0) await db.insertInto('schema_migrations').values(renumbered).execute();
}

/**
 * Brings the schema up to date. `db` is one connection (PostgreSQL: the lock and the
 * transactions are on it); `exec` runs SQL of several statements on it. Returns whether the
 * database had no schema before.
 */
export async function migrate(dialect: Dialect, db: Kysely<Database>, exec: (text: string) => Promise<void>, identity: IdentityKey): Promise<boolean> {
  await dialect.migrationLock(db, true);
  try {
    await exec(dialect.ddl(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at {time} NOT NULL
  )`));
    const inTransaction = async (work: () => Promise<void>) => {
      await exec('BEGIN');
      await work().then(() => exec('COMMIT'), async (error: unknown) => {
        await exec('ROLLBACK');
        throw error;
      });
    };
    await inTransaction(() => renumberLegacyPostgres(db)); // a SQLite database never has that first name
    const row = await db.selectFrom('schema_migrations').select((eb) => eb.fn.max('version').as('version')).executeTakeFirst();
    const current = Number(row?.version ?? 0);
    const context: MigrationContext = { dialect, db, exec, identity };
    for (const migration of MIGRATIONS.filter(({ version }) => version > current)) {
      await inTransaction(async () => {
        for (const step of [migration.sql, migration[dialect.engine], migration.run]) {
          if (typeof step === 'string') await exec(dialect.ddl(step));
          else await step?.(context);
        }
        await db.insertInto('schema_migrations').values({ version: migration.version, name: migration.name, applied_at: Date.now() }).execute();
      });
    }
    return current === 0;
  } finally {
    await dialect.migrationLock(db, false);
  }
}
