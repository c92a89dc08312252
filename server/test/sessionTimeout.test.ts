/**
 * Idle expiry of cookie sessions (docs/security.md, control 24): a session ends after
 * SESSION_IDLE_MINUTES without a request; its last request is written at most once a minute; a
 * background poll does not hold it open; "Stay signed in" (user/session/extend/) needs the CSRF
 * token and a live session. Runs on either engine (`npm run test:pg -- server/test/sessionTimeout.test.ts`).
 */
import { ConfigError, optionsFromEnv, sessionIdleMinutesOf } from '../config';
import { DEMO_API_TOKEN, DEMO_BORROWERS } from '../db/seed';
import { API, registrationBody, startTestServer, type TestClient, type TestServer } from './harness';

const MINUTE = 60_000;
const STATUS = `${API}go-green/status/`;
const SESSION = `${API}user/session/`;
const EXTEND = `${API}user/session/extend/`;
const POLL = `${API}user/is_validated/?email_address=dana.demo%40example.com`;

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

async function signedIn(username = 'dana.demo'): Promise<TestClient> {
  const client = server.client();
  await client.login(username);
  return client;
}

async function lastSeenOf(client: TestClient): Promise<number> {
  const rows = await server.query<{ last_seen_at: number | string }>('SELECT last_seen_at FROM sessions');
  expect(client.cookies.has('sessionid')).toBe(true);
  expect(rows).toHaveLength(1);
  return Number(rows[0]!.last_seen_at);
}

describe('idle expiry', () => {
  it('refuses a session after 15 minutes without a request, on the API and on the pages', async () => {
    const client = await signedIn();
    server.clock.advance(15 * MINUTE - 1000);
    expect((await client.get(STATUS)).statusCode).toBe(200);
    server.clock.advance(15 * MINUTE);
    const idle = await client.get(STATUS);
    expect(idle.statusCode).toBe(401);
    expect(client.cookies.has('sessionid')).toBe(false);

    const other = await signedIn();
    server.clock.advance(16 * MINUTE);
    const page = await other.get('/loanmanager/profile/');
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/loanmanager/login/?next=%2Floanmanager%2Fprofile%2F');
  });

  it('a request keeps it open for another 15 minutes, up to its absolute end', async () => {
    const client = await signedIn();
    for (let minute = 14; minute <= 11 * 60 + 40; minute += 14) {
      server.clock.advance(14 * MINUTE);
      expect((await client.get(STATUS)).statusCode).toBe(200);
    }
    // 11 hours 40 minutes of activity; the 12-hour end still holds
    server.clock.advance(20 * MINUTE);
    expect((await client.get(STATUS)).statusCode).toBe(401);
  });

  it('"remember this browser" keeps the cookie across browser restarts, not the session past its idle limit', async () => {
    const reggie = DEMO_BORROWERS.find((borrower) => borrower.firstname === 'Reggie')!;
    const client = server.client();
    await client.visit('/loanmanager/register/');
    const registered = await client.post(`${API}account/register/`, registrationBody(reggie, { remember_this_browser: true }));
    expect(registered.statusCode).toBe(201);
    expect(registered.cookies.find((cookie) => cookie.name === 'sessionid')?.maxAge).toBe(30 * 24 * 3600);
    server.clock.advance(16 * MINUTE);
    expect((await client.get(STATUS)).statusCode).toBe(401);
  });

  it('an idle session cannot be used again once it has ended, even with requests after it', async () => {
    const client = await signedIn();
    const cookie = client.cookies.get('sessionid')!;
    server.clock.advance(16 * MINUTE);
    expect((await client.get(STATUS)).statusCode).toBe(401);
    const replay = server.client();
    replay.cookies.set('sessionid', cookie);
    expect((await replay.get(STATUS)).statusCode).toBe(401);
  });

  it('API tokens do not idle out (they expire after API_TOKEN_DAYS)', async () => {
    const withToken = { headers: { authorization: `Token ${DEMO_API_TOKEN}` } };
    server.clock.advance(3 * 60 * MINUTE);
    expect((await server.client().get(STATUS, withToken)).statusCode).toBe(200);
    const times = await server.client().get(SESSION, withToken);
    expect(times.json()).toEqual({ expires_in_seconds: null, idle_timeout_seconds: null, max_expires_in_seconds: null });
  });

  it('ended sessions are deleted when the next session starts', async () => {
    await signedIn();
    server.clock.advance(16 * MINUTE);
    await signedIn('sam.several');
    expect(await server.query('SELECT id FROM sessions')).toHaveLength(1);
  });
});

