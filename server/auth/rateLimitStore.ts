/**
 * The counters of `@fastify/rate-limit` in the database instead of each process's memory, so
 * several instances behind one load balancer count every request alike: a client cannot get
 * N times the limit by landing on N instances.
 *
 * An instance does not write a row per request: it claims request slots from the database in
 * blocks and hands them out from memory. A claim adds the block to the key's count in one atomic
 * upsert and gets back the count after it, so the block's slots are the numbers
 * `count - block + 1 … count`; only slots up to the limit are handed out. Every request admitted
 * therefore holds its own slot number ≤ the limit, whichever instance admitted it: **the limit is
 * never exceeded**, on one instance or many. The price is on the other side: slots an instance
 * holds and does not use are lost to the others, so a client spread over N instances can be
 * refused up to (N − 1) × `claimSize` requests before reaching the limit. A block is at most
 * `MAX_SLOTS_PER_CLAIM` and at most 1/`CLAIM_SHARE` of what the instance last saw left of the
 * limit: limits under 2 × `CLAIM_SHARE` are counted one request at a time, exactly as before,
 * and slots are claimed one at a time again as a busy key nears its limit.
 * Once the database says the window is used up, the instance refuses the key's requests from
 * memory until the window ends (a count never goes down within a window).
 */
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RateLimitStore } from '../db/repositories/rateLimits';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];

/** The most slots one claim takes: a busy key far from its limit costs one write per this many requests. */
export const MAX_SLOTS_PER_CLAIM = 64;
/** A claim takes at most this fraction (1/n) of what the instance last saw left of the limit. */
export const CLAIM_SHARE = 8;
/** Keys whose window has ended are dropped from memory once this many are held (and once per window). */
const SWEEP_AT_KEYS = 10_000;

/** How many slots a claim asks for, given the limit and the count this instance last saw. */
export function claimSize(max: number, lastSeenCount: number): number {
  return Math.max(1, Math.min(MAX_SLOTS_PER_CLAIM, Math.floor((max - lastSeenCount) / CLAIM_SHARE)));
}

interface HeldSlots {
  windowEndsAt: number;
  /** The next slot number to hand out. */
  next: number;
  /** The last slot number held (inclusive): none left when next > last. */
  last: number;
  /** The key's count in the database after this instance's last claim. */
  seen: number;
  /** A claim in flight: requests for the key wait for it rather than claim on their own. */
  claiming: Promise<unknown> | null;
}

/** A store class for the plugin's `store` option, counting through `counters` on the server's clock. */
export function databaseRateLimitStore(counters: RateLimitStore, nowMs: () => number): FastifyRateLimitStoreCtor {
  // one map for the global store and every route's child: their keys carry the route
  const held = new Map<string, HeldSlots>();
  let lastSweep = 0;

  function sweep(now: number, windowMs: number) {
    if (held.size < SWEEP_AT_KEYS && now - lastSweep < windowMs) return;
    lastSweep = now;
    for (const [key, slots] of held) if (slots.windowEndsAt <= now && !slots.claiming) held.delete(key);
  }

  async function claim(key: string, max: number, windowMs: number, now: number): Promise<void> {
    const previous = held.get(key);
    const lastSeen = previous && now < previous.windowEndsAt ? previous.seen : 0;
    const size = claimSize(max, lastSeen);
    const slots: HeldSlots = previous ?? { windowEndsAt: 0, next: 1, last: 0, seen: 0, claiming: null };
    const pending = counters.countRequests(key, size, windowMs, now);
    slots.claiming = pending;
    held.set(key, slots);
    try {
      const { count, windowEndsAt } = await pending;
      slots.windowEndsAt = windowEndsAt;
      slots.next = count - size + 1;
      slots.last = Math.min(count, max);
      slots.seen = count;
    } finally {
      slots.claiming = null;
    }
    sweep(now, windowMs);
  }

  async function take(key: string, max: number, windowMs: number): Promise<{ current: number; ttl: number }> {
    for (;;) {
      const slots = held.get(key);
      if (slots?.claiming) {
        await slots.claiming.catch(() => undefined);
        continue;
      }
      const now = nowMs();
      if (slots && now < slots.windowEndsAt) {
        const ttl = slots.windowEndsAt - now;
        if (slots.next <= slots.last) return { current: slots.next++, ttl };
        // every slot up to the limit is taken (here or by another instance) until the window ends
        if (slots.seen >= max) return { current: Math.max(slots.seen, max) + 1, ttl };
      }
      await claim(key, max, windowMs, now);
    }
  }

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    /**
     * Routes with a limit of their own count apart (as the plugin's own stores do): their key starts with
     * the route, or with the limit's `groupId` when it has one (routes that share one count: the reset
     * link's checks, server/routes/account.ts).
     */
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly keyPrefix = '',
    ) {}

    incr(key: string, callback: IncrCallback, timeWindow: number, max: number) {
      take(this.keyPrefix + key, max, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error('rate-limit store failed')),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0] & { routeInfo?: { method?: unknown; url?: unknown }; groupId?: string }) {
      const route = routeOptions.routeInfo ?? {};
      const counted = routeOptions.groupId ? `group ${routeOptions.groupId}` : `${String(route.method)} ${String(route.url)}`;
      return new DatabaseRateLimitStore(routeOptions as FastifyRateLimitOptions, `${this.keyPrefix}${counted}|`);
    }
  }
  return DatabaseRateLimitStore;
}
