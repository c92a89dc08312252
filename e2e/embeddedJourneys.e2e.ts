/**
 * Every embedded flow end to end on a servicer's host page (issue 47 item 1): a host site on another
 * origin (e2e/fixtures/servicerHost.ts) embeds each widget and proxies the API and the static files
 * to the real reference server, as docs/embedding.md asks. Each borrower is a fresh browser context
 * (no cookie of the portal's own pages), in English and in Spanish: register, verify the address on
 * a host verify page, sign in, go green, request a reset, complete it on a host reset page (the
 * nonce in the config block, from the dev outbox). Each succeeds on the FIRST press: no unsafe call
 * is refused (the widgets obtain the CSRF token before it), and no alert is shown.
 * Texts come from the message catalogs by key.
 */
import type { Browser, Page, Response } from 'playwright-core';
import en from '../src/platform/i18n/locales/en.json';
import es from '../src/platform/i18n/locales/es.json';
import { DEMO_PASSWORD } from '../server/db/seed';
import { startServicerHost, type ServicerHost } from './fixtures/servicerHost';
import { baseUrl, launchBrowser, newContext, outbox, screenshot } from './support/browser';

type Language = 'en' | 'es';
type MessageKey = keyof typeof en & keyof typeof es;
const CATALOGS: Record<Language, Record<MessageKey, string>> = { en, es };

let browser: Browser;
let host: ServicerHost;

beforeAll(async () => {
  browser = await launchBrowser();
  host = await startServicerHost(baseUrl());
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
});

/** The borrowers of each language: none is used by the other, so both languages run on one server. */
const BORROWERS = {
  en: {
    registers: { firstname: 'Reggie', lastname: 'Register', loanno: '9000000008', ssn: '900000007', dob: '12241978', email: 'reggie.host@example.com' }, // fake demo SSN
    signsIn: 'dana.demo',
    resets: 'paula.paperless',
  },
  es: {
    registers: { firstname: 'Nora', lastname: 'Newcomer', loanno: '9000000007', ssn: '900000006', dob: '04121985', email: 'nora.host@example.com' }, // fake demo SSN
    signsIn: 'sam.several',
    resets: 'cory.coborrower',
  },
} as const;

const EMAIL_OF: Record<string, string> = {
  'paula.paperless': 'paula.paperless@example.com',
  'cory.coborrower': 'cory.coborrower@example.com',
};

/**
 * A fresh borrower on a host page of one widget. Every API answer is recorded: an unsafe call
 * refused (4xx/5xx) is what "the first press failed" looks like on the wire.
 */
async function openHostPage(widget: string, language: Language, query: Record<string, string> = {}) {
  const context = await newContext(browser, 1280);
  const page = await context.newPage();
  const refused: string[] = [];
  const problems: string[] = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/loanmanager/api/') && response.status() >= 400) {
      refused.push(`${response.request().method()} ${url.pathname}: ${response.status()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const params = new URLSearchParams({ locale: language, ...query });
  await page.goto(`${host.url}/host/${widget}?${params.toString()}`);
  const t = (key: MessageKey) => CATALOGS[language][key];
  return { page, t, refused, problems };
}

type HostPage = Awaited<ReturnType<typeof openHostPage>>;

async function alertsOf(page: Page): Promise<string[]> {
  const texts = await page.locator('[data-loanmanager-widget] [role="alert"]').allInnerTexts();
  return texts.map((text) => text.trim()).filter((text) => text !== '');
}

/** Waits for the flow's next state; when it does not come, says what the borrower saw and what was refused. */
async function reached(hostPage: HostPage, label: string, state: Promise<unknown>) {
  try {
    await state;
  } catch (error) {
    await screenshot(hostPage.page, `embedded-${label.replace(/\W+/g, '-')}`);
    const alerts = await alertsOf(hostPage.page);
    throw new Error(
      `${label}: ${String(error).split('\n')[0]}\n refused: ${JSON.stringify(hostPage.refused)}\n alerts: ${JSON.stringify(alerts)}`,
    );
  }
}

/** The flow's end: nothing refused on the wire, no alert in the widget but the success one (`success`), nothing thrown. */
async function expectFirstPressWorked({ page, refused, problems }: HostPage, success?: string) {
  const alerts = page.url().includes('/host/') ? await alertsOf(page) : [];
  const others = alerts.filter((text) => success === undefined || !text.includes(success));
  expect({ refused, alerts: others, problems }).toEqual({ refused: [], alerts: [], problems: [] });
}

/** Waits for a full page load on the host's origin away from the widget's host page. */
async function leftForHostPath(page: Page, path: string | RegExp) {
  await page.waitForURL((url) => url.origin === host.url && (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)), {
    timeout: 20_000,
  });
}

/** The newest outbox message to `address` whose link matches, once the server has written it. */
async function emailedLink(address: string, linkPattern: RegExp): Promise<URL> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const link = (await outbox())
      .filter((message) => message.to === address)
      .flatMap((message) => message.links)
      .find((candidate) => linkPattern.test(candidate));
    if (link) return new URL(link);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no email with a link like ${linkPattern.source} to ${address}`);
}

