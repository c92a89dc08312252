/**
 * The rate-limit store's slot blocks (server/auth/rateLimitStore.ts), against an in-memory stand-in
 * for the `rate_limits` table that several "instances" share, so the counting rules are tested
 * apart from either engine: the limit is never exceeded on one instance or several, the first
 * refusal comes no earlier than the documented tolerance, and a busy key costs one write per
 * block. The same rules on the real engines: hardening.test.ts ("rate limits"),
 * twoInstances.pg.test.ts, and "two instances on one SQLite file" below.
 */
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import type { RateLimitStore } from '../db/repositories/rateLimits';
import { CLAIM_SHARE, MAX_SLOTS_PER_CLAIM, claimSize, databaseRateLimitStore } from '../auth/rateLimitStore';
import { describeOnSqlite, startTestServer, type TestServer } from './harness';

const WINDOW_MS = 60_000;

/** The table's upsert, as both engines run it; each call answers after a turn of the event loop, like a database. */
function sharedTable() {
  const rows = new Map<string, { count: number; windowEndsAt: number }>();
  const table = {
    writes: 0,
    rows,
    async countRequests(key: string, requests: number, windowMs: number, now: number) {
      table.writes += 1;
      await new Promise((resolve) => setImmediate(resolve));
      const row = rows.get(key);
      const next =
        !row || row.windowEndsAt <= now
          ? { count: requests, windowEndsAt: now + windowMs }
          : { count: row.count + requests, windowEndsAt: row.windowEndsAt };
      rows.set(key, next);
      return next;
    },
  } satisfies RateLimitStore & Record<string, unknown>;
  return table;
}

function instance(table: RateLimitStore, clock: { now: number }): FastifyRateLimitStore {
  const Store = databaseRateLimitStore(table, () => clock.now);
  return new Store({} as FastifyRateLimitOptions);
}

function count(store: FastifyRateLimitStore, key: string, max: number): Promise<{ current: number; ttl: number }> {
  return new Promise((resolve, reject) => {
    store.incr(key, (error, result) => (error || !result ? reject(error ?? new Error('no result')) : resolve(result)), WINDOW_MS, max);
  });
}

const admitted = (result: { current: number }, max: number) => result.current <= max;

describe('rate-limit slot blocks', () => {
  it('claims a share of what is left, one slot at a time near the limit and for small limits', () => {
    expect(claimSize(1_000_000, 0)).toBe(MAX_SLOTS_PER_CLAIM);
    expect(claimSize(120, 0)).toBe(120 / CLAIM_SHARE);
    expect(claimSize(120, 110)).toBe(1);
    expect(claimSize(2 * CLAIM_SHARE - 1, 0)).toBe(1);
    expect(claimSize(5, 9)).toBe(1);
  });

  it('admits exactly the limit on one instance, sequential or all at once, then refuses', async () => {
    for (const max of [3, 40, 130]) {
      const clock = { now: 0 };
      const store = instance(sharedTable(), clock);
      const sequential: boolean[] = [];
      for (let request = 0; request < max + 5; request += 1) sequential.push(admitted(await count(store, 'ip:a', max), max));
      expect(sequential).toEqual([...Array(max).fill(true), ...Array(5).fill(false)]);

      const concurrent = await Promise.all(Array.from({ length: max + 20 }, () => count(store, 'ip:b', max)));
      expect(concurrent.filter((result) => admitted(result, max))).toHaveLength(max);
      // every admitted request holds its own slot
      expect(new Set(concurrent.filter((result) => admitted(result, max)).map((result) => result.current)).size).toBe(max);
    }
  });

  it('never admits more than the limit across instances, and refuses no earlier than the documented tolerance', async () => {
    const max = 120;
    for (const instances of [2, 3]) {
      const clock = { now: 0 };
      const table = sharedTable();
      const stores = Array.from({ length: instances }, () => instance(table, clock));
      const answers: boolean[] = [];
      // round robin, as a load balancer would, well past the limit
      for (let request = 0; request < 2 * max; request += 1) {
        answers.push(admitted(await count(stores[request % instances]!, 'user:7', max), max));
      }
      expect(answers.filter(Boolean)).toHaveLength(max);
      const firstRefusal = answers.indexOf(false);
      expect(firstRefusal).toBeGreaterThanOrEqual(max - (instances - 1) * claimSize(max, 0));

      // concurrently, on a fresh key: still never more than the limit
      const together = await Promise.all(
        Array.from({ length: 2 * max }, (_, index) => count(stores[index % instances]!, 'user:8', max)),
      );
      expect(together.filter((result) => admitted(result, max)).length).toBeLessThanOrEqual(max);
    }
  });

  it('writes once per block for a busy key far from its limit, and not at all for requests already refused', async () => {
    const clock = { now: 0 };
    const table = sharedTable();
    const store = instance(table, clock);
    for (let request = 0; request < 640; request += 1) await count(store, 'user:1', 1_000_000);
    expect(table.writes).toBe(640 / MAX_SLOTS_PER_CLAIM);

    table.writes = 0;
    for (let request = 0; request < 10; request += 1) await count(store, 'ip:c', 2);
    // the two admitted; the second claim saw the window used up, so the other eight are refused from memory
    expect(table.writes).toBe(2);
  });

  it('starts a new window once the window has passed, on every instance, with the time left reported', async () => {
    const clock = { now: 1_000 };
    const table = sharedTable();
    const [first, second] = [instance(table, clock), instance(table, clock)];
    expect((await count(first, 'ip:d', 2)).ttl).toBe(WINDOW_MS);
    clock.now += 10_000;
    expect(await count(second, 'ip:d', 2)).toEqual({ current: 2, ttl: WINDOW_MS - 10_000 });
    expect(admitted(await count(first, 'ip:d', 2), 2)).toBe(false);
    clock.now += WINDOW_MS;
    expect(admitted(await count(first, 'ip:d', 2), 2)).toBe(true);
    expect(admitted(await count(second, 'ip:d', 2), 2)).toBe(true);
    expect(admitted(await count(second, 'ip:d', 2), 2)).toBe(false);
  });

  it('fails the request when the database does, and counts again once it answers', async () => {
    const clock = { now: 0 };
    const table = sharedTable();
    let down = true;
    const flaky: RateLimitStore = {
      countRequests: (...args) => (down ? Promise.reject(new Error('database down')) : table.countRequests(...args)),
    };
    const store = instance(flaky, clock);
    await expect(count(store, 'ip:e', 5)).rejects.toThrow('database down');
    down = false;
    expect(await count(store, 'ip:e', 5)).toMatchObject({ current: 1 });
  });
});

describeOnSqlite('two instances on one SQLite file share the rate limits', () => {
  const LIMIT = 40;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    first = await startTestServer({ routeRateLimitMax: LIMIT });
    second = await startTestServer({ routeRateLimitMax: LIMIT, databasePath: first.databasePath });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('admits the limit across both, never more, and refuses no earlier than the tolerance', async () => {
    const statuses: number[] = [];
    for (let request = 0; request < LIMIT + 10; request += 1) {
      const server = request % 2 === 0 ? first : second;
      statuses.push((await server.app.inject({ method: 'GET', url: '/loanmanager/login/' })).statusCode);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT);
    expect(statuses.indexOf(429)).toBeGreaterThanOrEqual(LIMIT - claimSize(LIMIT, 0));
  });
});
