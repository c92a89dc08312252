/** Borrowers, their loans, their users and their email addresses (and the demo seed). */
import type { Generated, Kysely, Selectable } from 'kysely';
import { isLocale, type Locale } from '../../../src/platform/i18n/locales';
import { keyedDob, keyedSsn, type IdentityKey } from '../../auth/secrets';
import { compiledOnce } from '../compiled';
import { bit, type Database, type Db, type Dialect, type Flag } from '../dialect';
import { columnsReader, recordOf, type RecordOf } from '../rows';

declare module '../dialect' {
  interface Database {
    loans: { loanno: string; property_address: string; monthly_payment_cents: number; next_payment_due: string };
    borrowers: {
      id: Generated<number>; firstname: string; lastname: string; ssn_key: string; dob_key: string;
      email_address: string | null; email_validated: Flag; electdocs: Flag; autopay: Flag;
    };
    loan_borrowers: { loanno: string; borrower_id: number; role: 'primary' | 'co' };
    users: { id: Generated<number>; borrower_id: number; username: string; password_hash: string; created_at: number; locale: string | null };
    email_addresses: { borrower_id: number; email_address: string; requested_at: number; validated_at: number | null };
  }
}

/** The columns of a borrower the routes read besides its id: one added here is a field of `Borrower`. */
const BORROWER_FIELDS = ['firstname', 'lastname', 'email_address', 'email_validated', 'electdocs', 'autopay'] as const;
/** Which of those are flags (booleans in the record). */
const BORROWER_FLAGS = ['email_validated', 'electdocs', 'autopay'] as const;
/** The columns of a user the routes read besides its id, borrower and language. */
const USER_TEXT_FIELDS = ['username', 'password_hash'] as const;
const USER_FIELDS = [...USER_TEXT_FIELDS, 'locale'] as const;

type BorrowerRow = Pick<Selectable<Database['borrowers']>, 'id' | (typeof BORROWER_FIELDS)[number]>;
type UserRow = Pick<Selectable<Database['users']>, 'id' | 'borrower_id' | (typeof USER_FIELDS)[number]>;
type LoanRow = Selectable<Database['loans']> & Pick<Selectable<Database['loan_borrowers']>, 'role'>;

/** A borrower as the routes read it: its row's columns (BORROWER_FIELDS), derived, never restated. */
export type Borrower = RecordOf<BorrowerRow, (typeof BORROWER_FLAGS)[number]>;
/** A user as the routes read it. `locale`: the language the borrower chose (at registration, or with the
 * language switch); null before any choice, or when this build does not know it. */
export type User = Omit<RecordOf<UserRow>, 'locale'> & { locale: Locale | null };
/** A loan of a borrower, with the borrower's part in it. `nextPaymentDue`: YYYY-MM-DD. */
export type Loan = RecordOf<LoanRow>;
export interface Account {
  user: User;
  borrower: Borrower;
}

export type CreateUserResult =
  | { ok: true; user: User }
  | { ok: false; reason: 'already_registered' | 'username_taken' };

/** What seeding needs; kept separate from what routes use. */
export type SeedBorrower = Pick<Borrower, 'firstname' | 'lastname' | 'emailAddress' | 'emailValidated' | 'electdocs' | 'autopay'> & { ssn: string; dob: string };

const BORROWER_COLUMNS = ['b.id', ...BORROWER_FIELDS.map((column) => `b.${column}` as const)] as const;
const USER_COLUMNS = ['id', 'borrower_id', ...USER_FIELDS] as const;
/** The columns of an account (its user `u` joined to its borrower `b`), read by `accountFromRow`. */
export const ACCOUNT_COLUMNS = [
  'u.id as u_id', 'u.borrower_id', ...USER_FIELDS.map((column) => `u.${column}` as const), ...BORROWER_FIELDS.map((column) => `b.${column}` as const),
] as const;
export type AccountRow = Omit<UserRow, 'id'> & Omit<BorrowerRow, 'id'> & { u_id: number };

const readBorrower = columnsReader(BORROWER_FIELDS, BORROWER_FLAGS);
const readUser = columnsReader(USER_TEXT_FIELDS);
// a language this build does not know (a newer instance saved it) is no choice
const localeOf = (locale: string | null): Locale | null => (isLocale(locale) ? locale : null);
const toBorrower = (row: Omit<BorrowerRow, 'id'>, id: number): Borrower => readBorrower(row, { id });
const toUser = (row: Omit<UserRow, 'id'>, id: number): User => readUser(row, { id, borrowerId: row.borrower_id, locale: localeOf(row.locale) });

/** The account of a row that joins a user to its borrower (ACCOUNT_COLUMNS, and maybe others). */
export const accountFromRow = (row: AccountRow): Account => ({ user: toUser(row, row.u_id), borrower: toBorrower(row, row.borrower_id) });

