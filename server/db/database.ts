/**
 * The one data-access module. Routes talk to the `PortalStore` interface only and never see SQL.
 * Every method is a business-level operation (multi-step ones run in one transaction) and
 * returns a promise, so a PostgreSQL implementation can replace this SQLite one later
 * without touching the routes.
 */
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { keyedDob, keyedSsn, type IdentityKey } from '../secrets';
import { MIGRATIONS, type Migration } from './migrations';

export interface Borrower {
  id: number;
  firstname: string;
  lastname: string;
  emailAddress: string | null;
  emailValidated: boolean;
  electdocs: boolean;
  autopay: boolean;
}

export interface Loan {
  loanno: string;
  propertyAddress: string;
  monthlyPaymentCents: number;
  /** YYYY-MM-DD */
  nextPaymentDue: string;
  role: 'primary' | 'co';
}

export interface User {
  id: number;
  borrowerId: number;
  username: string;
  passwordHash: string;
}

export interface Account {
  user: User;
  borrower: Borrower;
}

export type NoncePurpose = 'password_reset' | 'verify_email';

export interface NonceRecord {
  id: number;
  purpose: NoncePurpose;
  userId: number;
  emailAddress: string | null;
  expiresAt: number;
}

export interface ConsentRecord {
  borrowerId: number;
  userId: number;
  action: 'opt_in' | 'opt_out';
  emailAddress: string | null;
  timeZone: string | null;
  browser: string | null;
  os: string | null;
  clientAddress: string;
  userAgent: string | null;
  createdAt: number;
}

export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  /** Plain text, sealed text (see `sealed`), or null once delivered or purged. */
  body: string | null;
  /** The JSON list of link paths, sealed or not like the body; null with it. */
  links: string | null;
  sealed: boolean;
  createdAt: number;
  purgeAt: number;
  sentAt: number | null;
  sendError: string | null;
}

/** A sign-in attempt is refused unseen while its username is locked. */
export type LoginThrottle = { locked: false } | { locked: true; retryAfterMs: number };

export type CreateUserResult =
  | { ok: true; user: User }
  | { ok: false; reason: 'already_registered' | 'username_taken' };

/** What seeding needs; kept separate from what routes use. */
export interface SeedBorrower {
  firstname: string;
  lastname: string;
  ssn: string;
  dob: string;
  emailAddress: string | null;
  emailValidated: boolean;
  electdocs: boolean;
  autopay: boolean;
}

export interface PortalStore {
  /** True when the database had no schema before this process opened it. */
  readonly createdFresh: boolean;
  close(): Promise<void>;

  // borrowers, loans and users
  findLoanMatch(loanno: string, ssn: string, dob: string): Promise<{ borrower: Borrower; user: User | null } | null>;
  createUserForBorrower(input: {
    borrowerId: number;
    username: string;
    passwordHash: string;
    emailAddress: string;
    now: number;
  }): Promise<CreateUserResult>;
  findUserByUsername(username: string): Promise<User | null>;
  getAccount(userId: number): Promise<Account | null>;
  loansOfBorrower(borrowerId: number): Promise<Loan[]>;
  /** Whether a borrower other than `borrowerId` who has an account uses this address. */
  emailInUseByOtherUser(emailAddress: string, borrowerId: number): Promise<boolean>;
  isEmailValidated(borrowerId: number, emailAddress: string): Promise<boolean>;
  recordPendingEmail(borrowerId: number, emailAddress: string, now: number): Promise<void>;
  /** Makes an address the one on file; `validated` records whether its owner proved it. */
  setEmailOnFile(borrowerId: number, emailAddress: string, validated: boolean, now: number): Promise<void>;

  // sessions and tokens
  createSession(input: { userId: number; keyHash: string; now: number; expiresAt: number }): Promise<number>;
  findSession(keyHash: string, now: number): Promise<{ id: number; userId: number } | null>;
  deleteSession(id: number): Promise<void>;
  deleteSessionsOfUser(userId: number, exceptSessionId: number | null): Promise<void>;
  createApiToken(input: { userId: number; tokenHash: string; label: string; now: number; expiresAt: number }): Promise<number>;
  /** A token that has not expired. */
  findApiToken(tokenHash: string, now: number): Promise<{ id: number; userId: number } | null>;

