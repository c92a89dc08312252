/**
 * The one place that asks which engine runs: the statements whose SQL must differ. Case-insensitive
 * text (SQLite's COLLATE NOCASE columns, PostgreSQL's lower() indexes), row locks (PostgreSQL's
 * FOR UPDATE [SKIP LOCKED]; SQLite has one writer), the migrations' advisory lock and adding a
 * column unless it is there. Everything else is written once.
 */
import { sql, type ColumnType, type Expression, type Kysely, type QueryExecutorProvider, type RawBuilder, type SqlBool, type Transaction } from 'kysely';

export type Engine = 'sqlite' | 'postgres';

/**
 * The tables, for Kysely's typed queries. Each repository declares its own tables into this
 * interface (`declare module '../dialect'`), as the migrations leave them, so adding a column
 * touches the migration list and that repository. Times: integer ms since the epoch.
 */
export interface Database {
  schema_migrations: { version: number; name: string; applied_at: number };
}
/** The database, or a transaction on it. */
export type Db = Kysely<Database> | Transaction<Database>;
/** A flag: read as 0/1 (SQLite) or true/false (PostgreSQL), written as 0/1 (PostgreSQL reads '1' as true). */
export type Flag = ColumnType<number | boolean, 0 | 1 | undefined, 0 | 1>;
export const flag = (value: number | boolean): boolean => value === true || value === 1;
export const bit = (value: boolean): 0 | 1 => (value ? 1 : 0);

export interface Dialect {
  engine: Engine;
  /** `column` equals `value` ignoring case, through the engine's case-insensitive index. */
  sameText(column: string, value: string): RawBuilder<SqlBool>;
  /** The conflict target of email_addresses' unique key (borrower, address ignoring case). */
  emailAddressKey: Expression<unknown>;
  /** SELECT … FOR UPDATE [SKIP LOCKED]: PostgreSQL's instances write at once. */
  rowLocks: boolean;
  /** Takes (or gives back) the migrations' lock: two instances starting together, one migrates. */
  migrationLock(db: QueryExecutorProvider, take: boolean): Promise<void>;
  /** ALTER TABLE … ADD COLUMN unless the table has it (a migration recorded as not run, run again). */
  addColumn(db: QueryExecutorProvider, table: string, column: string, type: string): Promise<void>;
}

/** One lock per schema: test files (and tenants) in their own schemas of one database do not wait on each other. */
const LOCK = sql`hashtext('loanmanager-migrations:' || COALESCE(current_schema(), ''))`;
const alter = (db: QueryExecutorProvider, text: string) => sql.raw(text).execute(db).then(() => undefined);

export function dialectOf(engine: Engine): Dialect {
  if (engine === 'postgres') {
    return {
      engine,
      sameText: (column, value) => sql<SqlBool>`lower(${sql.ref(column)}) = lower(${value})`,
      emailAddressKey: sql`borrower_id, lower(email_address)`,
      rowLocks: true,
      migrationLock: async (db, take) => void (await (take ? sql`SELECT pg_advisory_lock(${LOCK})` : sql`SELECT pg_advisory_unlock(${LOCK})`).execute(db)),
      addColumn: (db, table, column, type) => alter(db, `ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS ${column} ${type}`),
    };
  }
  return {
    engine,
    sameText: (column, value) => sql<SqlBool>`${sql.ref(column)} = ${value} collate nocase`,
    emailAddressKey: sql`borrower_id, email_address`,
    rowLocks: false,
    migrationLock: async () => undefined,
    async addColumn(db, table, column, type) {
      const { rows } = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table})`.execute(db);
      if (!rows.some(({ name }) => name === column)) await alter(db, `ALTER TABLE ${table} ADD COLUMN ${column} ${type}`);
    },
  };
}
