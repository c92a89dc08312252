/** Over a real socket: sign in with fetch, and a clean shutdown that lets a request finish. */
import type { AddressInfo } from 'node:net';
import { DEMO_PASSWORD } from '../db/seed';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let base: string;
beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server.close();
});

const cookiesOf = (response: Response) =>
  response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!).join('; ');

it('signs a demo borrower in over HTTP and opens their page', async () => {
  const page = await fetch(`${base}/loanmanager/login/`);
  const cookie = cookiesOf(page);
  const csrf = /csrftoken=([^;]+)/.exec(cookie)?.[1] ?? '';
  const login = await fetch(`${base}/loanmanager/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrftoken': csrf },
    body: JSON.stringify({ username: 'sam.several', password: DEMO_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const session = cookiesOf(login);
  expect(session).toMatch(/sessionid=/);
  const main = await fetch(`${base}/loanmanager/main/`, { headers: { cookie: session }, redirect: 'manual' });
  expect(main.status).toBe(200);
  expect(await main.text()).toContain('<h1>Your loans</h1>');
});

it('close() lets a request in flight finish, then refuses new connections', async () => {
  const other = await startTestServer();
  await other.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`;
  const page = await fetch(`${url}/loanmanager/login/`);
  const cookie = cookiesOf(page);
  const csrf = /csrftoken=([^;]+)/.exec(cookie)?.[1] ?? '';
  // a sign-in spends ~100 ms hashing: close while it is in flight, once the server has taken it (a close
  // before it arrives answers 503, as fastify does while closing: a fixed wait lost that race on a loaded machine)
  const arrived = new Promise((resolve) => other.app.server.once('request', resolve));
  const inFlight = fetch(`${url}/loanmanager/api/account/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrftoken': csrf, connection: 'close' },
    body: JSON.stringify({ username: 'dana.demo', password: DEMO_PASSWORD }),
  });
  await arrived;
  const closing = other.close();
  const response = await inFlight;
  expect(response.status).toBe(200);
  expect(await response.json()).toHaveProperty('available_loans');
  await closing;
  await expect(fetch(`${url}/loanmanager/login/`)).rejects.toThrow();
});
