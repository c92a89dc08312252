/**
 * The one place the repositories ask which engine runs. Everything else is written once in
 * Kysely; these are the statements whose SQL must differ: case-insensitive text (SQLite's
 * COLLATE NOCASE columns and indexes, PostgreSQL's lower() indexes) and the claim's row locks
 * (PostgreSQL's FOR UPDATE [SKIP LOCKED]; SQLite has one writer at a time). The migrator's own
 * engine steps (advisory lock, adding a column) are in ./migrations.ts.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

export type Engine = 'sqlite' | 'postgres';

/** A flag as either engine returns it (0/1 or a boolean). */
export const flag = (value: number | boolean): boolean => value === true || value === 1;
/** A flag to write: 0/1, which both engines accept (PostgreSQL reads '1' as true). */
export const bit = (value: boolean): 0 | 1 => (value ? 1 : 0);

export interface Dialect {
  engine: Engine;
  /** `column` equals `value` ignoring case, through the engine's case-insensitive index. */
  sameText(column: string, value: string): RawBuilder<SqlBool>;
  /** The conflict target of email_addresses' unique key (borrower, address ignoring case). */
  emailAddressKey: Expression<unknown>;
  /** Row locks (SELECT … FOR UPDATE [SKIP LOCKED]): PostgreSQL's instances write at once; SQLite has one writer. */
  rowLocks: boolean;
}

export function dialectOf(engine: Engine): Dialect {
  if (engine === 'postgres') {
    return {
      engine,
      sameText: (column, value) => sql<SqlBool>`lower(${sql.ref(column)}) = lower(${value})`,
      emailAddressKey: sql`borrower_id, lower(email_address)`,
      rowLocks: true,
    };
  }
  return {
    engine,
    sameText: (column, value) => sql<SqlBool>`${sql.ref(column)} = ${value} collate nocase`,
    emailAddressKey: sql`borrower_id, email_address`,
    rowLocks: false,
  };
}
