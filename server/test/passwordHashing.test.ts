/**
 * Password hashing runs on a pool of its own (server/auth/passwordHashing.ts), never on libuv's
 * threadpool, which reads static files: sign-ins in flight do not stall the loader script. A full
 * queue answers 503 with Retry-After at once (issue 38 item 5).
 */
import { configurePasswordHashing, DEFAULT_PASSWORD_HASHING, passwordHashingState } from '../auth/passwordHashing';
import { hashPassword } from '../auth/security';
import { API, startTestServer, type TestServer } from './harness';
import { median, timeOf } from './timing';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});
afterAll(() => configurePasswordHashing(DEFAULT_PASSWORD_HASHING));

async function server(overrides: Parameters<typeof startTestServer>[0] = {}) {
  const started = await startTestServer(overrides);
  servers.push(started);
  return started;
}

/** A wrong password for a username nobody has (each once: no lockout), from a browser that has its CSRF cookie. */
async function signInsOf(portal: TestServer) {
  const client = portal.client();
  await client.visit();
  let count = 0;
  return () => client.post(`${API}account/login/`, { username: `nobody.${(count += 1)}`, password: 'Wrong-pass1!' });
}

it('every hash of a sign-in runs on the pool’s threads', async () => {
  const portal = await server();
  const before = passwordHashingState().completed;
  await portal.client().login('dana.demo');
  const wrongSignIn = await signInsOf(portal);
  expect((await wrongSignIn()).statusCode).toBe(400);
  const state = passwordHashingState();
  expect(state.completed - before).toBeGreaterThanOrEqual(2);
  expect(state.threadIds.length).toBe(DEFAULT_PASSWORD_HASHING.threads);
});

it('a full queue answers 503 with Retry-After at once, and the pool serves again once it drains', async () => {
  // the production cost (about 0.3 s a hash on a quiet core): the six requests are all in before the first hash ends, even on a loaded machine
  const portal = await server({ passwordHashing: { threads: 1, queue: 1, perClient: 4 }, scryptN: 2 ** 17 });
  const wrongSignIn = await signInsOf(portal);
  const answers = await Promise.all(Array.from({ length: 6 }, wrongSignIn));
  const codes = answers.map((answer) => answer.statusCode).sort();
  // one hashing, one waiting, the rest refused
  expect(codes).toEqual([400, 400, 503, 503, 503, 503]);
  const refused = answers.find((answer) => answer.statusCode === 503)!;
  expect(refused.headers['retry-after']).toBe('2');
  expect(refused.json()).toEqual({ errors: ['The service is busy. Please wait a few seconds and try again.'] });
  expect((await wrongSignIn()).statusCode).toBe(400);
});

it('the loader script answers while sign-ins hash in a fraction of one hash’s time (compared in one run)', async () => {
  // a cost high enough that a hash on libuv's pool would hold a file read for a long while
  const cost = 2 ** 15;
  // 8 sign-ins at once from one client are more than its share of waiting places (4): here they are all let in
  const portal = await server({ scryptN: cost, passwordHashing: { ...DEFAULT_PASSWORD_HASHING, perClient: 8 } });
  const loader = () => portal.app.inject({ method: 'GET', url: '/loanmanager/static/loanmanager-widgets.js' });
  const wrongSignIn = await signInsOf(portal);
  await wrongSignIn();
  for (let i = 0; i < 5; i += 1) await loader();
  const idle: number[] = [];
  const busy: number[] = [];
  const hash: number[] = [];
  for (let round = 0; round < 4; round += 1) {
    for (let i = 0; i < 3; i += 1) idle.push(await timeOf(loader));
    hash.push(await timeOf(() => hashPassword('Demo-pass1!', cost)));
    // 8 sign-ins at once: on libuv's 4 threads they would take all of them, twice over; the loader
    // asked for once they are all hashing
    const signIns = Promise.all(Array.from({ length: 8 }, wrongSignIn));
    await new Promise((resolve) => setTimeout(resolve, 50));
    busy.push(await timeOf(loader));
    expect((await signIns).map((answer) => answer.statusCode)).toEqual(Array(8).fill(400));
  }
  process.stdout.write(
    `loader while hashing: ${median(busy).toFixed(1)} ms, idle ${median(idle).toFixed(1)} ms, one hash alone ${median(hash).toFixed(1)} ms\n`,
  );
  // on libuv's pool the loader waits for hashes to end: several hashes' time (measured: 5 times one
  // hash on a busy 2-core machine); on the pool, a quarter of one at most there
  expect(median(busy)).toBeLessThan(median(hash));
});
