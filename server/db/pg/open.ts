/**
 * The PostgreSQL engine of the store: a connection pool, the schema brought up to date under an
 * advisory lock (two instances starting together: one migrates, the other waits and finds it
 * done), and the `PortalStore` assembled from one module per domain.
 */
import net from 'node:net';
import { Pool, types, type PoolClient } from 'pg';
import type { PortalStore, StoreOptions } from '../store';
import { pgAccounts } from './accounts';
import { pgCredentials } from './credentials';
import { pgGoGreen } from './goGreen';
import { PG_MIGRATIONS, type PgMigration } from './migrations';
import { pgOutbox } from './outbox';
import { pgPopups } from './popups';
import { pgRateLimits } from './rateLimits';

/** Readiness answers within this, whatever the database does. */
const READINESS_TIMEOUT_MS = 2_000;

export interface PgStoreOptions extends StoreOptions {
  /** postgres://user:password@host:port/database */
  databaseUrl: string;
  /** Connections this instance keeps at most. */
  poolSize: number;
}

// Times are BIGINT milliseconds; node-postgres hands BIGINT back as text unless told otherwise
// (milliseconds since the epoch stay far below 2^53).
export const BIGINT_AS_NUMBER = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === types.builtins.INT8 ? (value: string) => Number(value) : types.getTypeParser(oid, format)) as typeof types.getTypeParser,
};

/** A socket write that sends what is written within one tick in one go (see BatchingSocket). */
function batchingWrite(this: net.Socket, ...args: unknown[]): boolean {
  if (!this.writableCorked) {
    this.cork();
    process.nextTick(() => this.uncork());
  }
  return (net.Socket.prototype.write as (...written: unknown[]) => boolean).apply(this, args);
}

/**
 * node-postgres writes each message of a query (parse, bind, describe, execute, sync) to the socket
 * on its own, and with Nagle off each write is a send of its own and a wake-up of the server
 * process: on the hot path those sends were half of this process's CPU. This socket sends what is
 * written within one tick in one go. (A TLS connection writes through its own socket instead, and
 * keeps node-postgres's writes as they are.)
 */
export class BatchingSocket extends net.Socket {
  constructor() {
    super();
    // net.Socket's connect() puts its own write back on the instance, so the batching one goes on
    // once connected; this listener runs before node-postgres's, which writes the first message.
    this.once('connect', () => {
      this.write = batchingWrite;
    });
  }
}

/** One lock per schema: test files (and tenants) in their own schemas of one database do not wait on each other. */
const MIGRATION_LOCK = `hashtext('loanmanager-migrations:' || COALESCE(current_schema(), ''))`;

async function runMigrations(client: PoolClient, migrations: readonly PgMigration[]): Promise<boolean> {
  await client.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
  try {
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at BIGINT NOT NULL
    )`);
    const { rows } = await client.query<{ version: number | null }>('SELECT MAX(version) AS version FROM schema_migrations');
    const current = rows[0]?.version ?? 0;
    for (const migration of migrations) {
      if (migration.version <= current) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
          migration.version,
          migration.name,
          Date.now(),
        ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    }
    return current === 0;
  } finally {
    await client.query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`);
  }
}

export async function openPgStore({ databaseUrl, poolSize, identity, lockout }: PgStoreOptions): Promise<PortalStore> {
  if (!identity[0]) throw new Error('openPgStore needs at least one identity key');
  const pool = new Pool({
    connectionString: databaseUrl,
    max: poolSize,
    types: BIGINT_AS_NUMBER,
    connectionTimeoutMillis: 5_000,
    application_name: 'loanmanager',
    stream: () => new BatchingSocket(),
    // a statement stuck this long fails (the request gets an error) instead of holding its connection
    statement_timeout: 15_000,
    // idle connections do not keep the process alive (a shutdown that gave up waiting still exits)
    allowExitOnIdle: true,
  });
  // An idle connection the server dropped is replaced at the next checkout; without a listener
  // its 'error' event would end the process.
  pool.on('error', () => undefined);
  let createdFresh: boolean;
  try {
    const client = await pool.connect();
    try {
      createdFresh = await runMigrations(client, PG_MIGRATIONS);
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  let closed = false;
  const expectedSchemaVersion = Math.max(...PG_MIGRATIONS.map((migration) => migration.version));
  return {
    engine: 'postgres',
    createdFresh,
    async readiness() {
      let timer: NodeJS.Timeout | undefined;
      try {
        // answers within the limit even when the pool or the server does not
        const timeout = new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('readiness timed out')), READINESS_TIMEOUT_MS);
        });
        const result = await Promise.race([
          pool.query<{ version: number | null }>('SELECT MAX(version) AS version FROM schema_migrations'),
          timeout,
        ]);
        return { engine: 'postgres', reachable: true, schemaVersion: result.rows[0]?.version ?? null, expectedSchemaVersion };
      } catch {
        return { engine: 'postgres', reachable: false, schemaVersion: null, expectedSchemaVersion };
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
    ...pgAccounts(pool, identity),
    ...pgCredentials(pool, lockout),
    ...pgGoGreen(pool),
    ...pgPopups(pool),
    ...pgOutbox(pool),
    ...pgRateLimits(pool),
  };
}
