/**
 * Two servers on one PostgreSQL database behave as one: a session made on one works on the
 * other, signing out on one ends it on both, a mailed reset link is used once whichever instance
 * it lands on, and the rate limits count the requests to both. Runs when the suite runs on
 * PostgreSQL (TEST_DATABASE_URL or DATABASE_URL; `npm run test:pg`).
 */
import { randomBytes } from 'node:crypto';
import type { BuildOptions } from '../http/app';
import type { MailTransport } from '../mail/mail';
import { claimSize } from '../auth/rateLimitStore';
import { MIGRATIONS } from '../db/migrations';
import { API, createTestSchema, describeOnPostgres, nonceOf, type TestClient, type TestSchema, type TestServer, startTestServer } from './harness';

/** Two instances started at the same moment on one fresh schema, with one server secret. */
async function startPair(options: Partial<BuildOptions> = {}) {
  const schema = await createTestSchema();
  const shared = { serverSecret: randomBytes(32), ...options };
  // Started together on an empty schema: the migration lock makes one of them create and seed it.
  const started = await Promise.allSettled([
    startTestServer(shared, { sharedSchema: schema }),
    startTestServer(shared, { sharedSchema: schema }),
  ]);
  const [first, second] = started.map((result) => (result.status === 'fulfilled' ? result.value : null));
  if (!first || !second) {
    await Promise.all([first?.close(), second?.close()]);
    await schema.drop();
    const failure = started.find((result) => result.status === 'rejected');
    throw failure?.reason instanceof Error ? failure.reason : new Error('an instance did not start');
  }
  return { schema, first, second };
}

/** A client of `server` holding the same cookies as `client` (the load balancer sent it elsewhere). */
function sameBrowserOn(server: TestServer, client: TestClient): TestClient {
  const moved = server.client();
  for (const [name, value] of client.cookies) moved.cookies.set(name, value);
  return moved;
}

async function requestReset(server: TestServer, username: string): Promise<string> {
  const client = server.client();
  await client.visit('/loanmanager/request_password_reset');
  const before = (await server.outbox()).length;
  const response = await client.post(`${API}account/request_password_reset/`, { username, recaptcha_response: 'dummy-token' });
  expect(response.statusCode).toBe(200);
  const after = await server.outbox();
  expect(after.length).toBe(before + 1);
  return nonceOf(after[0]!.paths[0]!);
}

async function resetPassword(server: TestServer, nonce: string, password: string) {
  const client = server.client();
  await client.visit('/loanmanager/request_password_reset');
  return client.post(`${API}account/reset_password/`, { nonce, password, password2: password });
}

describeOnPostgres('two instances on one PostgreSQL database', () => {
  let schema: TestSchema;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    ({ schema, first, second } = await startPair());
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await schema?.drop();
  });

  it('migrated and seeded the schema once though both started together', async () => {
    // each migration recorded exactly once
    expect(await schema.query('SELECT version FROM schema_migrations ORDER BY version')).toEqual(
      MIGRATIONS.map(({ version }) => ({ version })),
    );
    expect(await schema.query("SELECT count(*)::int AS count FROM users WHERE username = 'dana.demo'")).toEqual([{ count: 1 }]);
  });

  it('a session made on one works on the other, and signing out on one ends it on both', async () => {
    const onFirst = first.client();
    await onFirst.login('dana.demo');
    const onSecond = sameBrowserOn(second, onFirst);
    expect((await onSecond.get(`${API}go-green/status/`)).statusCode).toBe(200);
    expect((await onFirst.get(`${API}go-green/status/`)).statusCode).toBe(200);

    expect((await onSecond.post(`${API}account/logout/`)).statusCode).toBe(200);
    expect((await sameBrowserOn(first, onFirst).get(`${API}go-green/status/`)).statusCode).toBe(401);
    expect((await sameBrowserOn(second, onFirst).get(`${API}go-green/status/`)).statusCode).toBe(401);
  });

  it('a reset link mailed by one is used on the other, once', async () => {
    const nonce = await requestReset(first, 'sam.several');
    expect((await resetPassword(second, nonce, 'Other-pass-1')).statusCode).toBe(200);
    expect((await resetPassword(first, nonce, 'Third-pass-2')).statusCode).not.toBe(200);
    expect((await resetPassword(second, nonce, 'Third-pass-2')).statusCode).not.toBe(200);
    await second.client().login('sam.several', 'Other-pass-1');
    await first.client().login('sam.several', 'Other-pass-1');
  });

  it('a reset link used on both at the same moment works exactly once', async () => {
    const nonce = await requestReset(second, 'paula.paperless');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => resetPassword(index % 2 === 0 ? first : second, nonce, `Race-pass-${index}x`)),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
  });
});

