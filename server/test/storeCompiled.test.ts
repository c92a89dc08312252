/**
 * The hot path's compiled statements (server/db/compiled.ts) on SQLite run at once, without
 * Kysely's executor, only while no transaction holds the one connection: otherwise they would
 * read (or write) inside another request's transaction.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, sql } from 'kysely';
import { compiledOnce, runAtOnce } from '../db/compiled';
import { connectSqlite } from '../db/connections';
import type { Database } from '../db/dialect';
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
});
