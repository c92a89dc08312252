/**
 * The padding of an older, cheaper password hash (server/auth/security.ts `verifyLoginPassword`, issue 38):
 * its work is exactly one hash at the current cost, as an unknown username's check is. The time test
 * (equalTiming.test.ts) cannot tell an exact padding from one a quarter short, as the processor's
 * caches move the ratio by more than that; this one counts the work of each check instead: its scrypt
 * cost plus its padding runs' costs (a run's time is proportional to N, r and p being fixed).
 */
import { DEMO_PASSWORD } from '../db/seed';
import { scryptInPool, type ScryptTask } from '../auth/passwordHashing';
import { hashPassword, verifyLoginPassword } from '../auth/security';

jest.mock('../auth/passwordHashing', () => {
  const actual = jest.requireActual<typeof import('../auth/passwordHashing')>('../auth/passwordHashing');
  return { ...actual, scryptInPool: jest.fn(actual.scryptInPool) };
});

const work = (task: ScryptTask) => task.n + (task.padNs ?? []).reduce((sum, n) => sum + n, 0);

it('pads a wrong password on an older, cheaper hash to exactly the work of one hash at the current cost', async () => {
  const current = 2 ** 12;
  const checks: Array<[string, string | null]> = [
    ['unknown username', null],
    ['a hash at the current cost', await hashPassword(DEMO_PASSWORD, current)],
    ['a hash at half the cost', await hashPassword(DEMO_PASSWORD, current / 2)],
    ['a hash at an eighth of the cost', await hashPassword(DEMO_PASSWORD, current / 8)],
  ];
  const works: Record<string, number> = {};
  for (const [name, stored] of checks) {
    // the unknown username's check hashes its stand-in first: only the check itself is counted
    if (!stored) await verifyLoginPassword('Wrong-pass1!', stored, current);
    jest.mocked(scryptInPool).mockClear();
    expect(await verifyLoginPassword('Wrong-pass1!', stored, current)).toBe(false);
    const calls = jest.mocked(scryptInPool).mock.calls;
    expect(calls).toHaveLength(1);
    works[name] = work(calls[0]![0]);
  }
  expect(works).toEqual({
    'unknown username': current,
    'a hash at the current cost': current,
    'a hash at half the cost': current,
    'a hash at an eighth of the cost': current,
  });
});
