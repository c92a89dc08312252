/** The outbox of mail: a durable queue (the factory below says how it works on both engines). */
import type { ExpressionBuilder, Generated, Kysely, Selectable } from 'kysely';
import { bit, type Database, type Dialect, type Flag } from '../dialect';
import type { OutboxHealth, OutboxMessage } from '../records';
import { recordOf } from '../rows';

declare module '../dialect' {
  interface Database {
    outbox: {
      id: Generated<number>; to_address: string; subject: string;
      /** Plain text, sealed text (see `sealed`), or null once delivered (production), given up on or purged. */
      body: string | null;
      /** The JSON list of link paths, sealed or not like the body; null with it. */
      links: string | null;
      sealed: Flag; created_at: number;
      /** When the message's links expire: its text is emptied then, and it is no longer tried. */
      purge_at: number;
      sent_at: number | null;
      /** The last SMTP failure, as a short code only (an SMTP error text can quote the message). */
      send_error: string | null;
      /** Delivery attempts that failed so far. */
      attempts: Generated<number>;
      /** When the next attempt is due; null once the message is delivered or given up on. */
      next_attempt_at: number | null;
      claimed_by: string | null; claimed_until: number | null;
      /** When delivery was given up on (links expired, or never deliverable); null otherwise. */
      abandoned_at: number | null;
    };
  }
}

const COLUMNS = [
  'id', 'to_address', 'subject', 'body', 'links', 'sealed', 'created_at', 'purge_at', 'sent_at', 'send_error', 'attempts', 'next_attempt_at', 'abandoned_at',
] as const;
type OutboxRow = Pick<Selectable<Database['outbox']>, (typeof COLUMNS)[number]>;

const messageOf = ({ to_address: to, ...row }: OutboxRow): OutboxMessage => ({ to, ...recordOf(row, ['sealed']) });

/** What clears a message's claim, and what empties it. */
const UNCLAIMED = { claimed_by: null, claimed_until: null } as const;
const EMPTIED = { body: null, links: null } as const;
/** Not under a live lease at `now`. */
const unleasedAt = (now: number) => (eb: ExpressionBuilder<Database, 'outbox'>) =>
  eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]);

/**
 * Mail: the outbox, a durable queue. A message is stored before anything is sent, then claimed
 * by one worker at a time, sent, and recorded as delivered, failed (to be retried later) or
 * abandoned. A claim is a lease: if the worker dies mid-send, the message becomes claimable again
 * once the lease runs out, so a crashed instance's mail is sent by another (at the price of a
 * possible second copy of a message whose send had in fact completed: at least once, never lost).
 *
 * Engine notes: each method is atomic on its own. SQLite claims inside one write transaction
 * (one writer at a time, so two workers on one file never claim the same row); PostgreSQL claims
 * with `SELECT ... FOR UPDATE SKIP LOCKED` inside the UPDATE, so concurrent claimers skip each
 * other's rows instead of waiting on them. Times are ms since the epoch, always passed in (never
 * the database clock), so tests can move time and instances agree with their own logs.
 */
