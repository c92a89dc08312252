/**
 * Outgoing mail, through a durable queue. Every message is written to the outbox table first;
 * a worker (one per server instance) claims due messages, hands them to SMTP (nodemailer), and
 * records each as delivered, or failed and due again later (exponential backoff with jitter,
 * capped), until its links expire: then it is given up on, logged, and counted by readiness.
 * A claim is a lease (db/repositories/outbox.ts, `outboxRepository`), so several instances on one database never send a
 * message twice while its lease holds, and a crashed instance's claims are retried by another.
 * A message queued before a restart is sent after it.
 *
 * A message carries live links (password reset, email verification), so what stays at rest is
 * kept short and, in production, unreadable: the body and links are sealed with the server
 * secret (AES-256-GCM) while waiting for delivery and emptied once delivered; in development they
 * stay readable for the developer mailbox (/loanmanager/dev/outbox/). Either way they are emptied
 * when the message's links expire (`purgeAt`), leaving metadata only.
 */
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Repositories } from '../db/open';
import type { OutboxMessage } from '../db/records';
import { EMAIL_PATTERN } from '../../src/lib/validation/rules';
import type { MessageCipher } from '../auth/secrets';

interface MailMessage {
  to: string;
  subject: string;
  /** Plain text with the links written out as absolute URLs. */
  body: string;
  /** Paths (starting with /loanmanager/) the message links to, in order. */
  links: string[];
  /** When the message's links stop working (ms since the epoch); its text is purged then. */
  expiresAt?: number;
}

/** What nodemailer's transports offer, and all tests need to replace one. */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
  close?(): void;
}

/** How the worker polls, claims and retries. */
export interface MailDeliverySettings {
  /** Names this instance's claims (and its log lines). */
  instanceId: string;
  /** How often the worker looks for due messages (a new message wakes it at once). */
  pollIntervalMs: number;
  /** How long a claim holds: far above the longest send (the SMTP timeouts below). */
  leaseMs: number;
  /** The delay after the first failure; it doubles with each further failure, up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Messages sent at once by this instance. */
  concurrency: number;
}

export const DEFAULT_MAIL_DELIVERY: Omit<MailDeliverySettings, 'instanceId'> = {
  pollIntervalMs: 5_000,
  leaseMs: 5 * 60_000,
  retryBaseMs: 30_000,
  retryMaxMs: 15 * 60_000,
  concurrency: 4,
};

/** nodemailer waits minutes by default; a send must end well within the lease. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

export interface Mailer {
  /** Whether messages are handed to SMTP (false: development without SMTP_URL, the developer mailbox only). */
  readonly deliveryOn: boolean;
  /** Queues the message; resolves with its outbox id once stored, or null when the address is not
   * a bare address (never handed to SMTP: `x<victim@example.com>` would reach the victim). */
  send(message: MailMessage): Promise<number | null>;
  /** Work that queues mail once a request has been answered (equal timing: the answer must not wait
   * for it). `deliverDue`, `settled` and `close` wait for it; it must catch and log its own errors. */
  afterAnswer(work: Promise<unknown>): void;
  /** Resolves once every `afterAnswer` work has ended. */
  settled(): Promise<void>;
  /** Empties the text of every message whose links have expired. */
  purge(): Promise<number>;
  /** Runs one pass of the worker now (gives up on expired messages, purges, sends what is due),
   * after any pass under way; resolves with how many messages were delivered. */
  deliverDue(): Promise<number>;
  /** Stops the worker, lets a send in flight finish and be recorded, then closes the SMTP
   * transport (on shutdown). Messages not yet sent stay queued for the next start. */
  close(): Promise<void>;
}

/** A message without links (the username reminder) keeps its text this long. */
const UNLINKED_MESSAGE_HOURS = 48;

/** The delay before attempt `failures + 1`: base * 2^(failures - 1), capped, then jittered into its
 * upper half so instances that failed together do not retry together. */
export function retryDelayMs(failures: number, settings: Pick<MailDeliverySettings, 'retryBaseMs' | 'retryMaxMs'>, random: () => number): number {
  const exponent = Math.min(Math.max(failures - 1, 0), 30);
  const capped = Math.min(settings.retryMaxMs, settings.retryBaseMs * 2 ** exponent);
  return Math.round(capped / 2 + random() * (capped / 2));
}

/** The SMTP client's error as a short code: its text can quote the message or the address. */
export function smtpErrorCode(error: unknown): string {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  const name = typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code) ? code : 'SEND_FAILED';
  return typeof responseCode === 'number' && Number.isInteger(responseCode) ? `${name}:${responseCode}` : name;
}

/** A 5xx reply is the receiving server's final word (no such mailbox, refused): no retry helps. */
function isPermanentFailure(error: unknown): boolean {
  const responseCode = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
}

