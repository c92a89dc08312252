/**
 * The sign-in door (issue 46 items 1 to 4; docs/security.md, controls 42 to 44): password checks take
 * turns per client and a client gone before its turn costs nothing; a password attempt claims its
 * place in the count of wrong passwords before it is checked, so at most `loginFailuresMax` wrong
 * passwords are ever checked per window, however many arrive at once (sign-in and
 * user/confirm_password/ alike); confirming the password and completing a reset in a signed-in
 * browser give the session a new id. On SQLite, and on PostgreSQL with `npm run test:pg`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { LOGIN_LOCKOUT } from '../config';
import { DEMO_PASSWORD } from '../db/seed';
import { DEFAULT_PASSWORD_HASHING, configurePasswordHashing, holdPasswordTurns, passwordHashingState } from '../auth/passwordHashing';
import { API, nonceOf, serversClosedAfterEach, type TestClient, type TestServer } from './harness';

const serverWith = serversClosedAfterEach();
afterAll(() => configurePasswordHashing(DEFAULT_PASSWORD_HASHING));

/** Until `condition` holds, letting every pending callback run between looks (no clock involved). */
async function until(condition: () => boolean) {
  for (let round = 0; !condition(); round += 1) {
    if (round > 100_000) throw new Error('never came');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * A barrier: the password turns are held while `wrong` attempts are sent at once and all wait at it;
 * then `right` is sent and waits behind them; then all go. Answers `wrong`'s and `right`'s answers.
 */
async function atOnce<T>(wrong: Array<() => Promise<T>>, right: () => Promise<T>): Promise<{ wrong: T[]; right: T }> {
  const release = holdPasswordTurns();
  try {
    const waiting = passwordHashingState().turnsWaiting;
    const wrongAnswers = Promise.all(wrong.map((send) => send()));
    await until(() => passwordHashingState().turnsWaiting === waiting + wrong.length);
    const rightAnswer = right();
    await until(() => passwordHashingState().turnsWaiting === waiting + wrong.length + 1);
    release();
    return { wrong: await wrongAnswers, right: await rightAnswer };
  } finally {
    release();
  }
}

const ATTEMPTS = 12;
const MAX = LOGIN_LOCKOUT.failures;
const statusesOf = (answers: Array<{ statusCode: number }>) => answers.map((answer) => answer.statusCode).sort();
/** Every attempt of the test from one client: its share of waiting places is made large enough. */
const ONE_CLIENT_MAY_WAIT = { passwordHashing: { ...DEFAULT_PASSWORD_HASHING, perClient: ATTEMPTS + 1 } };

async function browser(server: TestServer): Promise<TestClient> {
  const client = server.client();
  await client.visit();
  return client;
}

describe('an atomic pause: at most 5 wrong passwords are checked, however many arrive at once', () => {
  it(`sign-in: ${ATTEMPTS} wrong passwords at once, then the right one behind them: ${MAX} checked, the right one refused`, async () => {
    expect(MAX).toBe(5);
    const server = await serverWith(ONE_CLIENT_MAY_WAIT);
    const clients = await Promise.all(Array.from({ length: ATTEMPTS + 1 }, () => browser(server)));
    const signIn = (client: TestClient, password: string) => () => client.post(`${API}account/login/`, { username: 'dana.demo', password });
    const hashedBefore = passwordHashingState().completed;
    const answers = await atOnce(
      clients.slice(0, ATTEMPTS).map((client) => signIn(client, 'Wrong-pass1!')),
      signIn(clients[ATTEMPTS]!, DEMO_PASSWORD),
    );
    expect(passwordHashingState().completed - hashedBefore).toBe(MAX);
    // the 4 before the last told wrong, the 5th pauses, the 7 after it are paused unchecked
    expect(statusesOf(answers.wrong)).toEqual([...Array<number>(MAX - 1).fill(400), ...Array<number>(ATTEMPTS - MAX + 1).fill(429)]);
    expect(answers.right.statusCode).toBe(429);
    expect(answers.right.cookies.map((cookie) => cookie.name)).not.toContain('sessionid');
  });

  it(`sign-in: ${ATTEMPTS} wrong passwords each in a turn of its own, all claiming at once: ${MAX} checked`, async () => {
    // as many threads as attempts: every claim on the count reaches the database at the same moment
    const server = await serverWith({ passwordHashing: { threads: ATTEMPTS, queue: 32, perClient: ATTEMPTS } });
    const clients = await Promise.all(Array.from({ length: ATTEMPTS }, () => browser(server)));
    const hashedBefore = passwordHashingState().completed;
    const release = holdPasswordTurns();
    const sent = Promise.all(clients.map((client) => client.post(`${API}account/login/`, { username: 'nobody.at.all', password: 'Wrong-pass1!' })));
    await until(() => passwordHashingState().turnsWaiting === ATTEMPTS);
    release();
    const answers = await sent;
    // one more hash for the unknown username's stand-in, made once per server process and cost
    expect(passwordHashingState().completed - hashedBefore).toBeLessThanOrEqual(MAX + 1);
    expect(statusesOf(answers)).toEqual([...Array<number>(MAX - 1).fill(400), ...Array<number>(ATTEMPTS - MAX + 1).fill(429)]);
    const [count] = await server.query<{ failures: number }>('SELECT failures FROM login_failures');
    expect(Number(count?.failures)).toBe(MAX);
  });

  it(`user/confirm_password/: ${ATTEMPTS} wrong passwords at once, then the right one: refused, and no window opens`, async () => {
    const server = await serverWith(ONE_CLIENT_MAY_WAIT);
    const holder = await browser(server);
    await holder.login('sam.several');
    const confirm = (password: string) => () => holder.post(`${API}user/confirm_password/`, { password });
    const hashedBefore = passwordHashingState().completed;
    const answers = await atOnce(Array.from({ length: ATTEMPTS }, () => confirm('Wrong-pass1!')), confirm(DEMO_PASSWORD));
    expect(passwordHashingState().completed - hashedBefore).toBe(MAX);
    expect(statusesOf(answers.wrong)).toEqual([...Array<number>(MAX - 1).fill(400), ...Array<number>(ATTEMPTS - MAX + 1).fill(429)]);
    expect(answers.right.statusCode).toBe(429);
    const change = await holder.post(`${API}user/request_email_change/`, { email_address: 'sam.taken@example.com' });
    expect([change.statusCode, change.json()]).toEqual([403, { reauth_required: true }]);
  });
});

describe('fair password work: a client gone before its turn costs nothing', () => {
  it('a sign-in whose client disconnects while it waits is never hashed, and writes no session and no count', async () => {
    const server = await serverWith();
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const visitor = await browser(server);
    const csrf = visitor.cookies.get('csrftoken') ?? '';
    const hashedBefore = passwordHashingState().completed;
    const release = holdPasswordTurns();
    try {
      const body = JSON.stringify({ username: 'dana.demo', password: DEMO_PASSWORD });
      const outgoing = http.request(`${address}${API}account/login/`, {
        method: 'POST',
        port,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf },
      });
      outgoing.on('error', () => undefined);
      outgoing.end(body);
      await until(() => passwordHashingState().turnsWaiting === 1);
      outgoing.destroy();
      // its place is given up as soon as the server sees the connection close
      await until(() => passwordHashingState().turnsWaiting === 0);
    } finally {
      release();
    }
    await until(() => server.logs().includes('client gone before its password check: dropped'));
    expect(passwordHashingState().completed).toBe(hashedBefore);
    expect(await server.query('SELECT id FROM sessions WHERE user_id = (SELECT id FROM users WHERE username = ?)', ['dana.demo'])).toEqual([]);
    expect(await server.query('SELECT failures FROM login_failures')).toEqual([]);
  });
});

describe('a new session id at every step up', () => {
  const addressChange = (client: TestClient, address: string) => client.post(`${API}user/request_email_change/`, { email_address: address });

  /** A copy of `client`'s cookies in another browser (an intruder's). */
  function copyOf(server: TestServer, client: TestClient): TestClient {
    const copy = server.client();
    for (const [name, value] of client.cookies) copy.cookies.set(name, value);
    return copy;
  }

  it('signing in: the session id the browser had before is not the one after', async () => {
    const server = await serverWith();
    const borrower = await browser(server);
    await borrower.login('sam.several');
    const before = copyOf(server, borrower);
    await borrower.login('sam.several');
    expect(borrower.cookies.get('sessionid')).not.toBe(before.cookies.get('sessionid'));
    expect((await before.get(`${API}go-green/status/`)).statusCode).toBe(401);
    expect((await borrower.get(`${API}go-green/status/`)).statusCode).toBe(200);
  });

  it('confirming the password: a cookie copied before it reads nothing after, and cannot change the address; the browser carries on', async () => {
    const server = await serverWith();
    const borrower = await browser(server);
    await borrower.login('sam.several');
    const intruder = copyOf(server, borrower);
    expect((await intruder.get(`${API}go-green/status/`)).statusCode).toBe(200);

    const confirmed = await borrower.confirmPassword();
    const renewed = new Map(confirmed.cookies.map((cookie) => [cookie.name, cookie.value]));
    expect(renewed.get('sessionid')).toMatch(/.+/);
    expect(renewed.get('sessionid')).not.toBe(intruder.cookies.get('sessionid'));
    // a new CSRF token in the same answer, which the page's next request sends
    expect(renewed.get('csrftoken')).toMatch(/.+/);

    const stolen = await addressChange(intruder, 'intruder@example.com');
    expect(stolen.statusCode).toBe(401);
    expect((await intruder.get(`${API}go-green/status/`)).statusCode).toBe(401);
    expect(await server.query('SELECT email_address FROM email_addresses WHERE email_address = ?', ['intruder@example.com'])).toEqual([]);
    // the borrower's own next request, with the cookies of that answer, is let through and inside the window
    expect((await addressChange(borrower, 'sam.new@example.com')).json()).toMatchObject({ requires_validation: true });
  });

  it('completing a reset in a signed-in browser: the old cookie reads nothing after it, the browser carries on', async () => {
    const server = await serverWith();
    const borrower = await browser(server);
    await borrower.login('dana.demo');
    const intruder = copyOf(server, borrower);
    const before = new Set((await server.outbox()).map((mail) => mail.id));
    expect((await borrower.post(`${API}account/request_password_reset/`, { username: 'dana.demo', recaptcha_response: 't' })).statusCode).toBe(200);
    const mail = (await server.outbox()).find((entry) => !before.has(entry.id));
    const nonce = nonceOf(mail!.paths[0]!);
    const password = 'Everything-new-8';
    expect((await borrower.post(`${API}account/reset_password/`, { nonce, password, password2: password })).statusCode).toBe(200);

    expect((await intruder.get(`${API}go-green/status/`)).statusCode).toBe(401);
    expect(borrower.cookies.get('sessionid')).not.toBe(intruder.cookies.get('sessionid'));
    expect((await borrower.get(`${API}go-green/status/`)).statusCode).toBe(200);
  });
});
