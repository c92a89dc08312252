/**
 * With JavaScript off (issue 39, E8), a server-drawn page of the portal must not pretend: the
 * borrower reads, first thing in the main content and in the page's language, that the page needs
 * JavaScript; its forms are greyed out with no submit button; and a page that checks a link
 * (reset, verify) does not say "Please wait..." for ever. With JavaScript on none of it shows.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import en from '../src/platform/i18n/locales/en.json';
import es from '../src/platform/i18n/locales/es.json';
import { baseUrl, launchBrowser, newContext } from './support/browser';

let browser: Browser | undefined;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

/** A page with scripting off, in `locale` (the lm_locale cookie, as the header's switch sets it). */
async function pageWithoutScripts(locale: 'en' | 'es', width = 375): Promise<Page> {
  if (!browser) throw new Error('no browser yet');
  // not newContext: it waits for each page's hydration, which never comes without scripts
  const context = await browser.newContext({ viewport: { width, height: 800 }, baseURL: baseUrl(), javaScriptEnabled: false });
  contexts.push(context);
  await context.addCookies([{ name: 'lm_locale', value: locale, url: baseUrl() }]);
  return context.newPage();
}

/** The notice is the first thing in <main>, visible, above the page's heading. */
async function expectNoticeFirst(page: Page, text: string) {
  const notice = page.getByText(text, { exact: true });
  await notice.waitFor();
  const first = await page.evaluate(() => document.querySelector('main')?.firstElementChild?.textContent?.trim() ?? null);
  expect(first).toBe(text);
  const noticeBox = await notice.boundingBox();
  const headingBox = await page.getByRole('heading', { level: 1 }).boundingBox();
  if (!noticeBox || !headingBox) throw new Error('not drawn');
  expect(noticeBox.y + noticeBox.height).toBeLessThanOrEqual(headingBox.y);
}

const CATALOGS = { en, es } as const;

describe.each(['en', 'es'] as const)('JavaScript off, in %s', (locale) => {
  const text = CATALOGS[locale];

  test('sign-in: the notice first, the form greyed out with no submit button', async () => {
    const page = await pageWithoutScripts(locale);
    await page.goto('/loanmanager/login/');
    await expectNoticeFirst(page, text['server.noScript']);
    const form = page.getByRole('form', { name: text['login.title'] });
    await form.waitFor();
    expect(await form.getByRole('button', { name: text['login.submit'] }).isVisible()).toBe(false);
    expect(Number(await form.evaluate((element) => getComputedStyle(element).opacity))).toBeLessThan(1);
    // the links to other pages still work without scripts
    expect(await page.getByRole('link', { name: text['login.register'] }).isVisible()).toBe(true);
  });

  test('registration: the notice first, no submit button', async () => {
    const page = await pageWithoutScripts(locale);
    await page.goto('/loanmanager/register/');
    await expectNoticeFirst(page, text['server.noScript']);
    expect(await page.getByRole('button', { name: text['registration.submit'] }).isVisible()).toBe(false);
  });

  test('verify email: the notice first, and no waiting text for ever', async () => {
    const page = await pageWithoutScripts(locale);
    await page.goto('/loanmanager/verify_email/?nonce=some-link-nonce');
    await expectNoticeFirst(page, text['server.noScript']);
    // drawn (the server's first view has it) but not shown
    expect(await page.getByText(text['verifyEmail.verifying']).count()).toBe(1);
    expect(await page.getByText(text['verifyEmail.verifying']).isVisible()).toBe(false);
  });

  test('reset password: the notice first, then the server’s check of the link (expired), no waiting text', async () => {
    const page = await pageWithoutScripts(locale);
    await page.goto('/loanmanager/reset_password/some-link-nonce/');
    await expectNoticeFirst(page, text['server.noScript']);
    // the page comes with its check (docs/first-view.md): the answer is drawn, nothing waits
    expect(await page.getByText(text['passwordReset.checking']).count()).toBe(0);
    expect(await page.getByText(text['passwordReset.expired']).isVisible()).toBe(true);
  });
});

test('JavaScript on: no notice, and the form is whole', async () => {
  if (!browser) throw new Error('no browser yet');
  const context = await newContext(browser, 375);
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/loanmanager/login/');
  expect(await page.getByText(en['server.noScript']).isVisible()).toBe(false);
  const form = page.getByRole('form', { name: en['login.title'] });
  expect(await form.getByRole('button', { name: en['login.submit'] }).isVisible()).toBe(true);
  expect(Number(await form.evaluate((element) => getComputedStyle(element).opacity))).toBe(1);
});
