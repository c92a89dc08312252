/**
 * Opens the store on the engine the configuration names: PostgreSQL when a DATABASE_URL is set,
 * the SQLite file otherwise. Past the connection (./connections.ts) and the few statements of
 * ./dialect.ts, both engines run the same code: one Kysely database, one migration list, one
 * repository per domain (./repositories/).
 */
import { Kysely, sql } from 'kysely';
import { runAtOnce } from './compiled';
import { dialectOf, type Database } from './dialect';
import { connectPostgres, connectSqlite } from './connections';
import { LATEST_VERSION, migrate } from './migrations';
import { accountsRepository } from './repositories/accounts';
import { addressRestoresRepository } from './repositories/addressRestores';
import { credentialsRepository } from './repositories/credentials';
import { goGreenRepository } from './repositories/goGreen';
import { outboxRepository } from './repositories/outbox';
import { passkeysRepository } from './repositories/passkeys';
import { popupsRepository } from './repositories/popups';
import { rateLimitsRepository } from './repositories/rateLimits';
import type { RepositoryOptions } from './records';

export interface OpenRepositoriesOptions extends RepositoryOptions {
  /** postgres://… selects PostgreSQL; null selects SQLite. */
  databaseUrl: string | null;
  /** The SQLite file (unused with a databaseUrl). */
  databasePath: string;
  /** PostgreSQL connections per instance. */
  poolSize: number;
}

/** Whether the database can serve requests: readiness (GET /loanmanager/readyz). */
interface DatabaseReadiness {
  engine: 'sqlite' | 'postgres';
  /** A trivial query answered. */
  reachable: boolean;
  /** The highest migration recorded in the database; null when unreachable or none. */
  schemaVersion: number | null;
  /** The highest migration this build knows for this engine. */
  expectedSchemaVersion: number;
}

/** Readiness answers within this, whatever the database does. */
const READINESS_TIMEOUT_MS = 2_000;

/**
 * What the routes may ask of the database, one object: each repository's methods (its type is derived
 * from them, `Repositories` below) and its own (readiness, close).
 */
export async function openRepositories({ databaseUrl, databasePath, poolSize, identity, lockout }: OpenRepositoriesOptions) {
  if (!identity[0]) throw new Error('openRepositories needs at least one identity key');
  const connection = databaseUrl ? connectPostgres(databaseUrl, poolSize) : connectSqlite(databasePath);
  const dialect = dialectOf(connection.engine);
  const db = new Kysely<Database>({ dialect: connection.dialect });
  let createdFresh: boolean;
  try {
    createdFresh = await db.connection().execute((pinned) =>
      migrate(dialect, pinned, connection.exec ?? (async (text) => void (await sql.raw(text).execute(pinned))), identity[0]!),
    );
    connection.afterMigrations?.();
    if (connection.runAtOnce) runAtOnce(db, connection.runAtOnce);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  let closed = false;
  return {
    /** 'sqlite' or 'postgres': for readiness reports and logs only; routes never branch on it. */
    engine: dialect.engine,
    /** True when the database had no schema before this process opened it. */
    createdFresh,
    /**
     * Whether the database is reachable and migrated, for readiness. Never throws: a failed query
     * is `reachable: false`. It must answer quickly even when the database does not (PostgreSQL:
     * a short statement timeout on a pooled connection; a pool that cannot hand out a connection
     * in time is unreachable). Ready means reachable and schemaVersion >= expectedSchemaVersion
     * (a newer instance of a rolling deploy may have migrated further).
     */
    async readiness(): Promise<DatabaseReadiness> {
      let timer: NodeJS.Timeout | undefined;
      const answer = (reachable: boolean, schemaVersion: number | null) => ({ engine: dialect.engine, reachable, schemaVersion, expectedSchemaVersion: LATEST_VERSION });
      try {
        // answers within the limit even when the pool or the server does not
        const timeout = new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('readiness timed out')), READINESS_TIMEOUT_MS);
        });
        const row = await Promise.race([
          db.selectFrom('schema_migrations').select((eb) => eb.fn.max('version').as('version')).executeTakeFirst(),
          timeout,
        ]);
        return answer(true, row?.version == null ? null : Number(row.version));
      } catch {
        return answer(false, null);
      } finally {
        clearTimeout(timer);
      }
    },
    /** Closes the database (the pool); calls after it fail. */
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
    ...accountsRepository(db, dialect, identity),
    ...credentialsRepository(db, dialect, lockout),
    ...goGreenRepository(db),
    ...popupsRepository(db),
    ...outboxRepository(db, dialect),
    ...rateLimitsRepository(db),
    ...addressRestoresRepository(db, dialect),
    ...passkeysRepository(db),
  };
}

/** The store's type, derived from the repositories (as fastify/demo derives its repositories' types), never restated. */
export type Repositories = Awaited<ReturnType<typeof openRepositories>>;

/** The store on a SQLite file (tests and tools). */
export const openSqliteRepositories = (databasePath: string, options: RepositoryOptions) => openRepositories({ databaseUrl: null, databasePath, poolSize: 1, ...options });
