/**
 * The outbox as a durable queue, against a real SMTP server (server/test/smtp.ts): delivery,
 * the SMTP server down for a while then back, a restart with mail queued, giving up once the
 * links expire, and two workers on one SQLite database.
 */
import BetterSqlite3 from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_MAIL_DELIVERY, retryDelayMs, smtpErrorCode } from '../mail/mail';
import { openSqliteRepositories } from '../db/open';
import { serverKeys } from '../auth/secrets';
import { API, describeOnSqlite, lastReadiness, startTestServer, type TestServer } from './harness';
import { startSmtpServer, type TestSmtpServer } from './smtp';

const waitFor = async (condition: () => boolean, ms = 5000) => {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

interface OutboxRow {
  id: number;
  body: string | null;
  links: string | null;
  sent_at: number | null;
  send_error: string | null;
  attempts: number;
  next_attempt_at: number | null;
  abandoned_at: number | null;
  claimed_by: string | null;
}

function outboxRows(databasePath: string): OutboxRow[] {
  const db = new BetterSqlite3(databasePath, { readonly: true });
  try {
    return db.prepare('SELECT * FROM outbox ORDER BY id').all() as OutboxRow[];
  } finally {
    db.close();
  }
}

const RETRY_MAX_MS = DEFAULT_MAIL_DELIVERY.retryMaxMs;

async function requestReset(server: TestServer, username = 'dana.demo') {
  const client = server.client();
  await client.visit();
  const response = await client.post(`${API}account/request_password_reset/`, { username, recaptcha_response: 't' });
  expect(response.statusCode).toBe(200);
}

let smtp: TestSmtpServer;
const servers: TestServer[] = [];
const dirs: string[] = [];

beforeEach(async () => {
  smtp = await startSmtpServer();
});
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  await smtp.stop();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function server(overrides: Parameters<typeof startTestServer>[0] = {}) {
  const started = await startTestServer({ smtpUrl: smtp.url, instanceId: 'test-a', ...overrides });
  servers.push(started);
  return started;
}

function sharedDatabase() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loanmanager-outbox-'));
  dirs.push(dir);
  return { databasePath: path.join(dir, 'shared.sqlite'), serverSecret: randomBytes(32) };
}

