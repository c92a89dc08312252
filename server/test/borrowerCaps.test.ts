/**
 * Caps per borrower on what mails them (issue 46 items 6 and 7): however many requests arrive, from
 * however many addresses, at once or spread out, an account gets at most 3 reset links an hour and
 * 10 a day, and a borrower's paperless choice changes at most 6 times an hour. A capped reset request
 * answers as any other (nothing revealed); a capped paperless change is refused before anything is
 * written or sent. On both engines (`npm run test:pg`).
 */
import { RESET_MAIL_CAPS, GO_GREEN_CHANGE_CAPS } from '../services/borrowerCaps';
import { API, serversClosedAfterEach, type TestServer } from './harness';

const server = serversClosedAfterEach();
const HOUR = 60 * 60 * 1000;
const [RESETS_AN_HOUR, RESETS_A_DAY] = RESET_MAIL_CAPS.map((cap) => cap.max) as [number, number];
const GO_GREEN_AN_HOUR = GO_GREEN_CHANGE_CAPS[0]!.max;

/** Messages queued to `to` so far (the outbox, as an auditor reads it). */
async function mailsTo(portal: TestServer, to: string): Promise<number> {
  await portal.app.mailer.settled();
  return (await portal.outbox()).filter((mail) => mail.to === to).length;
}

/** `count` reset requests for `username`, each from its own address, sent at once (a barrier). */
async function resetRequestsAtOnce(portal: TestServer, username: string, count: number) {
  const clients = await Promise.all(
    Array.from({ length: count }, async () => {
      const client = portal.client();
      await client.visit('/loanmanager/request_password_reset/');
      return client;
    }),
  );
  let open!: () => void;
  const barrier = new Promise<void>((resolve) => (open = resolve));
  const sent = clients.map(async (client, i) => {
    await barrier;
    return client.post(
      `${API}account/request_password_reset/`,
      { username, recaptcha_response: 'dummy-token' },
      { headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } },
    );
  });
  open();
  const responses = await Promise.all(sent);
  await portal.app.mailer.settled();
  return responses;
}

describe('reset links per account', () => {
  it('60 requests at once for one account, from 60 addresses: 3 links mailed, and every answer the same as for an unknown username', async () => {
    const portal = await server({ trustProxy: true });
    const responses = await resetRequestsAtOnce(portal, 'paula.paperless', 60);
    const [unknown] = await resetRequestsAtOnce(portal, 'nobody.here', 1);
    for (const response of responses) {
      expect({ status: response.statusCode, body: response.body }).toEqual({ status: unknown!.statusCode, body: unknown!.body });
    }
    expect(await mailsTo(portal, 'paula.paperless@example.com')).toBe(RESETS_AN_HOUR);
    // the cap is the account's: another borrower's links still go
    await resetRequestsAtOnce(portal, 'dana.demo', 1);
    expect(await mailsTo(portal, 'dana.demo@example.com')).toBe(1);
    // nothing personal in the line that says why
    expect(portal.logs()).toMatch(/password reset link not sent: the account had its links for now/);
  });

  it('3 an hour and 10 a day: hour after hour, then the next day again', async () => {
    const portal = await server({ trustProxy: true });
    const mailed: number[] = [];
    let before = 0;
    for (let hour = 0; hour < 5; hour += 1) {
      await resetRequestsAtOnce(portal, 'paula.paperless', 4);
      const now = await mailsTo(portal, 'paula.paperless@example.com');
      mailed.push(now - before);
      before = now;
      portal.clock.advance(HOUR + 1);
    }
    expect(mailed).toEqual([3, 3, 3, 1, 0]);
    expect(before).toBe(RESETS_A_DAY);
    portal.clock.advance(24 * HOUR);
    await resetRequestsAtOnce(portal, 'paula.paperless', 4);
    expect((await mailsTo(portal, 'paula.paperless@example.com')) - before).toBe(RESETS_AN_HOUR);
  });
});

describe('paperless changes per borrower', () => {
  const optInBody = { time_zone: 'America/Chicago', browser: 'Firefox 140', os: 'Linux', email: 'paula.paperless@example.com' };

  it('a held session toggling: 6 changes an hour, then 429 with nothing written or sent; an hour later again', async () => {
    const portal = await server();
    const client = portal.client();
    await client.login('paula.paperless');
    const auditBefore = (await portal.query('SELECT id FROM consent_audit')).length;
    const mailsBefore = await mailsTo(portal, 'paula.paperless@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const response = i % 2 === 0 ? await client.post(`${API}go-green/opt_out/`, {}) : await client.post(`${API}go-green/opt_in/`, optInBody);
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toEqual({ errors: ['You have changed your paperless choice several times in the last hour. Please try again later.'] });
      }
    }
    expect(statuses).toEqual([...Array<number>(GO_GREEN_AN_HOUR).fill(200), ...Array<number>(20 - GO_GREEN_AN_HOUR).fill(429)]);
    expect((await portal.query('SELECT id FROM consent_audit')).length - auditBefore).toBe(GO_GREEN_AN_HOUR);
    // one notice per change that was made (each one here changed the choice)
    expect((await mailsTo(portal, 'paula.paperless@example.com')) - mailsBefore).toBe(GO_GREEN_AN_HOUR);
    portal.clock.advance(HOUR + 1);
    // the session would have ended idle: a new one
    const later = portal.client();
    await later.login('paula.paperless');
    expect((await later.post(`${API}go-green/opt_out/`, {})).statusCode).toBe(200);
  });

  it('changes sent at once: no more than the cap pass', async () => {
    const portal = await server();
    const client = portal.client();
    await client.login('paula.paperless');
    const auditBefore = (await portal.query('SELECT id FROM consent_audit')).length;
    let open!: () => void;
    const barrier = new Promise<void>((resolve) => (open = resolve));
    const sent = Array.from({ length: 30 }, async (_, i) => {
      await barrier;
      return (i % 2 === 0 ? client.post(`${API}go-green/opt_out/`, {}) : client.post(`${API}go-green/opt_in/`, optInBody)).then((r) => r.statusCode);
    });
    open();
    const statuses = await Promise.all(sent);
    expect(statuses.filter((status) => status === 200)).toHaveLength(GO_GREEN_AN_HOUR);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - GO_GREEN_AN_HOUR);
    expect((await portal.query('SELECT id FROM consent_audit')).length - auditBefore).toBe(GO_GREEN_AN_HOUR);
  });
});
