/**
 * A real SMTP server for the mail tests (the `smtp-server` package, plain SMTP on loopback, no
 * authentication): it records what it receives, can answer slowly, and can go down and come back
 * on the same port.
 */
import { SMTPServer } from 'smtp-server';

interface ReceivedMail {
  to: string[];
  subject: string;
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Delays each message's acceptance (after its data arrived) by this long. */
  setAcceptDelay(ms: number): void;
  /** Resolves once the next message's data has arrived (before it is accepted). */
  nextData(): Promise<void>;
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

function headerOf(raw: string, name: string): string {
  const match = new RegExp(`^${name}: (.*)$`, 'im').exec(raw);
  return match?.[1]?.trim() ?? '';
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let acceptDelayMs = 0;
  let dataWaiters: Array<() => void> = [];
  let port = 0;
  let server: SMTPServer | null = null;

  const listen = async () => {
    const instance = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const waiters = dataWaiters;
          dataWaiters = [];
          for (const waiter of waiters) waiter();
          setTimeout(() => {
            const raw = Buffer.concat(chunks).toString('utf8');
            received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), subject: headerOf(raw, 'Subject'), raw });
            callback();
          }, acceptDelayMs);
        });
      },
    });
    instance.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      instance.server.once('error', reject);
      instance.listen(port, '127.0.0.1', () => resolve());
    });
    port = (instance.server.address() as { port: number }).port;
    server = instance;
  };
  await listen();

  return {
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    received,
    setAcceptDelay(ms) {
      acceptDelayMs = ms;
    },
    nextData() {
      return new Promise<void>((resolve) => dataWaiters.push(resolve));
    },
    async stop() {
      const current = server;
      server = null;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    start: listen,
  };
}