  // emailed nonces
  createNonce(input: {
    purpose: NoncePurpose;
    nonceHash: string;
    userId: number;
    emailAddress: string | null;
    now: number;
    expiresAt: number;
  }): Promise<void>;
  findUsableNonce(purpose: NoncePurpose, nonceHash: string, now: number): Promise<NonceRecord | null>;
  /** Consumes the nonce, sets the password, voids other reset links, ends the other sessions,
   * revokes every API token and clears the sign-in lockout. */
  completePasswordReset(input: {
    nonceHash: string;
    passwordHash: string;
    now: number;
    keepSessionId: number | null;
  }): Promise<{ userId: number; username: string } | null>;
  /** Consumes the nonce and makes its address the validated address on file, unless another
   * account has taken the address since the link was sent. */
  completeEmailVerification(
    nonceHash: string,
    now: number,
  ): Promise<{ ok: true; userId: number; emailAddress: string } | { ok: false; reason: 'invalid' | 'in_use' }>;
  /** Stores a rehashed password (stronger parameters) if the old hash is still the one on file. */
  updatePasswordHash(userId: number, oldHash: string, newHash: string): Promise<void>;

  // sign-in throttling, keyed by a hash of the lower-cased username
  loginThrottle(usernameKey: string, now: number): Promise<LoginThrottle>;
  recordLoginFailure(usernameKey: string, now: number): Promise<void>;
  clearLoginFailures(usernameKey: string): Promise<void>;

  // go green
  setElectdocs(borrowerId: number, electdocs: boolean, consent: ConsentRecord): Promise<void>;
  consentAudit(borrowerId: number): Promise<ConsentRecord[]>;

  // popups
  markPopupSeen(sessionKey: string, userId: number, popupId: string, now: number): Promise<void>;
  seenPopups(sessionKey: string): Promise<Set<string>>;
  dismissPopup(userId: number, popupId: string, now: number): Promise<void>;
  dismissedPopups(userId: number): Promise<Set<string>>;

  // mail
  addToOutbox(message: {
    to: string;
    subject: string;
    body: string;
    links: string;
    sealed: boolean;
    now: number;
    purgeAt: number;
  }): Promise<number>;
  /** Records the delivery; `keepBody` false empties the body and links at once. */
  markOutboxSent(id: number, now: number, error: string | null, keepBody: boolean): Promise<void>;
  /** Empties the body and links of every message whose purge time has passed; returns how many. */
  purgeOutbox(now: number): Promise<number>;
  listOutbox(limit: number): Promise<OutboxMessage[]>;

  // seeding
  seedLoan(loan: Omit<Loan, 'role'>): Promise<void>;
  seedBorrower(borrower: SeedBorrower, loans: ReadonlyArray<{ loanno: string; role: 'primary' | 'co' }>): Promise<number>;
}

interface BorrowerRow {
  id: number;
  firstname: string;
  lastname: string;
  email_address: string | null;
  email_validated: number;
  electdocs: number;
  autopay: number;
}

interface UserRow {
  id: number;
  borrower_id: number;
  username: string;
  password_hash: string;
}

interface ConsentRow {
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
}

const toBorrower = (row: BorrowerRow): Borrower => ({
  id: row.id,
  firstname: row.firstname,
  lastname: row.lastname,
  emailAddress: row.email_address,
  emailValidated: row.email_validated === 1,
  electdocs: row.electdocs === 1,
  autopay: row.autopay === 1,
});

const toUser = (row: UserRow): User => ({
  id: row.id,
  borrowerId: row.borrower_id,
  username: row.username,
  passwordHash: row.password_hash,
});

