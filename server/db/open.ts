/** Opens the store on the engine the configuration names: PostgreSQL when a DATABASE_URL is set,
 * the SQLite file otherwise. Nothing past this point knows which one runs. */
import { openPgStore } from './pg/open';
import { openDatabase } from './sqlite/open';
import type { PortalStore, StoreOptions } from './store';

export interface OpenStoreOptions extends StoreOptions {
  /** postgres://… selects PostgreSQL; null selects SQLite. */
  databaseUrl: string | null;
  /** The SQLite file (unused with a databaseUrl). */
  databasePath: string;
  /** PostgreSQL connections per instance. */
  poolSize: number;
}

export async function openStore({ databaseUrl, databasePath, poolSize, ...options }: OpenStoreOptions): Promise<PortalStore> {
  if (databaseUrl) return openPgStore({ databaseUrl, poolSize, ...options });
  return openDatabase(databasePath, options);
}
