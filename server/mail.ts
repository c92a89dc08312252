/**
 * Outgoing mail. Every message is written to the outbox table first, then sent through SMTP
 * (nodemailer) after the response, so a slow mail server never delays a request.
 *
 * A message carries live links (password reset, email verification), so what stays at rest is
 * kept short and, in production, unreadable: the body and links are sealed with the server
 * secret (AES-256-GCM) while waiting for delivery and emptied once delivered; in development they
 * stay readable for the developer mailbox (/loanmanager/dev/outbox/). Either way they are emptied
 * when the message's links expire (`purgeAt`), leaving metadata only.
 */
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { PortalStore } from './db/store';
import { EMAIL_PATTERN } from '../src/lib/validation/rules';
import type { MessageCipher } from './secrets';

export interface MailMessage {
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

export interface Mailer {
  /** Queues the message; resolves with its outbox id once stored, or null when the address is not
   * a bare address (never handed to SMTP: `x<victim@example.com>` would reach the victim). */
  send(message: MailMessage): Promise<number | null>;
  /** Empties the text of every message whose links have expired. */
  purge(): Promise<number>;
  /** Waits for messages still being handed to SMTP, then closes the connection (on shutdown). */
  close(): Promise<void>;
}

/** A message without links (the username reminder) keeps its text this long. */
export const UNLINKED_MESSAGE_HOURS = 48;
const PURGE_INTERVAL_MS = 60_000;

export function createMailer(options: {
  store: PortalStore;
  smtpUrl: string | null;
  /** Replaces the SMTP transport (tests). */
  transport?: MailTransport;
  from: string;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Seals bodies at rest and empties them once delivered (production); null keeps them readable. */
  cipher: MessageCipher | null;
}): Mailer {
  const transport: MailTransport | null =
    options.transport ?? (options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null);
  const pending = new Set<Promise<void>>();
  const nowMs = () => options.now().getTime();
  const keepBody = options.cipher === null;

  const deliver = async (id: number, message: MailMessage) => {
    if (!transport) return;
    try {
      await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.body });
      await options.store.markOutboxSent(id, nowMs(), null, keepBody);
      options.log.info({ outboxId: id }, 'mail sent');
    } catch (error) {
      // the error text of an SMTP client can quote the message: keep its code only
      const code = (error as { code?: unknown } | null)?.code;
      await options.store.markOutboxSent(id, nowMs(), typeof code === 'string' ? code.slice(0, 100) : 'send failed', true);
      options.log.warn({ outboxId: id, code }, 'mail could not be sent');
    }
  };

  const purge = async () => {
    const purged = await options.store.purgeOutbox(nowMs());
    if (purged > 0) options.log.info({ purged }, 'expired mail text purged');
    return purged;
  };
  const timer = setInterval(() => {
    purge().catch((error: unknown) => options.log.error({ err: error }, 'mail purge failed'));
  }, PURGE_INTERVAL_MS);
  timer.unref();

  return {
    async send(message) {
      if (!EMAIL_PATTERN.test(message.to)) {
        options.log.warn({ subject: message.subject }, 'mail not sent: the address on file is not a bare address');
        return null;
      }
      const now = nowMs();
      const links = JSON.stringify(message.links);
      const id = await options.store.addToOutbox({
        to: message.to,
        subject: message.subject,
        body: options.cipher ? options.cipher.seal(message.body) : message.body,
        links: options.cipher ? options.cipher.seal(links) : links,
        sealed: options.cipher !== null,
        now,
        purgeAt: message.expiresAt ?? now + UNLINKED_MESSAGE_HOURS * 3600 * 1000,
      });
      options.log.info({ outboxId: id, subject: message.subject }, 'mail queued');
      await purge();
      const delivery = deliver(id, message);
      pending.add(delivery);
      void delivery.finally(() => pending.delete(delivery));
      return id;
    },
    purge,
    async close() {
      clearInterval(timer);
      await Promise.all([...pending]);
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