export function outboxRepository(db: Kysely<Database>, d: Dialect) {
  return {
    /** Stores a new message, due at once (`nextAttemptAt` = `now`, `attempts` 0); returns its id. */
    async addToOutbox(message: {
      to: string;
      subject: string;
      body: string;
      links: string;
      sealed: boolean;
      now: number;
      purgeAt: number;
    }): Promise<number> {
      const row = {
        to_address: message.to, subject: message.subject, body: message.body, links: message.links, sealed: bit(message.sealed),
        created_at: message.now, purge_at: message.purgeAt, next_attempt_at: message.now,
      };
      return (await db.insertInto('outbox').values(row).returning('id').executeTakeFirstOrThrow()).id;
    },

    /**
     * Claims up to `limit` messages for `instanceId` and returns them, oldest due first
     * (nextAttemptAt, then id). A message is claimable when it is pending (nextAttemptAt not null),
     * due (nextAttemptAt <= now), its links have not expired (purgeAt > now), its body is not null,
     * and it is not under another live lease (no claim, or claimedUntil <= now). Claiming sets
     * claimedBy = instanceId and claimedUntil = now + leaseMs; it changes nothing else. Two
     * concurrent calls never return the same message while its lease holds.
     */
    async claimDueMessages(instanceId: string, now: number, limit: number, leaseMs: number): Promise<OutboxMessage[]> {
      // One statement on both engines. PostgreSQL: rows another instance is claiming right now are
      // skipped, not waited for, and a row claimed and committed meanwhile fails the re-checked
      // lease condition. SQLite: the statement holds the write lock from its start (one writer).
      const unleased = unleasedAt(now);
      const claimed = await db
        .updateTable('outbox')
        .set({ claimed_by: instanceId, claimed_until: now + leaseMs })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('outbox')
            .select('id')
            .where('next_attempt_at', 'is not', null)
            .where('next_attempt_at', '<=', now)
            .where('purge_at', '>', now)
            .where('body', 'is not', null)
            .where(unleased)
            .orderBy('next_attempt_at')
            .orderBy('id')
            .limit(limit)
            .$if(d.rowLocks, (query) => query.forUpdate().skipLocked()),
        )
        .where(unleased)
        .returning(COLUMNS)
        .execute();
      return claimed.map(messageOf).sort((a, b) => (a.nextAttemptAt ?? 0) - (b.nextAttemptAt ?? 0) || a.id - b.id);
    },

    /**
     * Records a delivery: sentAt = now, nextAttemptAt, abandonedAt, sendError and the claim
     * cleared; body and links emptied unless `keepBody` (the development mailbox). It does not
     * check the claim (the mail has gone out, whoever sent it) and does nothing if the message is
     * already recorded as delivered.
     */
    async markDelivered(id: number, now: number, keepBody: boolean): Promise<void> {
      await db
        .updateTable('outbox')
        .set({ sent_at: now, next_attempt_at: null, abandoned_at: null, send_error: null, ...UNCLAIMED, ...(keepBody ? {} : EMPTIED) })
        .where('id', '=', id)
        .where('sent_at', 'is', null)
        .execute();
    },

    /**
     * Records a failed attempt by the holder of the claim: attempts + 1, sendError = errorCode,
     * nextAttemptAt as given, claim cleared; body kept for the retry. Does nothing and returns
     * false unless the message is undelivered and still claimed by `instanceId` (a worker whose
     * lease ran out must not reschedule a message another worker now holds or has delivered).
     */
    async markAttemptFailed(id: number, instanceId: string, _now: number, errorCode: string, nextAttemptAt: number): Promise<boolean> {
      const result = await db
        .updateTable('outbox')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), send_error: errorCode, next_attempt_at: nextAttemptAt, ...UNCLAIMED }))
        .where('id', '=', id)
        .where('claimed_by', '=', instanceId)
        .where('sent_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Gives up on a message claimed by `instanceId` (its next attempt would come after its links
     * expire, or it can never be sent): attempts + 1, abandonedAt = now, sendError = errorCode,
     * nextAttemptAt and the claim cleared, body and links emptied. Same claim condition and
     * result as `markAttemptFailed`.
     */
    async markAbandoned(id: number, instanceId: string, now: number, errorCode: string): Promise<boolean> {
      const result = await db
        .updateTable('outbox')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), abandoned_at: now, send_error: errorCode, next_attempt_at: null, ...UNCLAIMED, ...EMPTIED }))
        .where('id', '=', id)
        .where('claimed_by', '=', instanceId)
        .where('sent_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Gives up on every pending message whose links have expired (purgeAt <= now) and that is not
     * under a live lease: abandonedAt = now, sendError = its last code or 'expired', nextAttemptAt
     * and claim cleared, body and links emptied. Returns how many. (Catches messages no worker
     * reached in time, e.g. while every instance was down.)
     */
    async abandonExpired(now: number): Promise<number> {
      const result = await db
        .updateTable('outbox')
        .set((eb) => ({ abandoned_at: now, send_error: eb.fn.coalesce('send_error', eb.val('expired')), next_attempt_at: null, ...UNCLAIMED, ...EMPTIED }))
        .where('next_attempt_at', 'is not', null)
        .where('purge_at', '<=', now)
        .where(unleasedAt(now))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Empties the body and links of every message whose purge time has passed; returns how many. */
    async purgeOutbox(now: number): Promise<number> {
      const result = await db.updateTable('outbox').set(EMPTIED).where('body', 'is not', null).where('purge_at', '<=', now).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** The newest messages first. */
    async listOutbox(limit: number): Promise<OutboxMessage[]> {
      return (await db.selectFrom('outbox').select(COLUMNS).orderBy('id', 'desc').limit(limit).execute()).map(messageOf);
    },

    /** Counts for readiness; `since` bounds the abandoned count (e.g. the last 24 hours). */
    async outboxHealth(now: number, since: number): Promise<OutboxHealth> {
      const row = await db
        .selectFrom('outbox')
        .select((eb) => [
          eb.fn.countAll<number>().filterWhere('next_attempt_at', 'is not', null).as('pending'),
          eb.fn.countAll<number>().filterWhere((f) => f.and([f('next_attempt_at', 'is not', null), f('attempts', '>', 0)])).as('retrying'),
          eb.fn.min<number | null>('created_at').filterWhere((f) => f.and([f('next_attempt_at', 'is not', null), f('next_attempt_at', '<=', now)])).as('oldest_due'),
          eb.fn.countAll<number>().filterWhere((f) => f.and([f('abandoned_at', 'is not', null), f('abandoned_at', '>=', since)])).as('abandoned'),
        ])
        .where((eb) => eb.or([eb('next_attempt_at', 'is not', null), eb('abandoned_at', '>=', since)]))
        .executeTakeFirst();
      return {
        pending: Number(row?.pending ?? 0),
        retrying: Number(row?.retrying ?? 0),
        oldestDueAgeMs: row?.oldest_due == null ? null : now - Number(row.oldest_due),
        abandonedSince: Number(row?.abandoned ?? 0),
      };
    },
  };
}
