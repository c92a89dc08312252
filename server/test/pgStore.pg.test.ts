/**
 * The PostgreSQL store on its own: migrations under the advisory lock, and the properties the
 * SQLite schema gives for free (case-insensitive usernames, one user per borrower) holding when
 * two instances race. Runs when the suite runs on PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { openRepositories } from '../db/open';
import { MIGRATIONS } from '../db/migrations';
import type { Repositories } from '../db/open';
import { serverKeys } from '../auth/secrets';
import { createTestSchema, describeOnPostgres, type TestSchema } from './harness';

const storeOptions = (databaseUrl: string) => ({
  databaseUrl,
  databasePath: '',
  poolSize: 3,
  identity: serverKeys(randomBytes(32)).identity,
  lockout: { failures: 5, windowMs: 60_000 },
});

describeOnPostgres('the PostgreSQL store', () => {
  let schema: TestSchema;
  let stores: Repositories[] = [];

  beforeEach(async () => {
    schema = await createTestSchema();
  });
  afterEach(async () => {
    await Promise.all(stores.map((store) => store.close()));
    stores = [];
    await schema.drop();
  });

  it('two stores opened at once on an empty schema: one migrates, the other finds it done', async () => {
    stores = await Promise.all([1, 2, 3].map(() => openRepositories(storeOptions(schema.databaseUrl))));
    expect(stores.filter((store) => store.createdFresh)).toHaveLength(1);
    const applied = await schema.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(applied.map((row) => row.version)).toEqual(MIGRATIONS.map((migration) => migration.version));
    const reopened = await openRepositories(storeOptions(schema.databaseUrl));
    stores.push(reopened);
    expect(reopened.createdFresh).toBe(false);
  });

  it('usernames are unique whatever their case, and found whatever the case asked', async () => {
    const [one, two] = (stores = await Promise.all([1, 2].map(() => openRepositories(storeOptions(schema.databaseUrl)))));
    await one!.seedLoan({ loanno: '9000000099', propertyAddress: '1 Test St', monthlyPaymentCents: 1, nextPaymentDue: '2026-03-01' });
    const seed = (ssn: string) =>
      one!.seedBorrower(
        { firstname: 'T', lastname: 'P', ssn, dob: '01/01/1980', emailAddress: null, emailValidated: false, electdocs: false, autopay: false },
        [{ loanno: '9000000099', role: 'primary' }],
      );
    const [borrowerA, borrowerB] = [await seed('900009991'), await seed('900009992')];
    const base = { passwordHash: 'x', now: 1 };
    // the same name in two cases, by two instances at the same moment: exactly one gets it
    const results = await Promise.all([
      one!.createUserForBorrower({ ...base, borrowerId: borrowerA, username: 'Case.Person', emailAddress: 'a@example.com' }),
      two!.createUserForBorrower({ ...base, borrowerId: borrowerB, username: 'case.PERSON', emailAddress: 'b@example.com' }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toEqual({ ok: false, reason: 'username_taken' });
    expect((await two!.findUserByUsername('CASE.person'))?.username.toLowerCase()).toBe('case.person');
  });
});
