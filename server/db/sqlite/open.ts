/**
 * The SQLite engine of the store: opens (creating if needed) the file in WAL mode, brings its
 * schema up to date with the versioned migrations, and assembles the `PortalStore` from one
 * module per domain.
 */
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { IdentityKey } from '../../secrets';
import { MIGRATIONS, type Migration } from '../migrations';
import type { PortalStore, StoreOptions } from '../store';
import { sqliteAccounts } from './accounts';
import { sqliteCredentials } from './credentials';
import { sqliteGoGreen } from './goGreen';
import { sqliteOutbox } from './outbox';
import { sqlitePopups } from './popups';
import { sqliteRateLimits } from './rateLimits';

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

/** Statements compiled once per SQL text; past this many texts, new ones are compiled each time. */
const CACHED_STATEMENTS_MAX = 500;

/**
 * better-sqlite3 compiles a statement on every `prepare()`, and the domain modules prepare their
 * statement on every call: on the hot path that compiling was a tenth of the CPU. Every SQL text
 * of the store is a constant, and none changes a statement's state (no raw, pluck, expand or
 * iterate), so one compiled statement per text serves every call. (The one exception, the session
 * read of sqlite/credentials.ts, is raw: its text is used nowhere else.) (SQLite recompiles a cached
 * statement by itself when a migration changes the schema.)
 */
function cacheStatements(db: BetterSqlite3.Database) {
  const compile = db.prepare.bind(db);
  const statements = new Map<string, BetterSqlite3.Statement>();
  db.prepare = ((sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = compile(sql);
      if (statements.size < CACHED_STATEMENTS_MAX) statements.set(sql, statement);
    }
    return statement;
  }) as typeof db.prepare;
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
  cacheStatements(db);
  const expectedSchemaVersion = Math.max(...MIGRATIONS.map((migration) => migration.version));
  return {
    engine: 'sqlite',
    createdFresh,
    async readiness() {
      try {
        const row = db.prepare('SELECT MAX(version) AS version FROM schema_migrations').get() as { version: number | null };
        return { engine: 'sqlite', reachable: true, schemaVersion: row.version, expectedSchemaVersion };
      } catch {
        return { engine: 'sqlite', reachable: false, schemaVersion: null, expectedSchemaVersion };
      }
    },
    async close() {
      if (db.open) db.close();
    },
    ...sqliteAccounts(db, identity),
    ...sqliteCredentials(db, lockout),
    ...sqliteGoGreen(db),
    ...sqlitePopups(db),
    ...sqliteOutbox(db),
    ...sqliteRateLimits(db),
  };
}
