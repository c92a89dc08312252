/** What every PostgreSQL domain module shares: one query helper and one transaction helper. */
import type { Pool, PoolClient, QueryResultRow } from 'pg';

/** The pool, or a client inside a transaction. */
export type Queryable = Pool | PoolClient;

export async function rows<T extends QueryResultRow>(db: Queryable, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await db.query<T>(sql, params)).rows;
}

export async function firstRow<T extends QueryResultRow>(db: Queryable, sql: string, params: unknown[] = []): Promise<T | null> {
  return (await db.query<T>(sql, params)).rows[0] ?? null;
}

/**
 * The hot path's statements, prepared once per connection under `name` (node-postgres then sends
 * bind and execute only: no parse, no describe, no planning on the server for each request).
 * Their columns are named, never `*`: a prepared statement whose result columns change (a migration
 * adding a column to a `SELECT *` table) fails with "cached plan must not change result type".
 */
export async function preparedRows<T extends QueryResultRow>(db: Queryable, name: string, sql: string, params: unknown[]): Promise<T[]> {
  return (await db.query<T>({ name, text: sql, values: params })).rows;
}

/** Runs `work` in one transaction on one client: committed if it returns, rolled back if it throws. */
export async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: unknown) => {
      // a client that cannot roll back is dropped from the pool, not handed out again
      broken = rollbackError instanceof Error ? rollbackError : new Error('rollback failed');
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

/** The SQLSTATE of a unique violation, and the constraint or index it names. */
export function uniqueViolation(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' ? (typeof constraint === 'string' ? constraint : '') : null;
}
