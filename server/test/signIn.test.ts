/**
 * Sign-in's pause, as the borrower meets it (issue 39, E4): the attempt before the last says one is
 * left, the attempt that pauses sign-in says so at once (not "incorrect"), with the config's minutes,
 * in the borrower's language; unknown usernames answer exactly as real ones.
 */
import { DEMO_PASSWORD } from '../db/seed';
import { API, startTestServer, type TestServer } from './harness';

let server: TestServer;
afterEach(async () => {
  await server.close();
});

async function attempt(username: string, password: string, headers: Record<string, string> = {}) {
  const client = server.client();
  await client.visit();
  return client.post(`${API}account/login/`, { username, password }, { headers });
}

/** The answers to `times` wrong passwords for `username`, in order. */
async function wrongPasswords(username: string, times: number, headers: Record<string, string> = {}) {
  const answers = [];
  for (let i = 0; i < times; i += 1) answers.push(await attempt(username, 'Wrong-pass1!', headers));
  return answers;
}

describe('with the pause the config sets (3 failures, 7 minutes: never the default written anywhere)', () => {
  beforeEach(async () => {
    server = await startTestServer({ loginFailuresMax: 3, loginLockoutMinutes: 7 });
  });

  it('the failure before the last says one attempt is left; the last one pauses sign-in at once, as a paused attempt answers', async () => {
    for (const username of ['dana.demo', 'nobody.here']) {
      const [first, beforeLast, last] = await wrongPasswords(username, 3);
      expect([first!.statusCode, first!.json()]).toEqual([400, { errors: ['Invalid username or password.'] }]);
      expect([beforeLast!.statusCode, beforeLast!.json()]).toEqual([
        400,
        {
          errors: ['Invalid username or password.', 'One attempt left: after one more wrong password, sign-in is paused for up to 7 minutes.'],
          attempts_left: 1,
          lockout_minutes: 7,
        },
      ]);
      const paused = {
        errors: ['Too many failed sign-in attempts: sign-in is paused for up to 7 minutes. Please try again after that, or reset your password.'],
        lockout_minutes: 7,
      };
      expect([last!.statusCode, last!.headers['retry-after'], last!.json()]).toEqual([429, '420', paused]);
      // the attempt after it, even with the right password, answers the same
      const after = await attempt(username, DEMO_PASSWORD);
      expect([after.statusCode, after.headers['retry-after'], after.json()]).toEqual([429, '420', paused]);
    }
  });

  it('an unknown username answers exactly as a real one at every step (the count is per username, existing or not)', async () => {
    const real = await wrongPasswords('dana.demo', 4);
    const unknown = await wrongPasswords('nobody.here', 4);
    const shape = (response: (typeof real)[number]) => [response.statusCode, response.headers['retry-after'], response.json()];
    expect(unknown.map(shape)).toEqual(real.map(shape));
  });

  it('the pause is said in the request’s language, with the same minutes', async () => {
    const [, beforeLast, last] = await wrongPasswords('cory.coborrower', 3, { 'accept-language': 'es' });
    expect(beforeLast!.json().errors).toEqual([
      'Nombre de usuario o contraseña no válidos.',
      'Le queda un intento: si ingresa otra contraseña incorrecta, el inicio de sesión se pausará durante un máximo de 7 minutos.',
    ]);
    expect(last!.json().errors).toEqual([
      'Demasiados intentos fallidos de inicio de sesión: el inicio de sesión está en pausa durante un máximo de 7 minutos. Vuelva a intentarlo después o restablezca su contraseña.',
    ]);
  });

  it('the pause lasts what is left of the window the first failure opened', async () => {
    await wrongPasswords('dana.demo', 2);
    server.clock.advance(3 * 60 * 1000);
    const [last] = await wrongPasswords('dana.demo', 1);
    expect([last!.statusCode, last!.headers['retry-after']]).toEqual([429, String(4 * 60)]);
    server.clock.advance(4 * 60 * 1000);
    expect((await attempt('dana.demo', DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('with one failure allowed', () => {
  beforeEach(async () => {
    server = await startTestServer({ loginFailuresMax: 1 });
  });

  it('the first wrong password pauses sign-in; no "one attempt left" before it', async () => {
    const [only] = await wrongPasswords('dana.demo', 1);
    expect(only!.statusCode).toBe(429);
    expect(only!.json().attempts_left).toBeUndefined();
  });
});
