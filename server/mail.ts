/**
 * Outgoing mail. Every message is written to the outbox table first (the developer mailbox at
 * /loanmanager/dev/outbox/ reads it); with SMTP_URL set it is also sent through nodemailer,
 * after the response, so a slow mail server never delays a request.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { PortalStore } from './db/database';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text with the links written out as absolute URLs. */
  body: string;
  /** Paths (starting with /loanmanager/) the message links to, in order. */
  links: string[];
}

export interface Mailer {
  /** Queues the message; resolves with its outbox id once stored. */
  send(message: MailMessage): Promise<number>;
  /** Waits for messages still being handed to SMTP, then closes the connection (on shutdown). */
  close(): Promise<void>;
}

export function createMailer(options: {
  store: PortalStore;
  smtpUrl: string | null;
  from: string;
  now: () => Date;
  log: FastifyBaseLogger;
}): Mailer {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const pending = new Set<Promise<void>>();

  const deliver = async (id: number, message: MailMessage) => {
    if (!transport) return;
    try {
      await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.body });
      await options.store.markOutboxSent(id, options.now().getTime(), null);
      options.log.info({ outboxId: id }, 'mail sent');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await options.store.markOutboxSent(id, options.now().getTime(), reason.slice(0, 500));
      options.log.warn({ outboxId: id }, 'mail could not be sent');
    }
  };

  return {
    async send(message) {
      const id = await options.store.addToOutbox({ ...message, now: options.now().getTime() });
      options.log.info({ outboxId: id, subject: message.subject }, 'mail queued');
      const delivery = deliver(id, message);
      pending.add(delivery);
      void delivery.finally(() => pending.delete(delivery));
      return id;
    },
    async close() {
      await Promise.all([...pending]);
      transport?.close();
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
