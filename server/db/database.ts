/**
 * The one data-access module. Routes talk to the `PortalStore` interface only and never see SQL.
 * Every method is a business-level operation (multi-step ones run in one transaction) and
 * returns a promise, so a PostgreSQL implementation can replace this SQLite one later
 * without touching the routes.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { MIGRATIONS, type Migration } from './migrations';

export interface Borrower {
  id: number;
  firstname: string;
  lastname: string;
  /** YYYY-MM-DD */
  dob: string;
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
  body: string;
  links: string[];
  createdAt: number;
  sentAt: number | null;
  sendError: string | null;
}

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
  createApiToken(input: { userId: number; tokenHash: string; label: string; now: number }): Promise<number>;
  findApiToken(tokenHash: string): Promise<{ id: number; userId: number } | null>;

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
  /** Consumes the nonce, sets the password, voids other reset links and ends the other sessions. */
  completePasswordReset(input: {
    nonceHash: string;
    passwordHash: string;
    now: number;
    keepSessionId: number | null;
  }): Promise<{ userId: number } | null>;
  /** Consumes the nonce and makes its address the validated address on file. */
  completeEmailVerification(nonceHash: string, now: number): Promise<{ userId: number; emailAddress: string } | null>;

  // go green
  setElectdocs(borrowerId: number, electdocs: boolean, consent: ConsentRecord): Promise<void>;
  consentAudit(borrowerId: number): Promise<ConsentRecord[]>;

  // popups
  markPopupSeen(sessionKey: string, userId: number, popupId: string, now: number): Promise<void>;
  seenPopups(sessionKey: string): Promise<Set<string>>;
  dismissPopup(userId: number, popupId: string, now: number): Promise<void>;
  dismissedPopups(userId: number): Promise<Set<string>>;

  // mail
  addToOutbox(message: { to: string; subject: string; body: string; links: string[]; now: number }): Promise<number>;
  markOutboxSent(id: number, now: number, error: string | null): Promise<void>;
  listOutbox(limit: number): Promise<OutboxMessage[]>;

  // seeding
  seedLoan(loan: Omit<Loan, 'role'>): Promise<void>;
  seedBorrower(borrower: SeedBorrower, loans: ReadonlyArray<{ loanno: string; role: 'primary' | 'co' }>): Promise<number>;
}

/** The SSN is matched by its hash; the digits are never written to disk. */
export function ssnHash(ssn: string): string {
  return createHash('sha256').update(`loanmanager-ssn:${ssn}`).digest('hex');
}

interface BorrowerRow {
  id: number;
  firstname: string;
  lastname: string;
  dob: string;
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
  dob: row.dob,
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

function runMigrations(db: BetterSqlite3.Database, migrations: readonly Migration[]): boolean {
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
      record.run(migration.version, migration.name, Date.now());
    })();
  }
  return current === 0;
}

/** Opens (creating if needed) the SQLite file in WAL mode and brings its schema up to date. */
export function openDatabase(databasePath: string): PortalStore {
  if (databasePath !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(databasePath)), { recursive: true });
  const db = new BetterSqlite3(databasePath);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const createdFresh = runMigrations(db, MIGRATIONS);
  return new SqliteStore(db, createdFresh);
}

class SqliteStore implements PortalStore {
  constructor(
    private readonly db: BetterSqlite3.Database,
    readonly createdFresh: boolean,
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

  async findLoanMatch(loanno: string, ssn: string, dob: string) {
    const row = this.db
      .prepare(
        `SELECT b.* FROM borrowers b JOIN loan_borrowers lb ON lb.borrower_id = b.id
         WHERE lb.loanno = ? AND b.ssn_hash = ? AND b.dob = ?`,
      )
      .get(loanno, ssnHash(ssn), dob) as BorrowerRow | undefined;
    if (!row) return null;
    return { borrower: toBorrower(row), user: this.userByBorrower(row.id) };
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

  async createApiToken(input: { userId: number; tokenHash: string; label: string; now: number }) {
    const result = this.db
      .prepare('INSERT INTO api_tokens (token_hash, user_id, label, created_at) VALUES (?, ?, ?, ?)')
      .run(input.tokenHash, input.userId, input.label, input.now);
    return Number(result.lastInsertRowid);
  }

  async findApiToken(tokenHash: string) {
    const row = this.db.prepare('SELECT id, user_id FROM api_tokens WHERE token_hash = ?').get(tokenHash) as
      | { id: number; user_id: number }
      | undefined;
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
      return { userId: nonce.userId };
    })();
  }

  async completeEmailVerification(nonceHash: string, now: number) {
    return this.db.transaction(() => {
      const nonce = this.usableNonce('verify_email', nonceHash, now);
      if (!nonce?.emailAddress) return null;
      this.db.prepare('UPDATE nonces SET used_at = ? WHERE id = ?').run(now, nonce.id);
      const user = this.db.prepare('SELECT borrower_id FROM users WHERE id = ?').get(nonce.userId) as
        | { borrower_id: number }
        | undefined;
      if (!user) return null;
      this.setEmailOnFileSync(user.borrower_id, nonce.emailAddress, true, now);
      this.db
        .prepare(
          `UPDATE email_addresses SET validated_at = COALESCE(validated_at, ?)
           WHERE borrower_id = ? AND email_address = ? COLLATE NOCASE`,
        )
        .run(now, user.borrower_id, nonce.emailAddress);
      return { userId: nonce.userId, emailAddress: nonce.emailAddress };
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

  async addToOutbox(message: { to: string; subject: string; body: string; links: string[]; now: number }) {
    const result = this.db
      .prepare('INSERT INTO outbox (to_address, subject, body, links, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(message.to, message.subject, message.body, JSON.stringify(message.links), message.now);
    return Number(result.lastInsertRowid);
  }

  async markOutboxSent(id: number, now: number, error: string | null) {
    this.db
      .prepare('UPDATE outbox SET sent_at = ?, send_error = ? WHERE id = ?')
      .run(error === null ? now : null, error, id);
  }

  async listOutbox(limit: number): Promise<OutboxMessage[]> {
    const rows = this.db.prepare('SELECT * FROM outbox ORDER BY id DESC LIMIT ?').all(limit) as Array<{
      id: number;
      to_address: string;
      subject: string;
      body: string;
      links: string;
      created_at: number;
      sent_at: number | null;
      send_error: string | null;
    }>;
    return rows.map((row) => ({
      id: row.id,
      to: row.to_address,
      subject: row.subject,
      body: row.body,
      links: JSON.parse(row.links) as string[],
      createdAt: row.created_at,
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
          `INSERT INTO borrowers (firstname, lastname, ssn_hash, dob, email_address, email_validated, electdocs, autopay)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          borrower.firstname,
          borrower.lastname,
          ssnHash(borrower.ssn),
          borrower.dob,
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
