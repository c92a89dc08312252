/** The outbox of mail: the durable queue described in `OutboxStore` (../store.ts). */
import type { ExpressionBuilder, Generated, Kysely, Selectable } from 'kysely';
import { bit, flag, type Database, type Dialect, type Flag } from '../dialect';
import type { OutboxHealth, OutboxMessage, OutboxStore } from '../store';

declare module '../dialect' {
  interface Database {
    outbox: {
      id: Generated<number>; to_address: string; subject: string; body: string | null; links: string | null; sealed: Flag;
      created_at: number; purge_at: number; sent_at: number | null; send_error: string | null; attempts: Generated<number>;
      next_attempt_at: number | null; claimed_by: string | null; claimed_until: number | null; abandoned_at: number | null;
    };
  }
}

const COLUMNS = [
  'id', 'to_address', 'subject', 'body', 'links', 'sealed', 'created_at', 'purge_at', 'sent_at', 'send_error', 'attempts', 'next_attempt_at', 'abandoned_at',
] as const;
type OutboxRow = Pick<Selectable<Database['outbox']>, (typeof COLUMNS)[number]>;

const messageOf = (row: OutboxRow): OutboxMessage => ({
  id: row.id, to: row.to_address, subject: row.subject, body: row.body, links: row.links, sealed: flag(row.sealed), createdAt: row.created_at,
  purgeAt: row.purge_at, sentAt: row.sent_at, sendError: row.send_error, attempts: row.attempts, nextAttemptAt: row.next_attempt_at, abandonedAt: row.abandoned_at,
});

/** What clears a message's claim, and what empties it. */
const UNCLAIMED = { claimed_by: null, claimed_until: null } as const;
const EMPTIED = { body: null, links: null } as const;
/** Not under a live lease at `now`. */
const unleasedAt = (now: number) => (eb: ExpressionBuilder<Database, 'outbox'>) =>
  eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]);

export function outboxRepository(db: Kysely<Database>, d: Dialect): OutboxStore {
  return {
    async addToOutbox(message) {
      const row = {
        to_address: message.to, subject: message.subject, body: message.body, links: message.links, sealed: bit(message.sealed),
        created_at: message.now, purge_at: message.purgeAt, next_attempt_at: message.now,
      };
      return (await db.insertInto('outbox').values(row).returning('id').executeTakeFirstOrThrow()).id;
    },

    async claimDueMessages(instanceId, now, limit, leaseMs) {
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

    async markDelivered(id, now, keepBody) {
      await db
        .updateTable('outbox')
        .set({ sent_at: now, next_attempt_at: null, abandoned_at: null, send_error: null, ...UNCLAIMED, ...(keepBody ? {} : EMPTIED) })
        .where('id', '=', id)
        .where('sent_at', 'is', null)
        .execute();
    },

    async markAttemptFailed(id, instanceId, _now, errorCode, nextAttemptAt) {
      const result = await db
        .updateTable('outbox')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), send_error: errorCode, next_attempt_at: nextAttemptAt, ...UNCLAIMED }))
        .where('id', '=', id)
        .where('claimed_by', '=', instanceId)
        .where('sent_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async markAbandoned(id, instanceId, now, errorCode) {
      const result = await db
        .updateTable('outbox')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), abandoned_at: now, send_error: errorCode, next_attempt_at: null, ...UNCLAIMED, ...EMPTIED }))
        .where('id', '=', id)
        .where('claimed_by', '=', instanceId)
        .where('sent_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async abandonExpired(now) {
      const result = await db
        .updateTable('outbox')
        .set((eb) => ({ abandoned_at: now, send_error: eb.fn.coalesce('send_error', eb.val('expired')), next_attempt_at: null, ...UNCLAIMED, ...EMPTIED }))
        .where('next_attempt_at', 'is not', null)
        .where('purge_at', '<=', now)
        .where(unleasedAt(now))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async purgeOutbox(now) {
      const result = await db.updateTable('outbox').set(EMPTIED).where('body', 'is not', null).where('purge_at', '<=', now).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async listOutbox(limit) {
      return (await db.selectFrom('outbox').select(COLUMNS).orderBy('id', 'desc').limit(limit).execute()).map(messageOf);
    },

    async outboxHealth(now, since): Promise<OutboxHealth> {
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
