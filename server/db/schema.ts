/**
 * The tables as both engines hold them, for Kysely's typed queries. Times are integer
 * milliseconds since the epoch. Flags are 0/1 in SQLite and BOOLEAN in PostgreSQL: written as
 * 0/1 (PostgreSQL reads '1' and '0' as booleans), read through `flag()` (./dialect.ts).
 */
import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';

/** A flag: read as 0/1 (SQLite) or true/false (PostgreSQL), written as 0/1. */
export type Flag = ColumnType<number | boolean, 0 | 1 | undefined, 0 | 1>;

export interface Database {
  loans: { loanno: string; property_address: string; monthly_payment_cents: number; next_payment_due: string };
  borrowers: {
    id: Generated<number>;
    firstname: string;
    lastname: string;
    ssn_key: string;
    dob_key: string;
    email_address: string | null;
    email_validated: Flag;
    electdocs: Flag;
    autopay: Flag;
  };
  loan_borrowers: { loanno: string; borrower_id: number; role: 'primary' | 'co' };
  users: { id: Generated<number>; borrower_id: number; username: string; password_hash: string; created_at: number; locale: string | null };
  email_addresses: { borrower_id: number; email_address: string; requested_at: number; validated_at: number | null };
  sessions: {
    id: Generated<number>;
    key_hash: string;
    user_id: number;
    created_at: number;
    expires_at: number;
    last_seen_at: number;
    reauth_until: number | null;
  };
  api_tokens: { id: Generated<number>; token_hash: string; user_id: number; label: string; created_at: number; expires_at: number };
  nonces: {
    id: Generated<number>;
    purpose: 'password_reset' | 'verify_email';
    nonce_hash: string;
    user_id: number;
    email_address: string | null;
    created_at: number;
    expires_at: number;
    used_at: number | null;
  };
  popup_seen: { session_key: string; user_id: number; popup_id: string; seen_at: number };
  popup_dismissed: { user_id: number; popup_id: string; dismissed_at: number };
  consent_audit: {
    id: Generated<number>;
    borrower_id: number;
    user_id: number;
    action: 'opt_in' | 'opt_out';
    email_address: string | null;
    time_zone: string | null;
    browser: string | null;
    os: string | null;
    client_address: string;
    user_agent: string | null;
    created_at: number;
    disclosures_locale: string | null;
    disclosures_sha256: string | null;
  };
  consent_disclosures: { sha256: string; text: string; first_agreed_at: number };
  outbox: {
    id: Generated<number>;
    to_address: string;
    subject: string;
    body: string | null;
    links: string | null;
    sealed: Flag;
    created_at: number;
    purge_at: number;
    sent_at: number | null;
    send_error: string | null;
    attempts: Generated<number>;
    next_attempt_at: number | null;
    claimed_by: string | null;
    claimed_until: number | null;
    abandoned_at: number | null;
  };
  login_failures: { username_key: string; failures: number; window_start: number };
  rate_limits: { key: string; count: number; window_ends_at: number };
  known_browsers: { user_id: number; browser_key: string; first_seen_at: number; last_seen_at: number };
  schema_migrations: { version: number; name: string; applied_at: number };
}

/** The database, or a transaction on it: every repository function takes either. */
export type Db = Kysely<Database> | Transaction<Database>;
