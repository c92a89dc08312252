/** Borrowers, their loans, their users and their email addresses, in PostgreSQL (and the demo seed). */
import type { Pool } from 'pg';
import { isLocale, type Locale } from '../../../src/platform/i18n/locales';
import { keyedDob, keyedSsn, type IdentityKey } from '../../secrets';
import type { Account, AccountsStore, Borrower, CreateUserResult, Loan, SeedBorrower, User } from '../store';
import { firstRow, inTransaction, preparedRows, rows, uniqueViolation, type Queryable } from './queries';

interface BorrowerRow {
  id: number;
  firstname: string;
  lastname: string;
  email_address: string | null;
  email_validated: boolean;
  electdocs: boolean;
  autopay: boolean;
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
  emailValidated: row.email_validated,
  electdocs: row.electdocs,
  autopay: row.autopay,
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
  email_validated: boolean;
  electdocs: boolean;
  autopay: boolean;
}

export const accountOf = (row: AccountRow): Account => ({
  user: toUser({ ...row, id: row.u_id }),
  borrower: toBorrower({ ...row, id: row.borrower_id }),
});

async function userByBorrower(db: Queryable, borrowerId: number): Promise<User | null> {
  const row = await firstRow<UserRow>(db, 'SELECT * FROM users WHERE borrower_id = $1', [borrowerId]);
  return row ? toUser(row) : null;
}

export async function emailInUseByOtherUserIn(db: Queryable, emailAddress: string, borrowerId: number) {
  const [row] = await preparedRows(
    db,
    'email-in-use',
    `SELECT 1 FROM borrowers b JOIN users u ON u.borrower_id = b.id
     WHERE lower(b.email_address) = lower($1) AND b.id <> $2`,
    [emailAddress, borrowerId],
  );
  return row !== undefined;
}

async function isEmailValidatedIn(db: Queryable, borrowerId: number, emailAddress: string): Promise<boolean> {
  const row = await firstRow(
    db,
    `SELECT 1 FROM borrowers WHERE id = $1 AND lower(email_address) = lower($2) AND email_validated
     UNION ALL
     SELECT 1 FROM email_addresses
     WHERE borrower_id = $1 AND lower(email_address) = lower($2) AND validated_at IS NOT NULL
     LIMIT 1`,
    [borrowerId, emailAddress],
  );
  return row !== null;
}

export async function setEmailOnFileIn(db: Queryable, borrowerId: number, emailAddress: string, validated: boolean, now: number) {
  await db.query('UPDATE borrowers SET email_address = $1, email_validated = $2 WHERE id = $3', [
    emailAddress,
    validated,
    borrowerId,
  ]);
  await db.query(
    `INSERT INTO email_addresses (borrower_id, email_address, requested_at, validated_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (borrower_id, lower(email_address))
     DO UPDATE SET validated_at = COALESCE(email_addresses.validated_at, excluded.validated_at)`,
    [borrowerId, emailAddress, now, validated ? now : null],
  );
}

