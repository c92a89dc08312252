/**
 * Popups that respect the borrower (issue 39, item 12), on both engines (`npm run test:pg -- <this file>`):
 * - a declined offer rests for 30 days, in every session, then returns; declining it again rests it again;
 * - one offer at most per sign-in session (each popup is still marked seen as it is shown);
 * - the page view right after registering shows its "we sent you an email" notice with no popup over it.
 */
import { DEMO_BORROWERS } from '../db/seed';
import { OFFER_REST_MS } from '../services/popups';
import { API, firstAnswersIn, pageConfig, registrationBody, startTestServer, type TestClient, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

async function coacctOf(client: TestClient): Promise<string> {
  const page = await client.get('/loanmanager/go-green/');
  return pageConfig(page.body).coacct as string;
}

async function popupIds(client: TestClient, coacct: string): Promise<string[]> {
  const response = await client.post(`${API}user/popup/`, { coacct });
  expect(response.statusCode).toBe(200);
  return (response.json() as Array<{ id: string }>).map((popup) => popup.id);
}

/** A new sign-in session of `username`, at the server's current time. */
async function signIn(username: string): Promise<TestClient> {
  const client = server.client();
  await client.login(username);
  return client;
}

describe('a declined offer', () => {
  it('rests for 30 days in every session, then returns; declined again, it rests again', async () => {
    const start = server.clock.now();
    try {
      const first = await signIn('sam.several');
      const coacct = await coacctOf(first);
      expect(await popupIds(first, coacct)).toContain('go-green-auto-pay');
      expect((await first.post(`${API}user/set_popup_seen/`, { id_to_mark_as_seen: 'go-green-auto-pay' })).statusCode).toBe(200);
      expect((await first.post(`${API}user/dismiss_popup/`, { id_to_dismiss: 'go-green-auto-pay' })).statusCode).toBe(200);

      // the next sign-in, the next day, and the day before the rest ends: not offered; the tax popup still is
      expect(await popupIds(await signIn('sam.several'), coacct)).toEqual(['tax-reminder']);
      server.clock.advance(DAY_MS);
      expect(await popupIds(await signIn('sam.several'), coacct)).toEqual(['tax-reminder']);
      server.clock.set(new Date(start.getTime() + OFFER_REST_MS - DAY_MS));
      expect(await popupIds(await signIn('sam.several'), coacct)).not.toContain('go-green-auto-pay');

      // rested: offered again, once
      server.clock.set(new Date(start.getTime() + OFFER_REST_MS + 1));
      const back = await signIn('sam.several');
      expect(await popupIds(back, coacct)).toContain('go-green-auto-pay');
      expect((await back.post(`${API}user/dismiss_popup/`, { id_to_dismiss: 'go-green-auto-pay' })).statusCode).toBe(200);
      server.clock.advance(DAY_MS);
      expect(await popupIds(await signIn('sam.several'), coacct)).not.toContain('go-green-auto-pay');
    } finally {
      server.clock.set(start);
    }
  });

  it('an offer only seen (closed without its decline link) returns at the next sign-in, not in the same session', async () => {
    const first = await signIn('dana.demo');
    const coacct = await coacctOf(first);
    expect((await first.post(`${API}user/set_popup_seen/`, { id_to_mark_as_seen: 'go-green-auto-pay' })).statusCode).toBe(200);
    // one offer per visit: the session that saw it is not offered it on any other page
    expect(await popupIds(first, coacct)).not.toContain('go-green-auto-pay');
    const overview = firstAnswersIn((await first.get('/loanmanager/loanoverview/')).body) as { getPopups: Array<{ id: string }> };
    expect(overview.getPopups.map((popup) => popup.id)).not.toContain('go-green-auto-pay');
    expect(await popupIds(await signIn('dana.demo'), coacct)).toContain('go-green-auto-pay');
  });

  it('the verify-email popup cannot be dismissed: only acknowledged (marked seen)', async () => {
    const client = await signIn('uma.unverified');
    expect((await client.post(`${API}user/dismiss_popup/`, { id_to_dismiss: 'tfa-verify-email' })).statusCode).toBe(400);
  });
});

describe('the page view right after registering', () => {
  const nora = DEMO_BORROWERS.find((borrower) => borrower.firstname === 'Nora')!;

  it('shows the notice with no popup (the widget comes only for the offer of a passkey, with an empty list); the next page view has the popups, none marked seen', async () => {
    const client = server.client();
    await client.visit('/loanmanager/register/');
    const registered = await client.post(`${API}account/register/`, registrationBody(nora, { username: 'nora.popups' }));
    expect(registered.statusCode).toBe(201);

    const landing = await client.get('/loanmanager/loanoverview/');
    expect(landing.body).toContain('<p class="notice" role="status">');
    // issue 49: the popups widget is there to show the offer of a passkey, and has no popup to open
    expect(landing.body).toContain('data-loanmanager-passkey-offer');
    expect(firstAnswersIn(landing.body)).toEqual({ getPopups: [] });
    // still warned before the session ends
    expect(landing.body).toContain('data-loanmanager-widget="session-timeout"');

    const next = await client.get('/loanmanager/loanoverview/');
    expect(next.body).not.toContain('<p class="notice" role="status">');
    expect(next.body).toContain('data-loanmanager-widget="popups"');
    expect(firstAnswersIn(next.body)).toEqual({
      getPopups: expect.arrayContaining([expect.objectContaining({ id: 'go-green-auto-pay' }), expect.objectContaining({ id: 'tfa-verify-email' })]),
    });
  });
});
