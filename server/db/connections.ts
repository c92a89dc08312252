/**
 * The connection of each engine, and only that: the SQLite file with its pragmas and statement
 * cache, the PostgreSQL pool with its socket and prepared statements. Queries are Kysely's
 * (./repositories/), the same on both.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { PostgresDialect, SqliteDialect, type Dialect } from 'kysely';
import { Pool, types, type PoolClient } from 'pg';
import type { RunAtOnce } from './compiled';
import type { Engine } from './dialect';

export interface Connection {
  engine: Engine;
  dialect: Dialect;
  /** Runs SQL of several statements (SQLite: better-sqlite3's exec; PostgreSQL: Kysely's raw SQL does). */
  exec?: (text: string) => Promise<void>;
  /** Once the schema is up to date. */
  afterMigrations?: () => void;
  /** The compiled hot path's statements without Kysely's executor (./compiled.ts). */
  runAtOnce?: RunAtOnce;
}

/**
 * better-sqlite3 compiles a statement on every `prepare()`, which Kysely's driver calls for every
 * query: on the hot path that was a tenth of the CPU. Kysely builds the same text for the same
 * query and its driver changes no statement's state, so one compiled statement per text (up to
 * 500 texts) serves every call. SQLite recompiles a cached statement itself after a migration.
 */
function cacheStatements(db: BetterSqlite3.Database) {
  const compile = db.prepare.bind(db);
  const statements = new Map<string, BetterSqlite3.Statement>();
  db.prepare = ((text: string) => {
    const statement = statements.get(text) ?? compile(text);
    if (statements.size < 500) statements.set(text, statement);
    return statement;
  }) as typeof db.prepare;
}

/** Opens (creating if needed) the SQLite file in WAL mode. */
export function connectSqlite(databasePath: string): Connection {
  if (databasePath !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(databasePath)), { recursive: true });
  const db = new BetterSqlite3(databasePath);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // deleted and overwritten content is zeroed: a purged mail body or a dropped column must not stay in free pages
  db.pragma('secure_delete = ON');
  return {
    engine: 'sqlite',
    dialect: new SqliteDialect({ database: db }),
    exec: async (text) => void db.exec(text),
    afterMigrations() {
      db.pragma('wal_checkpoint(TRUNCATE)'); // old page images (a migration rewrote a table) leave the WAL
      cacheStatements(db);
    },
    // one connection: while a transaction holds it, a statement waits its turn in Kysely's executor
    runAtOnce(text, parameters) {
      if (db.inTransaction) return null;
      const statement = db.prepare(text);
      return statement.reader ? statement.all(parameters) : (statement.run(parameters), []);
    },
  };
}

// Times are BIGINT milliseconds; node-postgres hands BIGINT (and COUNT) back as text unless told
// otherwise (milliseconds since the epoch stay far below 2^53).
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
 * node-postgres writes each message of a query (parse, bind, describe, execute, sync) on its own,
 * and with Nagle off each write is a send and a wake-up of the server process: on the hot path
 * half of this process's CPU. This socket sends what is written within one tick in one go.
 * (A TLS connection writes through its own socket instead.)
 */
export class BatchingSocket extends net.Socket {
  constructor() {
    super();
    // connect() puts net.Socket's own write back on the instance, so the batching one goes on once
    // connected; this listener runs before node-postgres's, which writes the first message
    this.once('connect', () => {
      this.write = batchingWrite;
    });
  }
}

/**
 * Every statement sent with parameters is prepared once per connection, named by its text (then
 * only bind and execute are sent: no parse or planning per request). Never a `*` select: a prepared
 * statement whose result columns change (a migration adding one) fails "cached plan must not change result type".
 */
const statementNames = new Map<string, string | null>();
function prepareStatements(client: PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, values?: unknown[], ...callback: unknown[]) => { // pool.query() passes a callback
    if (typeof text !== 'string' || !values || values.length === 0) return query(text, values, ...callback);
    let name = statementNames.get(text);
    if (name === undefined) {
      name = /select \*|\.\*/i.test(text) ? null : `k${createHash('sha1').update(text).digest('base64url')}`;
      if (statementNames.size < 1000) statementNames.set(text, name);
    }
    return name === null ? query(text, values, ...callback) : query({ name, text, values }, ...callback);
  }) as typeof client.query;
}

/**
 * A connection's errors are heard for its whole life (pg's advice: listen on each client as the pool
 * connects it). The pool listens only while a connection is idle: one that Kysely holds checked out,
 * between its queries, when PostgreSQL ends it (FATAL 57P01 at a restart or stop, 57P02 when a backend
 * crashed) emitted 'error' with no listener, and Node ended the process (issue 46 item 12). Nothing
 * else to do here: the query in flight, or the next one, fails its request (500), and the release that
 * follows drops the connection, since pg-pool never keeps one that is no longer queryable; the next
 * checkout opens a fresh one. The replaced `query` and socket `write` (above) change nothing of that.
 */
function keepErrorsHeard(client: PoolClient) {
  client.on('error', () => undefined);
}

export function connectPostgres(databaseUrl: string, poolSize: number): Connection {
  const pool = new Pool({
    connectionString: databaseUrl,
    max: poolSize,
    types: BIGINT_AS_NUMBER,
    connectionTimeoutMillis: 5_000,
    application_name: 'loanmanager',
    stream: () => new BatchingSocket(),
    statement_timeout: 15_000, // a stuck statement fails its request instead of holding its connection
    allowExitOnIdle: true, // idle connections do not keep a shutting-down process alive
  });
  // an idle connection the server dropped is replaced at the next checkout; unheard, its 'error' would end the process
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    keepErrorsHeard(client);
    prepareStatements(client);
  });
  return { engine: 'postgres', dialect: new PostgresDialect({ pool }), runAtOnce: (text, parameters) => pool.query(text, [...parameters]).then(({ rows }) => rows) };
}
