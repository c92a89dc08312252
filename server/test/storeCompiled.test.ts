/**
 * The hot path's compiled statements (server/db/compiled.ts) on SQLite run at once, without
 * Kysely's executor, only while no transaction holds the one connection: otherwise they would
 * read (or write) inside another request's transaction.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Kysely, sql } from 'kysely';
import { serverKeys } from '../auth/secrets';
import { compiledOnce, runAtOnce } from '../db/compiled';
import { connectSqlite } from '../db/connections';
import type { Database } from '../db/dialect';
import { openSqliteRepositories } from '../db/open';
import { describeOnSqlite } from './harness';

describeOnSqlite('a compiled statement on SQLite', () => {
  it('runs at once outside a transaction, and waits for one that holds the connection', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loanmanager-compiled-'));
    const connection = connectSqlite(path.join(dir, 'db.sqlite'));
    const db = new Kysely<Database>({ dialect: connection.dialect });
    try {
      await sql`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)`.execute(db);
      connection.afterMigrations?.();
      runAtOnce(db, connection.runAtOnce!);
      const count = compiledOnce(db, (name: string) =>
        db.selectFrom('schema_migrations').select((eb) => eb.fn.countAll<number>().as('count')).where('name', '=', name),
      );
      // outside a transaction: answered within the call, before any other promise runs
      let settled = false;
      const answer = count('probe').then((rows) => ((settled = true), rows));
      await Promise.resolve();
      await Promise.resolve();
      expect(settled).toBe(true);
      expect(await answer).toEqual([{ count: 0 }]);

      // inside another flow's transaction: never sees its row, which is rolled back
      let inserted!: () => void;
      const rowInserted = new Promise<void>((resolve) => (inserted = resolve));
      let counted: Promise<unknown> = Promise.resolve();
      const rolledBack = db
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('schema_migrations').values({ version: 1, name: 'probe', applied_at: 0 }).execute();
          inserted();
          await new Promise((resolve) => setTimeout(resolve, 50));
          throw new Error('roll back');
        })
        .catch(() => 'rolled back');
      await rowInserted;
      counted = count('probe');
      expect(await rolledBack).toBe('rolled back');
      expect(await counted).toEqual([{ count: 0 }]);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads a borrower’s loans at once, as every signed-in page asks for them (issue 50)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loanmanager-compiled-'));
    const store = await openSqliteRepositories(path.join(dir, 'db.sqlite'), { identity: serverKeys(randomBytes(32)).identity, lockout: { failures: 5, windowMs: 60_000 } });
    try {
      await store.seedLoan({ loanno: '9000000012', propertyAddress: '12 Test Row', monthlyPaymentCents: 120_000, nextPaymentDue: '2026-09-01' });
      await store.seedLoan({ loanno: '9000000011', propertyAddress: '11 Test Row', monthlyPaymentCents: 110_000, nextPaymentDue: '2026-08-01' });
      const borrower = { firstname: 'T', lastname: 'Loans', ssn: '900000099', dob: '1970-01-01', emailAddress: null, emailValidated: false, electdocs: false, autopay: false };
      const id = await store.seedBorrower(borrower, [
        { loanno: '9000000012', role: 'co' },
        { loanno: '9000000011', role: 'primary' },
      ]);
      let settled = false;
      const answer = store.loansOfBorrower(id).then((loans) => ((settled = true), loans));
      await Promise.resolve();
      await Promise.resolve();
      await Promise.resolve();
      // through Kysely's builder and executor it took many more turns than these
      const settledAtOnce = settled;
      const loans = await answer;
      expect(settledAtOnce).toBe(true);
      expect(loans).toEqual([
        { loanno: '9000000011', propertyAddress: '11 Test Row', monthlyPaymentCents: 110_000, nextPaymentDue: '2026-08-01', role: 'primary' },
        { loanno: '9000000012', propertyAddress: '12 Test Row', monthlyPaymentCents: 120_000, nextPaymentDue: '2026-09-01', role: 'co' },
      ]);
      expect(await store.loansOfBorrower(id + 1)).toEqual([]);
    } finally {
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