async function userByBorrower(db: Db, borrowerId: number): Promise<User | null> {
  const row = await db.selectFrom('users').select(USER_COLUMNS).where('borrower_id', '=', borrowerId).executeTakeFirst();
  return row ? toUser(row, row.id) : null;
}

/** Another borrower with a sign-in has this address (through the borrowers_email index). */
export const emailInUseByOtherUserQuery = (db: Db, d: Dialect, emailAddress: string, borrowerId: number) =>
  db
    .selectFrom('borrowers as b')
    .innerJoin('users as u', 'u.borrower_id', 'b.id')
    .select('b.id')
    .where(d.sameText('b.email_address', emailAddress))
    .where('b.id', '<>', borrowerId);

export const emailInUseByOtherUser = async (db: Db, d: Dialect, emailAddress: string, borrowerId: number) =>
  (await emailInUseByOtherUserQuery(db, d, emailAddress, borrowerId).executeTakeFirst()) !== undefined;

async function isEmailValidated(db: Db, d: Dialect, borrowerId: number, emailAddress: string): Promise<boolean> {
  const onFile = await db
    .selectFrom('borrowers')
    .select('id')
    .where('id', '=', borrowerId)
    .where(d.sameText('email_address', emailAddress))
    .where('email_validated', '=', 1)
    .executeTakeFirst();
  if (onFile) return true;
  const proven = await db
    .selectFrom('email_addresses')
    .select('borrower_id')
    .where('borrower_id', '=', borrowerId)
    .where(d.sameText('email_address', emailAddress))
    .where('validated_at', 'is not', null)
    .executeTakeFirst();
  return proven !== undefined;
}

export async function setEmailOnFile(db: Db, d: Dialect, borrowerId: number, emailAddress: string, validated: boolean, now: number) {
  await db.updateTable('borrowers').set({ email_address: emailAddress, email_validated: bit(validated) }).where('id', '=', borrowerId).execute();
  await db
    .insertInto('email_addresses')
    .values({ borrower_id: borrowerId, email_address: emailAddress, requested_at: now, validated_at: validated ? now : null })
    .onConflict((oc) =>
      oc.expression(d.emailAddressKey).doUpdateSet((eb) => ({
        validated_at: eb.fn.coalesce('email_addresses.validated_at', 'excluded.validated_at'),
      })),
    )
    .execute();
}

/** The unique index a failed insert ran into (two instances registering at once), or null. */
function uniqueViolation(error: unknown): string | null {
  const { code, constraint, message } = (error ?? {}) as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string') return message;
  return null;
}