// These read the SQLite file and restart on it; on PostgreSQL, twoInstances.pg.test.ts covers claiming.
describeOnSqlite('mail delivery through SMTP', () => {
  it('production: a reset email reaches the SMTP server, sealed while queued and emptied once delivered', async () => {
    const portal = await server({ production: true });
    await requestReset(portal);
    await portal.app.mailer.deliverDue();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ to: ['dana.demo@example.com'], subject: 'Reset your Loan Manager password' });
    expect(smtp.received[0]!.raw).toContain('/loanmanager/reset_password/');
    const [row] = outboxRows(portal.databasePath);
    expect(row).toMatchObject({ body: null, links: null, send_error: null, next_attempt_at: null, claimed_by: null });
    expect(row!.sent_at).toBe(portal.clock.now().getTime());
  });

  it('keeps retrying while the SMTP server is down, and delivers exactly once when it is back', async () => {
    const portal = await server({ production: true });
    await smtp.stop();
    await requestReset(portal);
    await portal.app.mailer.deliverDue();
    let [row] = outboxRows(portal.databasePath);
    expect(row).toMatchObject({ attempts: 1, send_error: 'ESOCKET', sent_at: null, claimed_by: null });
    expect(row!.body).toMatch(/^gcm1\./);
    // not due yet: nothing is tried before the backoff
    await portal.app.mailer.deliverDue();
    expect(outboxRows(portal.databasePath)[0]!.attempts).toBe(1);

    portal.clock.advance(RETRY_MAX_MS);
    await portal.app.mailer.deliverDue();
    expect(outboxRows(portal.databasePath)[0]!.attempts).toBe(2);
    await portal.client().get('/loanmanager/readyz');
    expect(lastReadiness(portal)?.mail).toMatchObject({ delivery: 'smtp', pending: 1, retrying: 1 });
    expect(portal.logs()).toContain('mail could not be sent; will retry');
    expect(portal.logs()).not.toContain('reset_password/');

    await smtp.start();
    portal.clock.advance(RETRY_MAX_MS);
    await portal.app.mailer.deliverDue();
    portal.clock.advance(RETRY_MAX_MS);
    await portal.app.mailer.deliverDue();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.raw).toContain('/loanmanager/reset_password/');
    [row] = outboxRows(portal.databasePath);
    expect(row).toMatchObject({ attempts: 2, sent_at: portal.clock.now().getTime() - RETRY_MAX_MS, body: null, next_attempt_at: null });
  });

  it('sends after a restart the mail queued before it', async () => {
    const shared = sharedDatabase();
    const before = await startTestServer({ ...shared, smtpUrl: null });
    await requestReset(before);
    await before.close();
    expect(smtp.received).toHaveLength(0);

    const after = await server({ ...shared, seedDemoData: false });
    await after.app.mailer.deliverDue();
    expect(smtp.received.map((mail) => mail.subject)).toEqual(['Reset your Loan Manager password']);
    expect(outboxRows(shared.databasePath)[0]!.sent_at).not.toBeNull();
  });

  it('a message queued before a restart is sent by the poll, without any new mail', async () => {
    const shared = sharedDatabase();
    const before = await startTestServer({ ...shared, smtpUrl: null });
    await requestReset(before);
    await before.close();
    await server({ ...shared, seedDemoData: false, mailDelivery: { ...DEFAULT_MAIL_DELIVERY, pollIntervalMs: 20 } });
    await waitFor(() => smtp.received.length === 1);
  });

  it('gives up once the links expire: logged, the text emptied, visible in readiness, never sent later', async () => {
    const portal = await server({ production: true });
    await smtp.stop();
    await requestReset(portal);
    for (let elapsed = 0; elapsed < 70 * 60_000; elapsed += RETRY_MAX_MS) {
      await portal.app.mailer.deliverDue();
      portal.clock.advance(RETRY_MAX_MS);
    }
    await portal.app.mailer.deliverDue();
    const [row] = outboxRows(portal.databasePath);
    expect(row).toMatchObject({ body: null, links: null, sent_at: null, next_attempt_at: null, send_error: 'ESOCKET' });
    expect(row!.abandoned_at).not.toBeNull();
    expect(row!.attempts).toBeGreaterThan(2);
    expect(portal.logs()).toContain('mail abandoned');

    const ready = await portal.client().get('/loanmanager/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(lastReadiness(portal)).toMatchObject({ ready: true, mail: { state: 'degraded', pending: 0, abandoned_last_24h: 1 } });

    await smtp.start();
    portal.clock.advance(RETRY_MAX_MS);
    await portal.app.mailer.deliverDue();
    expect(smtp.received).toHaveLength(0);
  });

  it('a message no worker reached before its links expired is given up on, not sent late', async () => {
    const shared = sharedDatabase();
    const before = await startTestServer({ ...shared, smtpUrl: null });
    await requestReset(before);
    await before.close();
    const after = await server({ ...shared, seedDemoData: false });
    after.clock.advance(61 * 60_000);
    await after.app.mailer.deliverDue();
    expect(smtp.received).toHaveLength(0);
    expect(outboxRows(shared.databasePath)[0]).toMatchObject({ send_error: 'expired', body: null, next_attempt_at: null });
    expect(after.logs()).toContain('mail abandoned: its links expired before delivery');
  });

  it('a 5xx refusal is final: given up at once', async () => {
    const refusing = {
      async sendMail() {
        throw Object.assign(new Error('550 no such user dana.demo@example.com'), { code: 'EENVELOPE', responseCode: 550 });
      },
    };
    const refused = await server({ production: true, mailTransport: refusing });
    await requestReset(refused);
    await refused.app.mailer.deliverDue();
    expect(outboxRows(refused.databasePath)[0]).toMatchObject({ attempts: 1, send_error: 'EENVELOPE:550', next_attempt_at: null, body: null });
    expect(refused.logs()).not.toContain('dana.demo@example.com');
  });
});