export function createMailer(options: {
  store: Repositories;
  smtpUrl: string | null;
  /** Replaces the SMTP transport (tests). */
  transport?: MailTransport;
  from: string;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Seals bodies at rest and empties them once delivered (production); null keeps them readable. */
  cipher: MessageCipher | null;
  delivery: MailDeliverySettings;
  /** Jitter source (tests pin it). */
  random?: () => number;
}): Mailer {
  const { store, log, delivery } = options;
  const transport: MailTransport | null =
    options.transport ??
    (options.smtpUrl ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS }) : null);
  const random = options.random ?? Math.random;
  const nowMs = () => options.now().getTime();
  const keepBody = options.cipher === null;
  let closing = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<number> | null = null;
  let again = false;
  const pendingWork = new Set<Promise<unknown>>();
  const settled = async () => {
    while (pendingWork.size > 0) await Promise.allSettled([...pendingWork]);
  };

  const giveUp = async (message: OutboxMessage, code: string, reason: string) => {
    if (await store.markAbandoned(message.id, delivery.instanceId, nowMs(), code)) {
      log.warn({ outboxId: message.id, attempts: message.attempts + 1, code, reason }, 'mail abandoned');
    }
  };

  /** Sends one claimed message and records the outcome; true when delivered. */
  const sendClaimed = async (message: OutboxMessage): Promise<boolean> => {
    if (!transport) return false;
    if (!EMAIL_PATTERN.test(message.to)) {
      await giveUp(message, 'BAD_ADDRESS', 'the address is not a bare address');
      return false;
    }
    const text = message.body === null ? null : message.sealed ? (options.cipher?.open(message.body) ?? null) : message.body;
    if (text === null) {
      await giveUp(message, 'UNREADABLE', 'sealed under a secret this server does not hold');
      return false;
    }
    try {
      await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text });
    } catch (error) {
      const code = smtpErrorCode(error);
      const now = nowMs();
      const nextAttemptAt = now + retryDelayMs(message.attempts + 1, delivery, random);
      if (isPermanentFailure(error)) await giveUp(message, code, 'refused by the mail server');
      else if (nextAttemptAt >= message.purgeAt) await giveUp(message, code, 'its links expire before the next attempt');
      else if (await store.markAttemptFailed(message.id, delivery.instanceId, now, code, nextAttemptAt)) {
        log.warn(
          { outboxId: message.id, attempts: message.attempts + 1, code, nextAttemptAt: new Date(nextAttemptAt).toISOString() },
          'mail could not be sent; will retry',
        );
      }
      return false;
    }
    await store.markDelivered(message.id, nowMs(), keepBody);
    log.info({ outboxId: message.id, attempts: message.attempts + 1 }, 'mail sent');
    return true;
  };

  /** One lane: claims a message at a time (so a shutdown leaves no idle claims behind) until none is due. */
  const lane = async (): Promise<number> => {
    let delivered = 0;
    while (!closing) {
      const [message] = await store.claimDueMessages(delivery.instanceId, nowMs(), 1, delivery.leaseMs);
      if (!message) break;
      if (await sendClaimed(message)) delivered += 1;
    }
    return delivered;
  };

  const purge = async () => {
    const purged = await store.purgeOutbox(nowMs());
    if (purged > 0) log.info({ purged }, 'expired mail text purged');
    return purged;
  };

  const pass = async (): Promise<number> => {
    const expired = await store.abandonExpired(nowMs());
    if (expired > 0) log.warn({ abandoned: expired, code: 'expired' }, 'mail abandoned: its links expired before delivery');
    await purge();
    if (!transport) return 0;
    const lanes = await Promise.all(Array.from({ length: delivery.concurrency }, lane));
    return lanes.reduce((sum, count) => sum + count, 0);
  };

  /** Passes never overlap: a wake-up during a pass runs one more pass after it. */
  const runPass = (): Promise<number> => {
    if (current) {
      again = true;
      return current.then(() => (current ?? runPass()));
    }
    current = pass()
      .catch((error: unknown) => {
        log.error({ err: error }, 'mail delivery pass failed');
        return 0;
      })
      .finally(() => {
        current = null;
        if (again && !closing) {
          again = false;
          void runPass();
        }
      });
    return current;
  };

  const schedule = () => {
    if (closing) return;
    timer = setTimeout(() => {
      void runPass().finally(schedule);
    }, delivery.pollIntervalMs);
    timer.unref();
  };
  schedule();

  return {
    deliveryOn: transport !== null,
    async send(message) {
      if (!EMAIL_PATTERN.test(message.to)) {
        log.warn({ subject: message.subject }, 'mail not sent: the address on file is not a bare address');
        return null;
      }
      const now = nowMs();
      const links = JSON.stringify(message.links);
      const id = await store.addToOutbox({
        to: message.to,
        subject: message.subject,
        body: options.cipher ? options.cipher.seal(message.body) : message.body,
        links: options.cipher ? options.cipher.seal(links) : links,
        sealed: options.cipher !== null,
        now,
        purgeAt: message.expiresAt ?? now + UNLINKED_MESSAGE_HOURS * 3600 * 1000,
      });
      log.info({ outboxId: id, subject: message.subject }, 'mail queued');
      if (transport) void runPass();
      else await purge();
      return id;
    },
    afterAnswer(work) {
      const tracked = work.catch(() => undefined).finally(() => pendingWork.delete(tracked));
      pendingWork.add(tracked);
    },
    settled,
    purge,
    async deliverDue() {
      await settled();
      return runPass();
    },
    async close() {
      await settled();
      closing = true;
      if (timer) clearTimeout(timer);
      while (current) await current;
      transport?.close?.();
    },
  };
}

/** recover_username shows where the username went without disclosing the address:
 * the first character of the local part, three asterisks, and the domain in full
 * (dana.demo@example.com becomes d***@example.com). */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address.slice(0, 1)}***${address.slice(at)}`;
}