/** `identity`: the keys of the SSN and date of birth, current first. */
export function accountsRepository(db: Kysely<Database>, d: Dialect, identity: readonly IdentityKey[]) {
  const current = identity[0]!;
  // asked by every signed-in request that has no session row (API tokens), and by the address checks
  const account = compiledOnce(db, (userId: number) =>
    db.selectFrom('users as u').innerJoin('borrowers as b', 'b.id', 'u.borrower_id').select(ACCOUNT_COLUMNS).where('u.id', '=', userId),
  );
  const emailInUse = compiledOnce(db, (emailAddress: string, borrowerId: number) => emailInUseByOtherUserQuery(db, d, emailAddress, borrowerId));
  // asked by every signed-in page (main/, loanoverview/, the portal's): built by Kysely's builder at each call it cost
  // more than the statement (issue 50, bench/RESULTS.md "Server-drawn pages")
  const loans = compiledOnce(db, (borrowerId: number) =>
    db
      .selectFrom('loans as l')
      .innerJoin('loan_borrowers as lb', 'lb.loanno', 'l.loanno')
      .select(['l.loanno', 'l.property_address', 'l.monthly_payment_cents', 'l.next_payment_due', 'lb.role'])
      .where('lb.borrower_id', '=', borrowerId)
      .orderBy('l.loanno'),
  );
  return {
    /** Tries the current key, then the previous one (a rotation under way), and moves a row found
     * under the previous key to the current one. */
    async findLoanMatch(loanno: string, ssn: string, dob: string): Promise<{ borrower: Borrower; user: User | null } | null> {
      for (const [index, key] of identity.entries()) {
        const row = await db
          .selectFrom('borrowers as b')
          .innerJoin('loan_borrowers as lb', 'lb.borrower_id', 'b.id')
          .select(BORROWER_COLUMNS)
          .where('lb.loanno', '=', loanno)
          .where('b.ssn_key', '=', keyedSsn(key, ssn))
          .where('b.dob_key', '=', keyedDob(key, dob))
          .executeTakeFirst();
        if (!row) continue;
        if (index > 0) {
          await db.updateTable('borrowers').set({ ssn_key: keyedSsn(current, ssn), dob_key: keyedDob(current, dob) }).where('id', '=', row.id).execute();
        }
        return { borrower: toBorrower(row, row.id), user: await userByBorrower(db, row.id) };
      }
      return null;
    },

    async createUserForBorrower(input: {
      borrowerId: number;
      username: string;
      passwordHash: string;
      emailAddress: string;
      now: number;
      /** The language of the registration request; none for seeded users. */
      locale?: Locale | null;
    }): Promise<CreateUserResult> {
      try {
        return await db.transaction().execute(async (trx): Promise<CreateUserResult> => {
          if (await userByBorrower(trx, input.borrowerId)) return { ok: false, reason: 'already_registered' };
          const taken = await trx.selectFrom('users').select('id').where(d.sameText('username', input.username)).executeTakeFirst();
          if (taken) return { ok: false, reason: 'username_taken' };
          const locale = input.locale ?? null;
          const { id } = await trx
            .insertInto('users')
            .values({ borrower_id: input.borrowerId, username: input.username, password_hash: input.passwordHash, created_at: input.now, locale })
            .returning('id')
            .executeTakeFirstOrThrow();
          const validated = await isEmailValidated(trx, d, input.borrowerId, input.emailAddress);
          await setEmailOnFile(trx, d, input.borrowerId, input.emailAddress, validated, input.now);
          return { ok: true, user: { id, borrowerId: input.borrowerId, username: input.username, passwordHash: input.passwordHash, locale } };
        });
      } catch (error) {
        // Two instances registering at once: the unique indexes decide, as the checks above would have.
        const index = uniqueViolation(error);
        if (index !== null && /borrower_id/.test(index)) return { ok: false, reason: 'already_registered' };
        if (index !== null && /username/.test(index)) return { ok: false, reason: 'username_taken' };
        throw error;
      }
    },

    async findUserByUsername(username: string): Promise<User | null> {
      const row = await db.selectFrom('users').select(USER_COLUMNS).where(d.sameText('username', username)).executeTakeFirst();
      return row ? toUser(row, row.id) : null;
    },

    async getAccount(userId: number): Promise<Account | null> {
      const [row] = await account(userId);
      return row ? accountFromRow(row) : null;
    },

    /** Saves the language the borrower chose (the language switch): their emails and pages follow it. */
    setUserLocale: async (userId: number, locale: Locale): Promise<void> => void (await db.updateTable('users').set({ locale }).where('id', '=', userId).execute()),

    async loansOfBorrower(borrowerId: number): Promise<Loan[]> {
      return (await loans(borrowerId)).map((row) => recordOf(row));
    },

    /** Whether a borrower other than `borrowerId` who has an account uses this address. */
    emailInUseByOtherUser: async (emailAddress: string, borrowerId: number): Promise<boolean> => (await emailInUse(emailAddress, borrowerId)).length > 0,
    isEmailValidated: (borrowerId: number, emailAddress: string): Promise<boolean> => isEmailValidated(db, d, borrowerId, emailAddress),

    async recordPendingEmail(borrowerId: number, emailAddress: string, now: number): Promise<void> {
      await db
        .insertInto('email_addresses')
        .values({ borrower_id: borrowerId, email_address: emailAddress, requested_at: now })
        .onConflict((oc) => oc.expression(d.emailAddressKey).doUpdateSet((eb) => ({ requested_at: eb.ref('excluded.requested_at') })))
        .execute();
    },

    /** Makes an address the one on file; `validated` records whether its owner proved it. */
    async setEmailOnFile(borrowerId: number, emailAddress: string, validated: boolean, now: number): Promise<void> {
      await db.transaction().execute((trx) => setEmailOnFile(trx, d, borrowerId, emailAddress, validated, now));
    },

    /** Seeding (the demo borrowers): a loan. */
    async seedLoan(loan: Omit<Loan, 'role'>): Promise<void> {
      await db
        .insertInto('loans')
        .values({ loanno: loan.loanno, property_address: loan.propertyAddress, monthly_payment_cents: loan.monthlyPaymentCents, next_payment_due: loan.nextPaymentDue })
        .execute();
    },

    /** Seeding: a borrower and their part in loans already seeded; returns their id. */
    async seedBorrower(borrower: SeedBorrower, loans: ReadonlyArray<{ loanno: string; role: 'primary' | 'co' }>): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('borrowers')
          .values({
            firstname: borrower.firstname, lastname: borrower.lastname, ssn_key: keyedSsn(current, borrower.ssn), dob_key: keyedDob(current, borrower.dob),
            email_address: borrower.emailAddress, email_validated: bit(borrower.emailValidated), electdocs: bit(borrower.electdocs), autopay: bit(borrower.autopay),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (loans.length > 0) await trx.insertInto('loan_borrowers').values(loans.map((loan) => ({ loanno: loan.loanno, borrower_id: id, role: loan.role }))).execute();
        return id;
      });
    },
  };
}