describe('the last-seen time', () => {
  it('is written at most once a minute', async () => {
    const client = await signedIn();
    const signedInAt = await lastSeenOf(client);
    expect(signedInAt).toBe(server.clock.now().getTime());
    for (let step = 0; step < 5; step += 1) {
      server.clock.advance(10_000);
      expect((await client.get(STATUS)).statusCode).toBe(200);
    }
    expect(await lastSeenOf(client)).toBe(signedInAt);
    server.clock.advance(10_000);
    await client.get(STATUS);
    expect(await lastSeenOf(client)).toBe(signedInAt + 60_000);
  });

  it('is not moved by the go-green verification poll: a page left polling still signs out', async () => {
    const client = await signedIn();
    const signedInAt = await lastSeenOf(client);
    // the poll runs every 5 s; every 30 s here keeps the test short and each poll still past the throttle's minute
    for (let step = 0; step < 14 * 2; step += 1) {
      server.clock.advance(30_000);
      expect((await client.get(POLL)).statusCode).toBe(200);
    }
    expect(await lastSeenOf(client)).toBe(signedInAt);
    server.clock.advance(MINUTE);
    expect((await client.get(POLL)).statusCode).toBe(401);
  });
});

describe('user/session/ and user/session/extend/', () => {
  it('say when the session ends, in seconds, and nothing else', async () => {
    const client = await signedIn();
    server.clock.advance(30_000);
    const times = await client.get(SESSION);
    expect(times.statusCode).toBe(200);
    expect(times.headers['cache-control']).toBe('no-store');
    // within the throttle the request was not written: the end is counted from the sign-in
    expect(times.json()).toEqual({
      expires_in_seconds: 15 * 60 - 30,
      idle_timeout_seconds: 14 * 60,
      max_expires_in_seconds: 12 * 3600 - 30,
    });
  });

  it('"Stay signed in" records a request at once, even within the minute, and answers the new end', async () => {
    const client = await signedIn();
    const signedInAt = await lastSeenOf(client);
    server.clock.advance(30_000);
    const extended = await client.post(EXTEND);
    expect(extended.statusCode).toBe(200);
    expect(extended.json()).toEqual({
      expires_in_seconds: 15 * 60,
      idle_timeout_seconds: 14 * 60,
      max_expires_in_seconds: 12 * 3600 - 30,
    });
    expect(await lastSeenOf(client)).toBe(signedInAt + 30_000);
    server.clock.advance(15 * MINUTE - 1000);
    expect((await client.get(STATUS)).statusCode).toBe(200);
  });

  it('needs the CSRF token', async () => {
    const client = await signedIn();
    const signedInAt = await lastSeenOf(client);
    server.clock.advance(30_000);
    const forged = await client.post(EXTEND, undefined, { csrf: false });
    expect(forged.statusCode).toBe(403);
    const crossSite = await client.post(EXTEND, undefined, { headers: { origin: 'https://evil.example' } });
    expect(crossSite.statusCode).toBe(403);
    expect(await lastSeenOf(client)).toBe(signedInAt);
  });

  it('needs a live session: none, or one that has idled out, gets 401', async () => {
    const anonymous = server.client();
    await anonymous.visit();
    expect((await anonymous.post(EXTEND)).statusCode).toBe(401);

    const client = await signedIn();
    server.clock.advance(15 * MINUTE);
    const late = await client.post(EXTEND);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ errors: ['Authentication credentials were not provided.'] });
    expect((await client.get(STATUS)).statusCode).toBe(401);
  });

  it('takes no body', async () => {
    const client = await signedIn();
    expect((await client.post(EXTEND, { minutes: 600 })).statusCode).toBe(400);
  });
});

describe('SESSION_IDLE_MINUTES', () => {
  it('defaults to 15, takes a whole number of minutes from 5 up', () => {
    expect(optionsFromEnv({}).sessionIdleMinutes).toBe(15);
    expect(sessionIdleMinutesOf({ SESSION_IDLE_MINUTES: '10' })).toBe(10);
    expect(() => sessionIdleMinutesOf({ SESSION_IDLE_MINUTES: '4' })).toThrow(ConfigError);
    expect(() => sessionIdleMinutesOf({ SESSION_IDLE_MINUTES: 'soon' })).toThrow(ConfigError);
  });

  it('sets the idle limit', async () => {
    const short = await startTestServer({ sessionIdleMinutes: 5 });
    try {
      const client = short.client();
      await client.login('dana.demo');
      short.clock.advance(5 * MINUTE);
      expect((await client.get(STATUS)).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});
