/** Borrowers, their loans, their users and their email addresses, in SQLite (and the demo seed). */
import type { Database } from 'better-sqlite3';
import { isLocale, type Locale } from '../../../src/platform/i18n/locales';
import { keyedDob, keyedSsn, type IdentityKey } from '../../secrets';
import type { Account, AccountsStore, Borrower, CreateUserResult, Loan, SeedBorrower, User } from '../store';

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
  locale: string | null;
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
  // a language this build does not know (a newer instance saved it) is no choice
  locale: isLocale(row.locale) ? row.locale : null,
});

/** The columns of an account (its user `u` joined to its borrower `b`), read by `accountOf`. */
export const ACCOUNT_COLUMNS = `u.id AS u_id, u.borrower_id, u.username, u.password_hash, u.locale, b.firstname, b.lastname,
  b.email_address, b.email_validated, b.electdocs, b.autopay`;

export interface AccountRow {
  u_id: number;
  borrower_id: number;
  username: string;
  password_hash: string;
  locale: string | null;
  firstname: string;
  lastname: string;
  email_address: string | null;
  email_validated: number;
  electdocs: number;
  autopay: number;
}

export const accountOf = (row: AccountRow): Account => ({
  user: toUser({ ...row, id: row.u_id }),
  borrower: toBorrower({ ...row, id: row.borrower_id }),
});

function userByBorrower(db: Database, borrowerId: number): User | null {
  const row = db.prepare('SELECT * FROM users WHERE borrower_id = ?').get(borrowerId) as UserRow | undefined;
  return row ? toUser(row) : null;
}

function keyIdentity(db: Database, identity: readonly IdentityKey[], borrowerId: number, ssn: string, dob: string) {
  const current = identity[0]!;
  db
    .prepare('UPDATE borrowers SET ssn_key = ?, dob_key = ? WHERE id = ?')
    .run(keyedSsn(current, ssn), keyedDob(current, dob), borrowerId);
}

/** Another borrower with a sign-in has this address (read through the `borrowers_email` index, migration 7). */
export const EMAIL_IN_USE_BY_OTHER_USER_SQL = `SELECT 1 FROM borrowers b JOIN users u ON u.borrower_id = b.id
       WHERE b.email_address = ? COLLATE NOCASE AND b.id <> ?`;

export function emailInUseByOtherUserSync(db: Database, emailAddress: string, borrowerId: number) {
  const row = db.prepare(EMAIL_IN_USE_BY_OTHER_USER_SQL).get(emailAddress, borrowerId);
  return row !== undefined;
}

function isEmailValidatedSync(db: Database, borrowerId: number, emailAddress: string): boolean {
  const onFile = db
    .prepare('SELECT 1 FROM borrowers WHERE id = ? AND email_address = ? COLLATE NOCASE AND email_validated = 1')
    .get(borrowerId, emailAddress);
  if (onFile) return true;
  const proven = db
    .prepare(
      `SELECT 1 FROM email_addresses
       WHERE borrower_id = ? AND email_address = ? COLLATE NOCASE AND validated_at IS NOT NULL`,
    )
    .get(borrowerId, emailAddress);
  return proven !== undefined;
}

export function setEmailOnFileSync(db: Database, borrowerId: number, emailAddress: string, validated: boolean, now: number) {
  db
    .prepare('UPDATE borrowers SET email_address = ?, email_validated = ? WHERE id = ?')
    .run(emailAddress, validated ? 1 : 0, borrowerId);
  db
    .prepare(
      `INSERT INTO email_addresses (borrower_id, email_address, requested_at, validated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (borrower_id, email_address)
       DO UPDATE SET validated_at = COALESCE(email_addresses.validated_at, excluded.validated_at)`,
    )
    .run(borrowerId, emailAddress, now, validated ? now : null);
}