describeOnPostgres('two instances deliver a queued mail once', () => {
  const delivered: Array<{ to: string; subject: string }> = [];
  const transport: MailTransport = {
    async sendMail(message) {
      delivered.push({ to: message.to, subject: message.subject });
    },
  };
  let schema: TestSchema;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    ({ schema, first, second } = await startPair({ mailTransport: transport }));
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await schema?.drop();
  });

  it('hands a reset mail queued by one instance to SMTP exactly once, whichever instance sends', async () => {
    await requestReset(first, 'uma.unverified');
    const until = Date.now() + 5_000;
    while (delivered.length === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    // time for a second instance to pick the same message up, were it able to
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(delivered.filter((mail) => mail.to === 'uma.unverified@example.com')).toHaveLength(1);
    const rows = await schema.query<{ sent_at: number | null }>("SELECT sent_at FROM outbox WHERE to_address = 'uma.unverified@example.com'");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sent_at).not.toBeNull();
  });

  it('workers of both instances racing over a queue deliver every message exactly once', async () => {
    delivered.length = 0;
    const usernames = ['dana.demo', 'sam.several', 'paula.paperless', 'cory.coborrower'];
    for (const [index, username] of usernames.entries()) await requestReset(index % 2 === 0 ? first : second, username);
    for (const [index, username] of usernames.entries()) await requestReset(index % 2 === 0 ? second : first, username);
    // passes on both at once, several times over, besides the workers the requests woke
    await Promise.all(Array.from({ length: 6 }, (_, index) => (index % 2 === 0 ? first : second).app.mailer.deliverDue()));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(delivered).toHaveLength(usernames.length * 2);
    const unsent = await schema.query("SELECT id FROM outbox WHERE sent_at IS NULL AND subject LIKE 'Reset%'");
    expect(unsent).toEqual([]);
  });
});

/** Two servers on one fresh schema for the enclosing describe, with this route limit. */
function pairWithRouteLimit(limit: number) {
  const pair = {} as { schema: TestSchema; first: TestServer; second: TestServer };
  beforeAll(async () => {
    Object.assign(pair, await startPair({ routeRateLimitMax: limit }));
  });
  afterAll(async () => {
    await pair.first?.close();
    await pair.second?.close();
    await pair.schema?.drop();
  });
  return pair;
}

describeOnPostgres('two instances share the rate limits', () => {
  const LIMIT = 6;
  const pair = pairWithRouteLimit(LIMIT);

  it('counts the requests of one client to both instances against one limit', async () => {
    const statuses: number[] = [];
    // alternating, as a round-robin load balancer would: each instance alone sees half the limit
    for (let request = 0; request < LIMIT + 2; request += 1) {
      const server = request % 2 === 0 ? pair.first : pair.second;
      statuses.push((await server.app.inject({ method: 'GET', url: '/loanmanager/login/' })).statusCode);
    }
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(200));
    expect(statuses.slice(LIMIT)).toEqual([429, 429]);
  });

  it('starts a new window on both once the window has passed', async () => {
    pair.first.clock.advance(61_000);
    pair.second.clock.advance(61_000);
    expect((await pair.second.app.inject({ method: 'GET', url: '/loanmanager/login/' })).statusCode).toBe(200);
    expect((await pair.first.app.inject({ method: 'GET', url: '/loanmanager/login/' })).statusCode).toBe(200);
  });
});

describeOnPostgres('two instances share a limit counted in blocks', () => {
  // large enough that each instance claims several slots at a time (server/auth/rateLimitStore.ts)
  const LIMIT = 40;
  const pair = pairWithRouteLimit(LIMIT);

  it('admits the limit across both and never more; the first refusal comes no earlier than the tolerance', async () => {
    expect(claimSize(LIMIT, 0)).toBeGreaterThan(1);
    const statuses: number[] = [];
    for (let request = 0; request < LIMIT + 10; request += 1) {
      const server = request % 2 === 0 ? pair.first : pair.second;
      statuses.push((await server.app.inject({ method: 'GET', url: '/loanmanager/login/' })).statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT);
    expect(statuses.indexOf(429)).toBeGreaterThanOrEqual(LIMIT - claimSize(LIMIT, 0));
    // sent all at once to both: still never more than the limit in the window
    pair.first.clock.advance(61_000);
    pair.second.clock.advance(61_000);
    const together = await Promise.all(
      Array.from({ length: LIMIT + 20 }, (_, index) =>
        (index % 2 === 0 ? pair.first : pair.second).app.inject({ method: 'GET', url: '/loanmanager/login/' }),
      ),
    );
    expect(together.filter((response) => response.statusCode === 200).length).toBeLessThanOrEqual(LIMIT);
  });
});