describeOnSqlite('several workers on one SQLite database', () => {
  it('two workers claiming at once deliver every message exactly once', async () => {
    const shared = sharedDatabase();
    const queue = await startTestServer({ ...shared, smtpUrl: null });
    const addresses = Array.from({ length: 8 }, (_, index) => `borrower${index}@example.com`);
    for (const to of addresses) await queue.app.mailer.send({ to, subject: 'Notice', body: 'text', links: [] });
    await queue.close();

    smtp.setAcceptDelay(50);
    const first = await server({ ...shared, seedDemoData: false, instanceId: 'worker-1' });
    const second = await server({ ...shared, seedDemoData: false, instanceId: 'worker-2' });
    const [byFirst, bySecond] = await Promise.all([first.app.mailer.deliverDue(), second.app.mailer.deliverDue()]);
    expect(byFirst + bySecond).toBe(8);
    // both took part: the claims really raced
    expect(byFirst).toBeGreaterThan(0);
    expect(bySecond).toBeGreaterThan(0);
    expect(smtp.received.flatMap((mail) => mail.to).sort()).toEqual([...addresses].sort());
  });

  it('a worker does not send what another holds, and takes it over once the lease runs out', async () => {
    const shared = sharedDatabase();
    const queue = await startTestServer({ ...shared, smtpUrl: null });
    await queue.app.mailer.send({ to: 'borrower@example.com', subject: 'Notice', body: 'text', links: [] });
    await queue.close();

    const store = await openSqliteRepositories(shared.databasePath, {
      identity: serverKeys(shared.serverSecret).identity,
      lockout: { failures: 5, windowMs: 1 },
    });
    const live = await server({ ...shared, seedDemoData: false, instanceId: 'live' });
    const now = live.clock.now().getTime();
    // an instance that claimed it and died before sending
    expect(await store.claimDueMessages('crashed', now, 10, DEFAULT_MAIL_DELIVERY.leaseMs)).toHaveLength(1);
    await store.close();

    await live.app.mailer.deliverDue();
    expect(smtp.received).toHaveLength(0);
    live.clock.advance(DEFAULT_MAIL_DELIVERY.leaseMs);
    await live.app.mailer.deliverDue();
    expect(smtp.received).toHaveLength(1);
  });

  it('a stale worker cannot reschedule a message another worker holds', async () => {
    const shared = sharedDatabase();
    const store = await openSqliteRepositories(shared.databasePath, {
      identity: serverKeys(shared.serverSecret).identity,
      lockout: { failures: 5, windowMs: 1 },
    });
    try {
      const id = await store.addToOutbox({ to: 'a@example.com', subject: 's', body: 'b', links: '[]', sealed: false, now: 0, purgeAt: 10_000_000 });
      await store.claimDueMessages('slow', 0, 1, 1000);
      await store.claimDueMessages('fast', 1000, 1, 1000);
      expect(await store.markAttemptFailed(id, 'slow', 1500, 'ETIMEDOUT', 5000)).toBe(false);
      expect(await store.markAbandoned(id, 'slow', 1500, 'ETIMEDOUT')).toBe(false);
      expect(await store.markAttemptFailed(id, 'fast', 1500, 'ECONNECTION', 5000)).toBe(true);
      expect((await store.listOutbox(1))[0]).toMatchObject({ attempts: 1, nextAttemptAt: 5000, sendError: 'ECONNECTION', body: 'b' });
      expect(await store.claimDueMessages('fast', 4999, 1, 1000)).toHaveLength(0);
      expect(await store.claimDueMessages('fast', 5000, 1, 1000)).toHaveLength(1);
    } finally {
      await store.close();
    }
  });
});

describe('retry schedule', () => {
  const settings = { retryBaseMs: 30_000, retryMaxMs: 15 * 60_000 };
  it('doubles from the base, is capped, and jitters within the upper half', () => {
    expect([1, 2, 3, 4].map((failures) => retryDelayMs(failures, settings, () => 1))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(50, settings, () => 1)).toBe(15 * 60_000);
    expect(retryDelayMs(3, settings, () => 0)).toBe(60_000);
  });

  it('keeps an SMTP error as a code only', () => {
    expect(smtpErrorCode(Object.assign(new Error('to dana@example.com: refused'), { code: 'EENVELOPE', responseCode: 550 }))).toBe('EENVELOPE:550');
    expect(smtpErrorCode(new Error('anything'))).toBe('SEND_FAILED');
    expect(smtpErrorCode({ code: 'see dana@example.com' })).toBe('SEND_FAILED');
  });
});