function runMigrations(db: BetterSqlite3.Database, migrations: readonly Migration[], identity: IdentityKey): boolean {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  )`);
  const row = db.prepare('SELECT MAX(version) AS version FROM schema_migrations').get() as { version: number | null };
  const current = row.version ?? 0;
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      migration.run?.(db, { identity });
      record.run(migration.version, migration.name, Date.now());
    })();
  }
  return current === 0;
}

export interface StoreOptions {
  /** The keys of the SSN and date of birth, current first. */
  identity: readonly IdentityKey[];
  /** Sign-in lockout: this many failures within the window lock the username for the rest of it. */
  lockout: { failures: number; windowMs: number };
}

/** Opens (creating if needed) the SQLite file in WAL mode and brings its schema up to date. */
export function openDatabase(databasePath: string, { identity, lockout }: StoreOptions): PortalStore {
  if (databasePath !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(databasePath)), { recursive: true });
  const current = identity[0];
  if (!current) throw new Error('openDatabase needs at least one identity key');
  const db = new BetterSqlite3(databasePath);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // Deleted and overwritten content is zeroed, not left in free pages: a purged mail body or a
  // dropped column must not be readable from the file.
  db.pragma('secure_delete = ON');
  const createdFresh = runMigrations(db, MIGRATIONS, current);
  // Old page images (from before a migration rewrote a table) leave the WAL.
  db.pragma('wal_checkpoint(TRUNCATE)');
  return new SqliteStore(db, createdFresh, identity, lockout);
}

class SqliteStore implements PortalStore {
  constructor(
    private readonly db: BetterSqlite3.Database,
    readonly createdFresh: boolean,
    private readonly identity: readonly IdentityKey[],
    private readonly lockout: StoreOptions['lockout'],
  ) {}

  async close() {
    if (this.db.open) this.db.close();
  }

  private borrowerById(id: number): Borrower | null {
    const row = this.db.prepare('SELECT * FROM borrowers WHERE id = ?').get(id) as BorrowerRow | undefined;
    return row ? toBorrower(row) : null;
  }

  private userByBorrower(borrowerId: number): User | null {
    const row = this.db.prepare('SELECT * FROM users WHERE borrower_id = ?').get(borrowerId) as UserRow | undefined;
    return row ? toUser(row) : null;
  }

  /** Tries the current key, then the previous one (a rotation under way), and moves a row found
   * under the previous key to the current one. */
  async findLoanMatch(loanno: string, ssn: string, dob: string) {
    const find = this.db.prepare(
      `SELECT b.* FROM borrowers b JOIN loan_borrowers lb ON lb.borrower_id = b.id
       WHERE lb.loanno = ? AND b.ssn_key = ? AND b.dob_key = ?`,
    );
    for (const [index, key] of this.identity.entries()) {
      const row = find.get(loanno, keyedSsn(key, ssn), keyedDob(key, dob)) as BorrowerRow | undefined;
      if (!row) continue;
      if (index > 0) this.keyIdentity(row.id, ssn, dob);
      return { borrower: toBorrower(row), user: this.userByBorrower(row.id) };
    }
    return null;
  }

  private keyIdentity(borrowerId: number, ssn: string, dob: string) {
    const current = this.identity[0]!;
    this.db
      .prepare('UPDATE borrowers SET ssn_key = ?, dob_key = ? WHERE id = ?')
      .run(keyedSsn(current, ssn), keyedDob(current, dob), borrowerId);
  }

  async createUserForBorrower(input: {
    borrowerId: number;
    username: string;
    passwordHash: string;
    emailAddress: string;
    now: number;
  }): Promise<CreateUserResult> {
    return this.db.transaction((): CreateUserResult => {
      if (this.userByBorrower(input.borrowerId)) return { ok: false, reason: 'already_registered' };
      const taken = this.db.prepare('SELECT 1 FROM users WHERE username = ?').get(input.username);
      if (taken) return { ok: false, reason: 'username_taken' };
      const result = this.db
        .prepare('INSERT INTO users (borrower_id, username, password_hash, created_at) VALUES (?, ?, ?, ?)')
        .run(input.borrowerId, input.username, input.passwordHash, input.now);
      const validated = this.isEmailValidatedSync(input.borrowerId, input.emailAddress);
      this.setEmailOnFileSync(input.borrowerId, input.emailAddress, validated, input.now);
      return {
        ok: true,
        user: {
          id: Number(result.lastInsertRowid),
          borrowerId: input.borrowerId,
          username: input.username,
          passwordHash: input.passwordHash,
        },
      };
    })();
  }

  async findUserByUsername(username: string) {
    const row = this.db.prepare('SELECT * FROM users WHERE username = ?').get(username) as UserRow | undefined;
    return row ? toUser(row) : null;
  }

  async getAccount(userId: number) {
    const row = this.db.prepare('SELECT * FROM users WHERE id = ?').get(userId) as UserRow | undefined;
    if (!row) return null;
    const borrower = this.borrowerById(row.borrower_id);
    return borrower ? { user: toUser(row), borrower } : null;
  }

  async loansOfBorrower(borrowerId: number): Promise<Loan[]> {
    const rows = this.db
      .prepare(
        `SELECT l.loanno, l.property_address, l.monthly_payment_cents, l.next_payment_due, lb.role
         FROM loans l JOIN loan_borrowers lb ON lb.loanno = l.loanno
         WHERE lb.borrower_id = ? ORDER BY l.loanno`,
      )
      .all(borrowerId) as Array<{
      loanno: string;
      property_address: string;
      monthly_payment_cents: number;
      next_payment_due: string;
      role: 'primary' | 'co';
    }>;
    return rows.map((row) => ({
      loanno: row.loanno,
      propertyAddress: row.property_address,
      monthlyPaymentCents: row.monthly_payment_cents,
      nextPaymentDue: row.next_payment_due,
      role: row.role,
    }));
  }

  async emailInUseByOtherUser(emailAddress: string, borrowerId: number) {
    return this.emailInUseByOtherUserSync(emailAddress, borrowerId);
  }

  private emailInUseByOtherUserSync(emailAddress: string, borrowerId: number) {
    const row = this.db
      .prepare(
        `SELECT 1 FROM borrowers b JOIN users u ON u.borrower_id = b.id
         WHERE b.email_address = ? COLLATE NOCASE AND b.id <> ?`,
      )
      .get(emailAddress, borrowerId);
    return row !== undefined;
  }

  private isEmailValidatedSync(borrowerId: number, emailAddress: string): boolean {
    const onFile = this.db
      .prepare('SELECT 1 FROM borrowers WHERE id = ? AND email_address = ? COLLATE NOCASE AND email_validated = 1')
      .get(borrowerId, emailAddress);
    if (onFile) return true;
    const proven = this.db
      .prepare(
        `SELECT 1 FROM email_addresses
         WHERE borrower_id = ? AND email_address = ? COLLATE NOCASE AND validated_at IS NOT NULL`,
      )
      .get(borrowerId, emailAddress);
    return proven !== undefined;
  }

  async isEmailValidated(borrowerId: number, emailAddress: string) {
    return this.isEmailValidatedSync(borrowerId, emailAddress);
  }

  async recordPendingEmail(borrowerId: number, emailAddress: string, now: number) {
    this.db
      .prepare(
        `INSERT INTO email_addresses (borrower_id, email_address, requested_at) VALUES (?, ?, ?)
         ON CONFLICT (borrower_id, email_address) DO UPDATE SET requested_at = excluded.requested_at`,
      )
      .run(borrowerId, emailAddress, now);
  }

  private setEmailOnFileSync(borrowerId: number, emailAddress: string, validated: boolean, now: number) {
    this.db
      .prepare('UPDATE borrowers SET email_address = ?, email_validated = ? WHERE id = ?')
      .run(emailAddress, validated ? 1 : 0, borrowerId);
    this.db
      .prepare(
        `INSERT INTO email_addresses (borrower_id, email_address, requested_at, validated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (borrower_id, email_address)
         DO UPDATE SET validated_at = COALESCE(email_addresses.validated_at, excluded.validated_at)`,
      )
      .run(borrowerId, emailAddress, now, validated ? now : null);
  }

  async setEmailOnFile(borrowerId: number, emailAddress: string, validated: boolean, now: number) {
    this.db.transaction(() => this.setEmailOnFileSync(borrowerId, emailAddress, validated, now))();
  }

  async createSession(input: { userId: number; keyHash: string; now: number; expiresAt: number }) {
    this.db.prepare('DELETE FROM sessions WHERE expires_at <= ?').run(input.now);
    const result = this.db
      .prepare('INSERT INTO sessions (key_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)')
      .run(input.keyHash, input.userId, input.now, input.expiresAt);
    return Number(result.lastInsertRowid);
  }

  async findSession(keyHash: string, now: number) {
    const row = this.db
      .prepare('SELECT id, user_id FROM sessions WHERE key_hash = ? AND expires_at > ?')
      .get(keyHash, now) as { id: number; user_id: number } | undefined;
    return row ? { id: row.id, userId: row.user_id } : null;
  }

  async deleteSession(id: number) {
    this.db.prepare('DELETE FROM sessions WHERE id = ?').run(id);
  }

  async deleteSessionsOfUser(userId: number, exceptSessionId: number | null) {
    this.db.prepare('DELETE FROM sessions WHERE user_id = ? AND id IS NOT ?').run(userId, exceptSessionId);
  }

  async createApiToken(input: { userId: number; tokenHash: string; label: string; now: number; expiresAt: number }) {
    const result = this.db
      .prepare('INSERT INTO api_tokens (token_hash, user_id, label, created_at, expires_at) VALUES (?, ?, ?, ?, ?)')
      .run(input.tokenHash, input.userId, input.label, input.now, input.expiresAt);
    return Number(result.lastInsertRowid);
  }

  async findApiToken(tokenHash: string, now: number) {
    const row = this.db
      .prepare('SELECT id, user_id FROM api_tokens WHERE token_hash = ? AND expires_at > ?')
      .get(tokenHash, now) as { id: number; user_id: number } | undefined;
    return row ? { id: row.id, userId: row.user_id } : null;
  }

  async createNonce(input: {
    purpose: NoncePurpose;
    nonceHash: string;
    userId: number;
    emailAddress: string | null;
    now: number;
    expiresAt: number;
  }) {
    this.db
      .prepare(
        `INSERT INTO nonces (purpose, nonce_hash, user_id, email_address, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(input.purpose, input.nonceHash, input.userId, input.emailAddress, input.now, input.expiresAt);
  }

  private usableNonce(purpose: NoncePurpose, nonceHash: string, now: number): NonceRecord | null {
    const row = this.db
      .prepare(
        `SELECT id, purpose, user_id, email_address, expires_at FROM nonces
         WHERE purpose = ? AND nonce_hash = ? AND used_at IS NULL AND expires_at > ?`,
      )
      .get(purpose, nonceHash, now) as
      | { id: number; purpose: NoncePurpose; user_id: number; email_address: string | null; expires_at: number }
      | undefined;
    return row
      ? {
          id: row.id,
          purpose: row.purpose,
          userId: row.user_id,
          emailAddress: row.email_address,
          expiresAt: row.expires_at,
        }
      : null;
  }

  async findUsableNonce(purpose: NoncePurpose, nonceHash: string, now: number) {
    return this.usableNonce(purpose, nonceHash, now);
  }

  async completePasswordReset(input: {
    nonceHash: string;
    passwordHash: string;
    now: number;
    keepSessionId: number | null;
  }) {
    return this.db.transaction(() => {
      const nonce = this.usableNonce('password_reset', input.nonceHash, input.now);
      if (!nonce) return null;
      this.db
        .prepare(
          `UPDATE nonces SET used_at = ? WHERE user_id = ? AND purpose = 'password_reset' AND used_at IS NULL`,
        )
        .run(input.now, nonce.userId);
      this.db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(input.passwordHash, nonce.userId);
      this.db
        .prepare('DELETE FROM sessions WHERE user_id = ? AND id IS NOT ?')
        .run(nonce.userId, input.keepSessionId);
      this.db.prepare('DELETE FROM api_tokens WHERE user_id = ?').run(nonce.userId);
      const user = this.db.prepare('SELECT username FROM users WHERE id = ?').get(nonce.userId) as
        | { username: string }
        | undefined;
      return { userId: nonce.userId, username: user?.username ?? '' };
    })();
  }

  async updatePasswordHash(userId: number, oldHash: string, newHash: string) {
    this.db.prepare('UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?').run(newHash, userId, oldHash);
  }

  async loginThrottle(usernameKey: string, now: number): Promise<LoginThrottle> {
    const row = this.db.prepare('SELECT failures, window_start FROM login_failures WHERE username_key = ?').get(usernameKey) as
      | { failures: number; window_start: number }
      | undefined;
    if (!row) return { locked: false };
    const windowEnd = row.window_start + this.lockout.windowMs;
    if (now >= windowEnd || row.failures < this.lockout.failures) return { locked: false };
    return { locked: true, retryAfterMs: windowEnd - now };
  }

  async recordLoginFailure(usernameKey: string, now: number) {
    this.db
      .prepare(
        `INSERT INTO login_failures (username_key, failures, window_start) VALUES (?, 1, ?)
         ON CONFLICT (username_key) DO UPDATE SET
           failures = CASE WHEN login_failures.window_start + ? <= excluded.window_start THEN 1 ELSE login_failures.failures + 1 END,
           window_start = CASE WHEN login_failures.window_start + ? <= excluded.window_start
             THEN excluded.window_start ELSE login_failures.window_start END`,
      )
      .run(usernameKey, now, this.lockout.windowMs, this.lockout.windowMs);
    this.db.prepare('DELETE FROM login_failures WHERE window_start + ? <= ?').run(this.lockout.windowMs, now);
  }

  async clearLoginFailures(usernameKey: string) {
    this.db.prepare('DELETE FROM login_failures WHERE username_key = ?').run(usernameKey);
  }

  async completeEmailVerification(nonceHash: string, now: number) {
    type Result = { ok: true; userId: number; emailAddress: string } | { ok: false; reason: 'invalid' | 'in_use' };
    return this.db.transaction((): Result => {
      const nonce = this.usableNonce('verify_email', nonceHash, now);
      if (!nonce?.emailAddress) return { ok: false, reason: 'invalid' };
      const user = this.db.prepare('SELECT borrower_id FROM users WHERE id = ?').get(nonce.userId) as
        | { borrower_id: number }
        | undefined;
      if (!user) return { ok: false, reason: 'invalid' };
      // Another account may have registered or verified the address since the link was sent.
      if (this.emailInUseByOtherUserSync(nonce.emailAddress, user.borrower_id)) return { ok: false, reason: 'in_use' };
      this.db.prepare('UPDATE nonces SET used_at = ? WHERE id = ?').run(now, nonce.id);
      this.setEmailOnFileSync(user.borrower_id, nonce.emailAddress, true, now);
      this.db
        .prepare(
          `UPDATE email_addresses SET validated_at = COALESCE(validated_at, ?)
           WHERE borrower_id = ? AND email_address = ? COLLATE NOCASE`,
        )
        .run(now, user.borrower_id, nonce.emailAddress);
      return { ok: true, userId: nonce.userId, emailAddress: nonce.emailAddress };
    })();
  }

  async setElectdocs(borrowerId: number, electdocs: boolean, consent: ConsentRecord) {
    this.db.transaction(() => {
      this.db.prepare('UPDATE borrowers SET electdocs = ? WHERE id = ?').run(electdocs ? 1 : 0, borrowerId);
      this.db
        .prepare(
          `INSERT INTO consent_audit (borrower_id, user_id, action, email_address, time_zone, browser, os,
             client_address, user_agent, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          consent.borrowerId,
          consent.userId,
          consent.action,
          consent.emailAddress,
          consent.timeZone,
          consent.browser,
          consent.os,
          consent.clientAddress,
          consent.userAgent,
          consent.createdAt,
        );
    })();
  }

  async consentAudit(borrowerId: number): Promise<ConsentRecord[]> {
    const rows = this.db
      .prepare('SELECT * FROM consent_audit WHERE borrower_id = ? ORDER BY id')
      .all(borrowerId) as ConsentRow[];
    return rows.map((row) => ({
      borrowerId: row.borrower_id,
      userId: row.user_id,
      action: row.action,
      emailAddress: row.email_address,
      timeZone: row.time_zone,
      browser: row.browser,
      os: row.os,
      clientAddress: row.client_address,
      userAgent: row.user_agent,
      createdAt: row.created_at,
    }));
  }

  async markPopupSeen(sessionKey: string, userId: number, popupId: string, now: number) {
    this.db
      .prepare(
        `INSERT INTO popup_seen (session_key, user_id, popup_id, seen_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (session_key, popup_id) DO NOTHING`,
      )
      .run(sessionKey, userId, popupId, now);
  }

  async seenPopups(sessionKey: string) {
    const rows = this.db.prepare('SELECT popup_id FROM popup_seen WHERE session_key = ?').all(sessionKey) as Array<{
      popup_id: string;
    }>;
    return new Set(rows.map((row) => row.popup_id));
  }

  async dismissPopup(userId: number, popupId: string, now: number) {
    this.db
      .prepare(
        `INSERT INTO popup_dismissed (user_id, popup_id, dismissed_at) VALUES (?, ?, ?)
         ON CONFLICT (user_id, popup_id) DO NOTHING`,
      )
      .run(userId, popupId, now);
  }

  async dismissedPopups(userId: number) {
    const rows = this.db.prepare('SELECT popup_id FROM popup_dismissed WHERE user_id = ?').all(userId) as Array<{
      popup_id: string;
    }>;
    return new Set(rows.map((row) => row.popup_id));
  }

  async addToOutbox(message: {
    to: string;
    subject: string;
    body: string;
    links: string;
    sealed: boolean;
    now: number;
    purgeAt: number;
  }) {
    const result = this.db
      .prepare(
        `INSERT INTO outbox (to_address, subject, body, links, sealed, created_at, purge_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(message.to, message.subject, message.body, message.links, message.sealed ? 1 : 0, message.now, message.purgeAt);
    return Number(result.lastInsertRowid);
  }

  async markOutboxSent(id: number, now: number, error: string | null, keepBody: boolean) {
    this.db
      .prepare(
        `UPDATE outbox SET sent_at = ?, send_error = ?,
           body = CASE WHEN ? THEN body ELSE NULL END, links = CASE WHEN ? THEN links ELSE NULL END
         WHERE id = ?`,
      )
      .run(error === null ? now : null, error, keepBody ? 1 : 0, keepBody ? 1 : 0, id);
  }

  async purgeOutbox(now: number) {
    return this.db.prepare('UPDATE outbox SET body = NULL, links = NULL WHERE body IS NOT NULL AND purge_at <= ?').run(now)
      .changes;
  }

  async listOutbox(limit: number): Promise<OutboxMessage[]> {
    const rows = this.db.prepare('SELECT * FROM outbox ORDER BY id DESC LIMIT ?').all(limit) as Array<{
      id: number;
      to_address: string;
      subject: string;
      body: string | null;
      links: string | null;
      sealed: number;
      created_at: number;
      purge_at: number;
      sent_at: number | null;
      send_error: string | null;
    }>;
    return rows.map((row) => ({
      id: row.id,
      to: row.to_address,
      subject: row.subject,
      body: row.body,
      links: row.links,
      sealed: row.sealed === 1,
      createdAt: row.created_at,
      purgeAt: row.purge_at,
      sentAt: row.sent_at,
      sendError: row.send_error,
    }));
  }

  async seedLoan(loan: Omit<Loan, 'role'>) {
    this.db
      .prepare(
        `INSERT INTO loans (loanno, property_address, monthly_payment_cents, next_payment_due) VALUES (?, ?, ?, ?)`,
      )
      .run(loan.loanno, loan.propertyAddress, loan.monthlyPaymentCents, loan.nextPaymentDue);
  }

  async seedBorrower(borrower: SeedBorrower, loans: ReadonlyArray<{ loanno: string; role: 'primary' | 'co' }>) {
    return this.db.transaction(() => {
      const result = this.db
        .prepare(
          `INSERT INTO borrowers (firstname, lastname, ssn_key, dob_key, email_address, email_validated, electdocs, autopay)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          borrower.firstname,
          borrower.lastname,
          keyedSsn(this.identity[0]!, borrower.ssn),
          keyedDob(this.identity[0]!, borrower.dob),
          borrower.emailAddress,
          borrower.emailValidated ? 1 : 0,
          borrower.electdocs ? 1 : 0,
          borrower.autopay ? 1 : 0,
        );
      const id = Number(result.lastInsertRowid);
      const link = this.db.prepare('INSERT INTO loan_borrowers (loanno, borrower_id, role) VALUES (?, ?, ?)');
      for (const loan of loans) link.run(loan.loanno, id, loan.role);
      return id;
    })();
  }
}