describe.each(['en', 'es'] as const)('embedded widgets on a host page of another origin (%s)', (language) => {
  const borrowers = BORROWERS[language];

  test('register on the first press, then verify the address on a host verify page', async () => {
    const hostPage = await openHostPage('registration', language);
    const { page, t } = hostPage;
    const who = borrowers.registers;
    await page.getByLabel(t('registration.firstName'), { exact: true }).fill(who.firstname);
    await page.getByLabel(t('registration.lastName'), { exact: true }).fill(who.lastname);
    await page.getByLabel(t('registration.username'), { exact: true }).fill(`${who.firstname.toLowerCase()}.host`);
    await page.getByLabel(t('registration.password'), { exact: true }).fill('Host-reg-pass7');
    await page.getByLabel(t('registration.passwordAgain'), { exact: true }).fill('Host-reg-pass7');
    await page.getByLabel(t('registration.email'), { exact: true }).fill(who.email);
    await page.getByLabel(t('registration.emailAgain'), { exact: true }).fill(who.email);
    await page.getByLabel(t('common.loanNumber'), { exact: true }).fill(who.loanno);
    await page.getByLabel(t('common.ssn'), { exact: true }).pressSequentially(who.ssn);
    await page.getByLabel(t('common.dob'), { exact: true }).pressSequentially(who.dob);
    await page.getByRole('button', { name: t('registration.submit'), exact: true }).click();
    // a full page load of the landing path on the host's origin (Reggie has two loans, Nora one)
    await reached(hostPage, `register ${language}`, leftForHostPath(page, /^\/loanmanager\/(main|loanoverview)\//));
    await expectFirstPressWorked(hostPage);

    const link = await emailedLink(who.email, /verify_email/);
    const nonce = link.searchParams.get('nonce') ?? '';
    expect(nonce).not.toBe('');
    const verify = await openHostPage('verify-email', language, { nonce });
    await reached(verify, `verify ${language}`, verify.page.getByText(verify.t('verifyEmail.verified'), { exact: true }).waitFor());
    await expectFirstPressWorked(verify, verify.t('verifyEmail.verified'));
  });

  test('sign in on the first press, then go green on the first press', async () => {
    const hostPage = await openHostPage('login', language);
    const { page, t } = hostPage;
    await page.getByLabel(t('login.username'), { exact: true }).fill(borrowers.signsIn);
    await page.getByLabel(t('login.password'), { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: t('login.submit'), exact: true }).click();
    await reached(hostPage, `sign in ${language}`, leftForHostPath(page, /^\/loanmanager\/(main|loanoverview)\//));
    await expectFirstPressWorked(hostPage);

    // the same browser (its session), on the host's go-green page
    const params = new URLSearchParams({ locale: language });
    await page.goto(`${host.url}/host/go-green?${params.toString()}`);
    await page.getByRole('heading', { level: 2, name: t('goGreen.stepConfirmEmail') }).waitFor();
    await page.getByRole('radio', { name: t('goGreen.choiceYes') }).check();
    await page.getByRole('button', { name: t('goGreen.next'), exact: true }).click();
    await page.getByRole('heading', { level: 2, name: t('goGreen.stepReviewDisclosures') }).waitFor();
    await page.getByRole('button', { name: t('goGreen.complete'), exact: true }).click();
    await reached(hostPage, `go green ${language}`, page.getByText(t('goGreen.thankYou'), { exact: true }).waitFor());
    await expectFirstPressWorked(hostPage, t('goGreen.thankYou'));
  });

  test('request a reset on the first press, then complete it on a host reset page', async () => {
    const hostPage = await openHostPage('request-password-reset', language);
    const { page, t } = hostPage;
    await page.getByLabel(t('passwordReset.username'), { exact: true }).fill(borrowers.resets);
    await page.getByRole('button', { name: t('passwordReset.continue'), exact: true }).click();
    await reached(hostPage, `reset request ${language}`, page.getByText(t('passwordReset.requestSucceeded'), { exact: true }).waitFor());
    await expectFirstPressWorked(hostPage, t('passwordReset.requestSucceeded'));

    const link = await emailedLink(EMAIL_OF[borrowers.resets] ?? '', /reset_password\//);
    const nonce = /\/reset_password\/([^/]+)\/$/.exec(link.pathname)?.[1] ?? '';
    expect(nonce).not.toBe('');
    // the host's reset page gives the widget the nonce in its config block
    const reset = await openHostPage('reset-password', language, { reset_nonce: nonce });
    await reset.page.getByLabel(reset.t('passwordReset.password'), { exact: true }).fill('Host-new-pass8');
    await reset.page.getByLabel(reset.t('passwordReset.passwordAgain'), { exact: true }).fill('Host-new-pass8');
    await reset.page.getByRole('button', { name: reset.t('passwordReset.submit'), exact: true }).click();
    await reached(reset, `reset ${language}`, reset.page.getByText(reset.t('passwordReset.succeeded'), { exact: true }).waitFor());
    await expectFirstPressWorked(reset, reset.t('passwordReset.succeeded'));
    await leftForHostPath(reset.page, '/loanmanager/login/');
  });
});
