/**
 * Equal timing (issue 38 item 8): what an anonymous caller can time tells nothing. A reset request
 * for a real username answers after the same work as for an unknown one; a wrong password for an
 * account whose hash predates the current cost takes as long as one for an unknown username.
 * Two distributions measured in one run, interleaved, compared with Mann-Whitney's effect (the
 * chance that one sample of the first is slower than one of the second: 0.5 when alike).
 */
import { DEMO_PASSWORD } from '../db/seed';
import { hashPassword } from '../auth/security';
import { API, serversClosedAfterEach, type TestClient } from './harness';
import { mannWhitney, median, timeOf } from './timing';

/** A test server of the test's own, closed after it. */
const server = serversClosedAfterEach();

/** `pairs` times each of `a` and `b`, in a random order within each pair; `between` runs untimed after each. */
async function interleaved(pairs: number, a: () => Promise<unknown>, b: () => Promise<unknown>, between: () => Promise<unknown>) {
  const times = { a: [] as number[], b: [] as number[] };
  for (let i = 0; i < pairs; i += 1) {
    for (const which of Math.random() < 0.5 ? (['a', 'b'] as const) : (['b', 'a'] as const)) {
      times[which].push(await timeOf(which === 'a' ? a : b));
      await between();
    }
  }
  const result = mannWhitney(times.a, times.b);
  process.stdout.write(`medians ${median(times.a).toFixed(3)} vs ${median(times.b).toFixed(3)} ms, effect ${result.effect.toFixed(3)}, z ${result.z.toFixed(1)}\n`);
  return { ...result, ratio: median(times.a) / median(times.b) };
}

// Capped: the account has had its 3 links of the hour (server/services/borrowerCaps.ts), so its requests
// mail nothing; uncapped: a day passes between requests, so each one mails a link.
it.each([
  { case: 'a real username', capped: false, mailed: 300 },
  { case: 'an account that has had its links (capped, nothing mailed)', capped: true, mailed: 3 },
])('a reset request answers $case after the same work as an unknown one', async ({ capped, mailed }) => {
  const portal = await server();
  const client: TestClient = portal.client();
  await client.visit();
  const ask = (username: string) => async () => {
    const response = await client.post(`${API}account/request_password_reset/`, { username, recaptcha_response: 't' });
    expect(response.statusCode).toBe(200);
  };
  if (capped) for (let i = 0; i < 3; i += 1) await ask('dana.demo')();
  let unknown = 0;
  // the link of the real one is made after its answer: not timed, and done before the next request
  const measured = await interleaved(
    300,
    ask('dana.demo'),
    () => ask(`nobody.${(unknown += 1)}`)(),
    async () => {
      await portal.app.mailer.settled();
      if (!capped) portal.clock.advance(24 * 60 * 60 * 1000 + 1);
    },
  );
  // Alike: not significant (|z| < 4), or too small to matter (neither slower in more than 60 % of
  // pairs), or within 10 % by the medians. A residual not yet explained: an unknown username answers
  // about 4 % slower (20 µs of 0.5 ms; effect 0.37-0.41, z -4 to -5.6 on a quiet machine, the same
  // before the Kysely data layer), with the same work before the answer on both paths. With the link
  // made before the answer, the real username was the slower by far (z 7, effect 0.67).
  expect({ ...measured, close: Math.abs(measured.ratio - 1) < 0.1 || Math.abs(measured.z) < 4 || Math.abs(measured.effect - 0.5) < 0.1 })
    .toMatchObject({ close: true });
  // and the real one did get its links, as many as its cap let through
  const [queued] = await portal.query<{ count: number }>('SELECT COUNT(*) AS count FROM outbox');
  expect(Number(queued!.count)).toBe(mailed);
});

it('a wrong password costs the same for an account whose hash is older and cheaper as for an unknown username', async () => {
  const current = 2 ** 13;
  const portal = await server({ scryptN: current, loginFailuresMax: 1_000_000 });
  // dana's password hashed when the cost was a quarter of today's (a sign-in would rehash it)
  await portal.query('UPDATE users SET password_hash = ? WHERE username = ?', [await hashPassword(DEMO_PASSWORD, current / 4), 'dana.demo']);
  const client = portal.client();
  await client.visit();
  const wrong = (username: string) => async () => {
    const response = await client.post(`${API}account/login/`, { username, password: 'Wrong-pass1!' });
    expect(response.statusCode).toBe(400);
  };
  let unknown = 0;
  const compared = await interleaved(
    40,
    wrong('dana.demo'),
    () => wrong(`nobody.${(unknown += 1)}`)(),
    async () => undefined,
  );
  // The padding runs scrypt at N, 2N, … up to the current cost: the same work as one run at the
  // current cost (passwordPadding.test.ts holds it exact), but in smaller blocks of memory, which the
  // processor's caches favour by an amount that depends on the machine and on what else runs. Quiet,
  // that is a steady 7-8 %: a significant effect (0.126, z -5.8, medians 15.9 against 17.4 ms);
  // beside the other jest worker, a noisy ratio (0.76 in a loaded CI run, 1.17 in a full local run,
  // effects 0.35 and 0.47). So alike is either: the medians within 20 %, or neither the slower in
  // more than 75 % of pairs. Unpadded it is neither (0.31 and 0.000); with a quarter of the padding
  // missing, neither either (0.74 and 0.216).
  const alike = (compared.ratio > 0.8 && compared.ratio < 1.25) || Math.abs(compared.effect - 0.5) < 0.25;
  expect({ ...compared, alike }).toMatchObject({ alike: true });
});
