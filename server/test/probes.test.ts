/**
 * Probes that tell nothing and lie never (issue 38 items 4 and 6), on both engines: healthz needs
 * neither the database nor the rate-limit counters; readyz says ready or not and nothing else (its
 * mail counts told whether a username had just been locked out), and is not ready while the
 * database refuses writes.
 */
import { API, TEST_ENGINE, lastReadiness, serversClosedAfterEach, type TestServer } from './harness';

/** A test server of the test's own, closed after it. */
const server = serversClosedAfterEach();

const probe = (portal: TestServer, path: 'healthz' | 'readyz') => portal.app.inject({ method: 'GET', url: `/loanmanager/${path}` });

/** Every statement of the server fails: on PostgreSQL its schema is gone (as for a database that
 * does not answer), on SQLite the tables the probes could touch are. `restore` puts them back. */
async function breakDatabase(portal: TestServer) {
  if (TEST_ENGINE === 'postgres') {
    const name = portal.schema!.name;
    await portal.query(`ALTER SCHEMA ${name} RENAME TO ${name}_gone`);
    return () => portal.query(`ALTER SCHEMA ${name}_gone RENAME TO ${name}`);
  }
  for (const table of ['rate_limits', 'schema_migrations', 'sessions', 'outbox']) await portal.query(`ALTER TABLE ${table} RENAME TO ${table}_gone`);
  return async () => {
    for (const table of ['rate_limits', 'schema_migrations', 'sessions', 'outbox']) await portal.query(`ALTER TABLE ${table}_gone RENAME TO ${table}`);
  };
}

/**
 * Reads work, writes are refused, as on a read-only replica (PostgreSQL's own error, 25006) or a full
 * disk (SQLite): a trigger on the table the write probe writes. On PostgreSQL it lives in this test's
 * schema only: turning the whole database read-only, and cutting its connections, broke the tests
 * another jest worker was running on the same database.
 */
async function refuseWrites(portal: TestServer) {
  if (TEST_ENGINE === 'postgres') {
    const schema = portal.schema!.name;
    await portal.query(
      `CREATE FUNCTION ${schema}.refuse_writes() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ` +
        `RAISE EXCEPTION 'cannot execute % in a read-only transaction', TG_OP USING ERRCODE = '25006'; END $$`,
    );
    await portal.query(`CREATE TRIGGER refuse_writes BEFORE INSERT OR UPDATE OR DELETE ON ${schema}.rate_limits FOR EACH STATEMENT EXECUTE FUNCTION ${schema}.refuse_writes()`);
    return async () => {
      await portal.query(`DROP TRIGGER refuse_writes ON ${schema}.rate_limits`);
      await portal.query(`DROP FUNCTION ${schema}.refuse_writes()`);
    };
  }
  for (const operation of ['INSERT', 'UPDATE', 'DELETE']) {
    await portal.query(
      `CREATE TRIGGER refuse_${operation.toLowerCase()} BEFORE ${operation} ON rate_limits BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`,
    );
  }
  return async () => {
    for (const operation of ['insert', 'update', 'delete']) await portal.query(`DROP TRIGGER refuse_${operation}`);
  };
}

it('healthz answers 200 while the database answers nothing, and is never rate limited', async () => {
  const portal = await server({ routeRateLimitMax: 2 });
  const restore = await breakDatabase(portal);
  try {
    for (let i = 0; i < 5; i += 1) {
      const response = await probe(portal, 'healthz');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    }
    const ready = await probe(portal, 'readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable' });
  } finally {
    await restore();
  }
  expect((await probe(portal, 'readyz')).statusCode).toBe(200);
});

it('readyz answers the same before and after 5 wrong passwords for a real username', async () => {
  const portal = await server();
  const before = await probe(portal, 'readyz');
  const client = portal.client();
  await client.visit();
  const statuses: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    statuses.push((await client.post(`${API}account/login/`, { username: 'dana.demo', password: `Wrong-pass${i}!` })).statusCode);
  }
  // the fifth pauses sign-in and answers as paused at once (security.md control 11)
  expect(statuses).toEqual([400, 400, 400, 400, 429]);
  // the notice of sign-in paused is queued without being awaited: let it land
  await new Promise((resolve) => setTimeout(resolve, 200));
  const after = await probe(portal, 'readyz');
  expect(after.statusCode).toBe(before.statusCode);
  expect(after.body).toBe(before.body);
  expect(after.body).toBe('{"status":"ready"}');
  // the count is still known, to whoever reads the log
  expect(lastReadiness(portal)).toMatchObject({ mail: { pending: 1 } });
});

it('readyz is not ready while the database refuses writes, and ready again once it takes them', async () => {
  const portal = await server();
  expect((await probe(portal, 'readyz')).statusCode).toBe(200);
  const restore = await refuseWrites(portal);
  try {
    const response = await probe(portal, 'readyz');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable' });
    expect(lastReadiness(portal)).toMatchObject({ ready: false, database: { reachable: true, migrated: true, writable: false } });
    expect(portal.logs()).toContain('readiness: the database refused a write');
  } finally {
    await restore();
  }
  expect((await probe(portal, 'readyz')).statusCode).toBe(200);
});

it('readyz checks once for every request that arrives while a check is under way', async () => {
  const portal = await server({ logLevel: 'debug' });
  const answers = await Promise.all(Array.from({ length: 20 }, () => probe(portal, 'readyz')));
  expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
  const checks = portal.logs().split('\n').filter((line) => line.includes('"msg":"readiness"')).length;
  // one line per request; but the heartbeat was written fewer times than requests arrived
  expect(checks).toBe(20);
  const [row] = await portal.query<{ count: number }>("SELECT count FROM rate_limits WHERE key = 'probe:readyz'");
  expect(Number(row!.count)).toBeLessThan(20);
});