/** `identity`: the keys of the SSN and date of birth, current first. */
export function sqliteAccounts(db: Database, identity: readonly IdentityKey[]): AccountsStore {
  return {
    /** Tries the current key, then the previous one (a rotation under way), and moves a row found
     * under the previous key to the current one. */
    async findLoanMatch(loanno: string, ssn: string, dob: string) {
      const find = db.prepare(
        `SELECT b.* FROM borrowers b JOIN loan_borrowers lb ON lb.borrower_id = b.id
         WHERE lb.loanno = ? AND b.ssn_key = ? AND b.dob_key = ?`,
      );
      for (const [index, key] of identity.entries()) {
        const row = find.get(loanno, keyedSsn(key, ssn), keyedDob(key, dob)) as BorrowerRow | undefined;
        if (!row) continue;
        if (index > 0) keyIdentity(db, identity, row.id, ssn, dob);
        return { borrower: toBorrower(row), user: userByBorrower(db, row.id) };
      }
      return null;
    },

    async createUserForBorrower(input) {
      return db.transaction((): CreateUserResult => {
        if (userByBorrower(db, input.borrowerId)) return { ok: false, reason: 'already_registered' };
        const taken = db.prepare('SELECT 1 FROM users WHERE username = ?').get(input.username);
        if (taken) return { ok: false, reason: 'username_taken' };
        const result = db
          .prepare('INSERT INTO users (borrower_id, username, password_hash, created_at, locale) VALUES (?, ?, ?, ?, ?)')
          .run(input.borrowerId, input.username, input.passwordHash, input.now, input.locale ?? null);
        const validated = isEmailValidatedSync(db, input.borrowerId, input.emailAddress);
        setEmailOnFileSync(db, input.borrowerId, input.emailAddress, validated, input.now);
        return {
          ok: true,
          user: {
            id: Number(result.lastInsertRowid),
            borrowerId: input.borrowerId,
            username: input.username,
            passwordHash: input.passwordHash,
            locale: input.locale ?? null,
          },
        };
      })();
    },

    async findUserByUsername(username: string) {
      const row = db.prepare('SELECT * FROM users WHERE username = ?').get(username) as UserRow | undefined;
      return row ? toUser(row) : null;
    },

    async getAccount(userId: number) {
      // one statement for both rows: every signed-in request asks
      const row = db
        .prepare(`SELECT ${ACCOUNT_COLUMNS} FROM users u JOIN borrowers b ON b.id = u.borrower_id WHERE u.id = ?`)
        .get(userId) as AccountRow | undefined;
      return row ? accountOf(row) : null;
    },

    async setUserLocale(userId: number, locale: Locale) {
      db.prepare('UPDATE users SET locale = ? WHERE id = ?').run(locale, userId);
    },

    async loansOfBorrower(borrowerId: number): Promise<Loan[]> {
      const rows = db
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
    },

    async emailInUseByOtherUser(emailAddress: string, borrowerId: number) {
      return emailInUseByOtherUserSync(db, emailAddress, borrowerId);
    },

    async isEmailValidated(borrowerId: number, emailAddress: string) {
      return isEmailValidatedSync(db, borrowerId, emailAddress);
    },

    async recordPendingEmail(borrowerId: number, emailAddress: string, now: number) {
      db
        .prepare(
          `INSERT INTO email_addresses (borrower_id, email_address, requested_at) VALUES (?, ?, ?)
           ON CONFLICT (borrower_id, email_address) DO UPDATE SET requested_at = excluded.requested_at`,
        )
        .run(borrowerId, emailAddress, now);
    },

    async setEmailOnFile(borrowerId: number, emailAddress: string, validated: boolean, now: number) {
      db.transaction(() => setEmailOnFileSync(db, borrowerId, emailAddress, validated, now))();
    },

    async seedLoan(loan: Omit<Loan, 'role'>) {
      db
        .prepare(
          `INSERT INTO loans (loanno, property_address, monthly_payment_cents, next_payment_due) VALUES (?, ?, ?, ?)`,
        )
        .run(loan.loanno, loan.propertyAddress, loan.monthlyPaymentCents, loan.nextPaymentDue);
    },

    async seedBorrower(borrower: SeedBorrower, loans: ReadonlyArray<{ loanno: string; role: 'primary' | 'co' }>) {
      return db.transaction(() => {
        const result = db
          .prepare(
            `INSERT INTO borrowers (firstname, lastname, ssn_key, dob_key, email_address, email_validated, electdocs, autopay)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            borrower.firstname,
            borrower.lastname,
            keyedSsn(identity[0]!, borrower.ssn),
            keyedDob(identity[0]!, borrower.dob),
            borrower.emailAddress,
            borrower.emailValidated ? 1 : 0,
            borrower.electdocs ? 1 : 0,
            borrower.autopay ? 1 : 0,
          );
        const id = Number(result.lastInsertRowid);
        const link = db.prepare('INSERT INTO loan_borrowers (loanno, borrower_id, role) VALUES (?, ?, ?)');
        for (const loan of loans) link.run(loan.loanno, id, loan.role);
        return id;
      })();
    },
  };
}