/** `identity`: the keys of the SSN and date of birth, current first. */
export function pgAccounts(pool: Pool, identity: readonly IdentityKey[]): AccountsStore {
  return {
    /** Tries the current key, then the previous one (a rotation under way), and moves a row found
     * under the previous key to the current one. */
    async findLoanMatch(loanno: string, ssn: string, dob: string) {
      for (const [index, key] of identity.entries()) {
        const row = await firstRow<BorrowerRow>(
          pool,
          `SELECT b.* FROM borrowers b JOIN loan_borrowers lb ON lb.borrower_id = b.id
           WHERE lb.loanno = $1 AND b.ssn_key = $2 AND b.dob_key = $3`,
          [loanno, keyedSsn(key, ssn), keyedDob(key, dob)],
        );
        if (!row) continue;
        if (index > 0) {
          const current = identity[0]!;
          await pool.query('UPDATE borrowers SET ssn_key = $1, dob_key = $2 WHERE id = $3', [
            keyedSsn(current, ssn),
            keyedDob(current, dob),
            row.id,
          ]);
        }
        return { borrower: toBorrower(row), user: await userByBorrower(pool, row.id) };
      }
      return null;
    },

    async createUserForBorrower(input) {
      try {
        return await inTransaction(pool, async (client): Promise<CreateUserResult> => {
          if (await userByBorrower(client, input.borrowerId)) return { ok: false, reason: 'already_registered' };
          const taken = await firstRow(client, 'SELECT 1 FROM users WHERE lower(username) = lower($1)', [input.username]);
          if (taken) return { ok: false, reason: 'username_taken' };
          const inserted = await firstRow<{ id: number }>(
            client,
            'INSERT INTO users (borrower_id, username, password_hash, created_at, locale) VALUES ($1, $2, $3, $4, $5) RETURNING id',
            [input.borrowerId, input.username, input.passwordHash, input.now, input.locale ?? null],
          );
          const validated = await isEmailValidatedIn(client, input.borrowerId, input.emailAddress);
          await setEmailOnFileIn(client, input.borrowerId, input.emailAddress, validated, input.now);
          return {
            ok: true,
            user: {
              id: inserted!.id,
              borrowerId: input.borrowerId,
              username: input.username,
              passwordHash: input.passwordHash,
              locale: input.locale ?? null,
            },
          };
        });
      } catch (error) {
        // Two instances registering at once: the unique indexes decide, as the checks above would have.
        const constraint = uniqueViolation(error);
        if (constraint === 'users_borrower_id_key') return { ok: false, reason: 'already_registered' };
        if (constraint === 'users_username_lower') return { ok: false, reason: 'username_taken' };
        throw error;
      }
    },

    async findUserByUsername(username: string) {
      const row = await firstRow<UserRow>(pool, 'SELECT * FROM users WHERE lower(username) = lower($1)', [username]);
      return row ? toUser(row) : null;
    },

    async getAccount(userId: number) {
      const row = await firstRow<AccountRow>(
        pool,
        `SELECT ${ACCOUNT_COLUMNS} FROM users u JOIN borrowers b ON b.id = u.borrower_id WHERE u.id = $1`,
        [userId],
      );
      return row ? accountOf(row) : null;
    },

    async setUserLocale(userId: number, locale: Locale) {
      await pool.query('UPDATE users SET locale = $1 WHERE id = $2', [locale, userId]);
    },

    async loansOfBorrower(borrowerId: number): Promise<Loan[]> {
      const found = await rows<{
        loanno: string;
        property_address: string;
        monthly_payment_cents: number;
        next_payment_due: string;
        role: 'primary' | 'co';
      }>(
        pool,
        `SELECT l.loanno, l.property_address, l.monthly_payment_cents, l.next_payment_due, lb.role
         FROM loans l JOIN loan_borrowers lb ON lb.loanno = l.loanno
         WHERE lb.borrower_id = $1 ORDER BY l.loanno`,
        [borrowerId],
      );
      return found.map((row) => ({
        loanno: row.loanno,
        propertyAddress: row.property_address,
        monthlyPaymentCents: row.monthly_payment_cents,
        nextPaymentDue: row.next_payment_due,
        role: row.role,
      }));
    },

    async emailInUseByOtherUser(emailAddress: string, borrowerId: number) {
      return emailInUseByOtherUserIn(pool, emailAddress, borrowerId);
    },

    async isEmailValidated(borrowerId: number, emailAddress: string) {
      return isEmailValidatedIn(pool, borrowerId, emailAddress);
    },

    async recordPendingEmail(borrowerId: number, emailAddress: string, now: number) {
      await pool.query(
        `INSERT INTO email_addresses (borrower_id, email_address, requested_at) VALUES ($1, $2, $3)
         ON CONFLICT (borrower_id, lower(email_address)) DO UPDATE SET requested_at = excluded.requested_at`,
        [borrowerId, emailAddress, now],
      );
    },

    async setEmailOnFile(borrowerId: number, emailAddress: string, validated: boolean, now: number) {
      await inTransaction(pool, (client) => setEmailOnFileIn(client, borrowerId, emailAddress, validated, now));
    },

    async seedLoan(loan: Omit<Loan, 'role'>) {
      await pool.query(
        'INSERT INTO loans (loanno, property_address, monthly_payment_cents, next_payment_due) VALUES ($1, $2, $3, $4)',
        [loan.loanno, loan.propertyAddress, loan.monthlyPaymentCents, loan.nextPaymentDue],
      );
    },

    async seedBorrower(borrower: SeedBorrower, loans: ReadonlyArray<{ loanno: string; role: 'primary' | 'co' }>) {
      const current = identity[0]!;
      return inTransaction(pool, async (client) => {
        const inserted = await firstRow<{ id: number }>(
          client,
          `INSERT INTO borrowers (firstname, lastname, ssn_key, dob_key, email_address, email_validated, electdocs, autopay)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
          [
            borrower.firstname,
            borrower.lastname,
            keyedSsn(current, borrower.ssn),
            keyedDob(current, borrower.dob),
            borrower.emailAddress,
            borrower.emailValidated,
            borrower.electdocs,
            borrower.autopay,
          ],
        );
        const id = inserted!.id;
        for (const loan of loans) {
          await client.query('INSERT INTO loan_borrowers (loanno, borrower_id, role) VALUES ($1, $2, $3)', [
            loan.loanno,
            id,
            loan.role,
          ]);
        }
        return id;
      });
    },
  };
}
