/**
 * Hot-path queries built and compiled once: Kysely builds and compiles a query at every call, several
 * times the statement's own cost on SQLite. `build` runs once with a marker for each argument (which it
 * may only place as values); a call sends that SQL with its own values. Only outside a transaction.
 * Where the connection can run SQL itself (SQLite with no transaction open; PostgreSQL's pool), Kysely's
 * executor is skipped too: its promises and connection handling cost as much again as the statement.
 */
import type { Compilable, Kysely } from 'kysely';

/** Runs SQL and returns its rows, or null when it must go through Kysely's executor. */
export type RunAtOnce = (text: string, parameters: readonly unknown[]) => unknown[] | Promise<unknown[]> | null;
const runnersAtOnce = new WeakMap<object, RunAtOnce>();
export const runAtOnce = (db: object, run: RunAtOnce) => void runnersAtOnce.set(db, run);

export function compiledOnce<A extends unknown[], R>(db: Pick<Kysely<unknown>, 'executeQuery'>, build: (...args: A) => Compilable<R>) {
  const markers = Array.from({ length: build.length }, (_unused, index) => `\u0000argument ${index}`);
  const compiled = build(...(markers as A)).compile();
  const sources = compiled.parameters.map((value) => markers.indexOf(value as string)); // -1: a constant
  return async (...args: A): Promise<R[]> => {
    const parameters = sources.map((source, index) => (source === -1 ? compiled.parameters[index] : args[source]));
    const rows = runnersAtOnce.get(db)?.(compiled.sql, parameters) ?? db.executeQuery<R>({ ...compiled, parameters }).then((result) => result.rows);
    return rows as R[] | Promise<R[]>;
  };
}
