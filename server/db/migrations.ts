/**
 * The schema, as versioned migrations. Each runs once, in order, inside a transaction, and
 * is recorded in `schema_migrations`. Never edit a migration that has shipped: add a new one.
 * Times are stored as integer milliseconds since the epoch (UTC).
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { IdentityKey } from '../secrets';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** Work SQL cannot do (keying values with the server secret), run after `sql` in the same transaction. */
  run?: (db: BetterSqlite3.Database, keys: { identity: IdentityKey }) => void;
}

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
        id INTEGER PRIMARY KEY,
        firstname TEXT NOT NULL,
        lastname TEXT NOT NULL,
        -- sha256 of the nine digits: the SSN itself is never stored by the portal
        ssn_hash TEXT NOT NULL,
        dob TEXT NOT NULL,
        email_address TEXT,
        email_validated INTEGER NOT NULL DEFAULT 0,
        electdocs INTEGER NOT NULL DEFAULT 0,
        autopay INTEGER NOT NULL DEFAULT 0
      );

      CREATE TABLE loan_borrowers (
        loanno TEXT NOT NULL REFERENCES loans(loanno),
        borrower_id INTEGER NOT NULL REFERENCES borrowers(id),
        role TEXT NOT NULL CHECK (role IN ('primary', 'co')),
        PRIMARY KEY (loanno, borrower_id)
      );
      CREATE INDEX loan_borrowers_borrower ON loan_borrowers(borrower_id);

      CREATE TABLE users (
        id INTEGER PRIMARY KEY,
        borrower_id INTEGER NOT NULL UNIQUE REFERENCES borrowers(id),
        username TEXT NOT NULL UNIQUE COLLATE NOCASE,
        password_hash TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );

      -- addresses a borrower asked to use, and whether they proved they receive mail there
      CREATE TABLE email_addresses (
        borrower_id INTEGER NOT NULL REFERENCES borrowers(id),
        email_address TEXT NOT NULL COLLATE NOCASE,
        requested_at INTEGER NOT NULL,
        validated_at INTEGER,
        PRIMARY KEY (borrower_id, email_address)
      );

      CREATE TABLE sessions (
        id INTEGER PRIMARY KEY,
        key_hash TEXT NOT NULL UNIQUE,
        user_id INTEGER NOT NULL REFERENCES users(id),
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX sessions_user ON sessions(user_id);

      CREATE TABLE api_tokens (
        id INTEGER PRIMARY KEY,
        token_hash TEXT NOT NULL UNIQUE,
        user_id INTEGER NOT NULL REFERENCES users(id),
        label TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );

      -- single-use secrets sent by email; only their sha256 is stored
      CREATE TABLE nonces (
        id INTEGER PRIMARY KEY,
        purpose TEXT NOT NULL CHECK (purpose IN ('password_reset', 'verify_email')),
        nonce_hash TEXT NOT NULL UNIQUE,
        user_id INTEGER NOT NULL REFERENCES users(id),
        email_address TEXT,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        used_at INTEGER
      );

      -- "seen" lasts for one session (or one API token)
      CREATE TABLE popup_seen (
        session_key TEXT NOT NULL,
        user_id INTEGER NOT NULL REFERENCES users(id),
        popup_id TEXT NOT NULL,
        seen_at INTEGER NOT NULL,
        PRIMARY KEY (session_key, popup_id)
      );

      -- "dismissed" lasts for good
      CREATE TABLE popup_dismissed (
        user_id INTEGER NOT NULL REFERENCES users(id),
        popup_id TEXT NOT NULL,
        dismissed_at INTEGER NOT NULL,
        PRIMARY KEY (user_id, popup_id)
      );

      -- electronic delivery consent: append-only
      CREATE TABLE consent_audit (
        id INTEGER PRIMARY KEY,
        borrower_id INTEGER NOT NULL REFERENCES borrowers(id),
        user_id INTEGER NOT NULL REFERENCES users(id),
        action TEXT NOT NULL CHECK (action IN ('opt_in', 'opt_out')),
        email_address TEXT,
        time_zone TEXT,
        browser TEXT,
        os TEXT,
        client_address TEXT NOT NULL,
        user_agent TEXT,
        created_at INTEGER NOT NULL
      );
      CREATE TRIGGER consent_audit_no_update BEFORE UPDATE ON consent_audit
        BEGIN SELECT RAISE(ABORT, 'consent_audit is append-only'); END;
      CREATE TRIGGER consent_audit_no_delete BEFORE DELETE ON consent_audit
        BEGIN SELECT RAISE(ABORT, 'consent_audit is append-only'); END;

      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        to_address TEXT NOT NULL,
        subject TEXT NOT NULL,
        body TEXT NOT NULL,
        -- JSON array of the paths the message links to
        links TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        sent_at INTEGER,
        send_error TEXT
      );
    `,
  },
  {
    version: 2,
    name: 'keyed identity values, expiring tokens, outbox bodies that can be sealed and purged, sign-in failures',
    sql: `
      ALTER TABLE borrowers ADD COLUMN ssn_key TEXT NOT NULL DEFAULT '';
      ALTER TABLE borrowers ADD COLUMN dob_key TEXT NOT NULL DEFAULT '';

      ALTER TABLE api_tokens ADD COLUMN expires_at INTEGER NOT NULL DEFAULT 0;
      UPDATE api_tokens SET expires_at = created_at + 90 * 86400000;
      CREATE INDEX api_tokens_user ON api_tokens(user_id);

      -- body and links: plain text (development mailbox) or sealed with the server secret
      -- (production), and emptied once delivered or once purge_at passes; the rest stays as metadata
      CREATE TABLE outbox_v2 (
        id INTEGER PRIMARY KEY,
        to_address TEXT NOT NULL,
        subject TEXT NOT NULL,
        body TEXT,
        links TEXT,
        sealed INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        purge_at INTEGER NOT NULL,
        sent_at INTEGER,
        send_error TEXT
      );
      INSERT INTO outbox_v2 (id, to_address, subject, body, links, sealed, created_at, purge_at, sent_at, send_error)
        SELECT id, to_address, subject, NULL, NULL, 0, created_at, created_at, sent_at, send_error FROM outbox;
      DROP TABLE outbox;
      ALTER TABLE outbox_v2 RENAME TO outbox;
      CREATE INDEX outbox_purge ON outbox(purge_at) WHERE body IS NOT NULL;

      -- failed sign-ins per username (known or not, so the answer never tells which exist)
      CREATE TABLE login_failures (
        username_key TEXT PRIMARY KEY,
        failures INTEGER NOT NULL,
        window_start INTEGER NOT NULL
      );
    `,
    run(db, keys) {
      const rows = db.prepare('SELECT id, ssn_hash, dob FROM borrowers').all() as Array<{ id: number; ssn_hash: string; dob: string }>;
      const update = db.prepare('UPDATE borrowers SET ssn_key = ?, dob_key = ? WHERE id = ?');
      for (const row of rows) {
        // ssn_hash is ssnDigest(ssn) (server/secrets.ts): keying it needs no digits
        update.run(keys.identity.keyed('ssn', row.ssn_hash), keys.identity.keyed('dob', row.dob), row.id);
      }
      db.exec(`
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
      ALTER TABLE outbox ADD COLUMN next_attempt_at INTEGER;
      -- the lease of the worker sending it: claimable again once claimed_until has passed
      ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
      ALTER TABLE outbox ADD COLUMN claimed_until INTEGER;
      ALTER TABLE outbox ADD COLUMN abandoned_at INTEGER;
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
        window_ends_at INTEGER NOT NULL
      );
      CREATE INDEX rate_limits_window_end ON rate_limits(window_ends_at);
    `,
  },
  {
    version: 5,
    name: 'idle expiry of sessions: the time of their last request',
    sql: `
      -- sessions open at the upgrade start their idle time now rather than being ended at once
      ALTER TABLE sessions ADD COLUMN last_seen_at INTEGER NOT NULL DEFAULT 0;
      UPDATE sessions SET last_seen_at = CAST(strftime('%s', 'now') AS INTEGER) * 1000;
    `,
  },
  {
    version: 6,
    name: 'the language each borrower chose (issue 19)',
    sql: `
      -- 'en', 'es' (src/platform/i18n/locales.ts); null until the borrower registers or uses the
      -- language switch: their emails then go out in English. No CHECK: a language added later
      -- needs no migration, and the server reads anything it does not know as null.
      ALTER TABLE users ADD COLUMN locale TEXT;
    `,
  },
  {
    version: 7,
    name: 'an index on the borrowers\' email addresses, for the address-in-use checks',
    sql: `
      -- check_email_address, request_email_change and the email-change confirmation ask whether
      -- another borrower has the address: without it each scanned every borrower. NOCASE, as the
      -- checks compare (PostgreSQL has had its lower(email_address) index from its first schema).
      CREATE INDEX IF NOT EXISTS borrowers_email ON borrowers(email_address COLLATE NOCASE);
    `,
  },
  {
    version: 8,
    name: 'the disclosures each consent was given to: their language, and their text kept once by its sha256',
    sql: `
      -- every text a borrower agreed to, once: an audit row names it by its sha256
      CREATE TABLE IF NOT EXISTS consent_disclosures (
        sha256 TEXT PRIMARY KEY,
        text TEXT NOT NULL,
        first_agreed_at INTEGER NOT NULL
      );
      CREATE TRIGGER IF NOT EXISTS consent_disclosures_no_update BEFORE UPDATE ON consent_disclosures
        BEGIN SELECT RAISE(ABORT, 'consent_disclosures is append-only'); END;
      CREATE TRIGGER IF NOT EXISTS consent_disclosures_no_delete BEFORE DELETE ON consent_disclosures
        BEGIN SELECT RAISE(ABORT, 'consent_disclosures is append-only'); END;
    `,
    run(db) {
      // SQLite has no ADD COLUMN IF NOT EXISTS: a database that has them (the migration run again) is left as it is
      const columns = new Set((db.prepare('PRAGMA table_info(consent_audit)').all() as Array<{ name: string }>).map(({ name }) => name));
      // the language of the disclosures shown, and their sha256 (consent_disclosures); null on an opt-out
      // and on every row written before this migration
      if (!columns.has('disclosures_locale')) db.exec('ALTER TABLE consent_audit ADD COLUMN disclosures_locale TEXT');
      if (!columns.has('disclosures_sha256')) db.exec('ALTER TABLE consent_audit ADD COLUMN disclosures_sha256 TEXT');
    },
  },
  {
    version: 9,
    name: 'the browsers each user has signed in from, for the notice of a sign-in from another',
    sql: `
      -- browser_key: sha256 of the random lm_browser cookie, as sessions keep theirs
      CREATE TABLE IF NOT EXISTS known_browsers (
        user_id INTEGER NOT NULL REFERENCES users(id),
        browser_key TEXT NOT NULL,
        first_seen_at INTEGER NOT NULL,
        last_seen_at INTEGER NOT NULL,
        PRIMARY KEY (user_id, browser_key)
      );
    `,
  },
  {
    version: 10,
    name: 'the re-authentication window of each session (issue 38)',
    sql: '',
    run(db) {
      // until when the session may change the address on file (user/confirm_password/ opens it for
      // 10 minutes); null: closed. On the session row, so every instance on the database agrees.
      // SQLite has no ADD COLUMN IF NOT EXISTS: a database that has it (the migration run again) is left as it is
      const columns = new Set((db.prepare('PRAGMA table_info(sessions)').all() as Array<{ name: string }>).map(({ name }) => name));
      if (!columns.has('reauth_until')) db.exec('ALTER TABLE sessions ADD COLUMN reauth_until INTEGER');
    },
  },
];
