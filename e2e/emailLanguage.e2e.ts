/**
 * E2 (issue 39), in Chromium against the reference server: a borrower who chooses Español before
 * signing in gets Spanish email. The widgets send the page's language on every call; the server
 * writes a mail in the language of the request that causes it, and saves it on the account at
 * sign-in, for the mail no request of the borrower's causes (docs/server.md, "The language of emails").
 */
import type { Page } from 'playwright-core';
import english from '../src/platform/i18n/locales/en.json';
import es from '../src/platform/i18n/locales/es.json';
import { LOGIN_LOCKOUT } from '../server/config';
import { DEMO_PASSWORD } from '../server/db/seed';
import { outbox, setUpPages } from './support/browser';

const openPage = setUpPages();

/** The header's language switch, as a borrower presses it (a form post and a page load). */
async function chooseSpanish(page: Page) {
  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Español' }).click()]);
  expect(await page.getAttribute('html', 'lang')).toBe('es');
}

/** The subjects of the mail to `address`, newest first, once one with `subject` has arrived (either language). */
async function subjectsTo(address: string, subjectId: keyof typeof es) {
  const wanted = [es[subjectId], english[subjectId]];
  for (let attempt = 0; attempt < 50; attempt++) {
    const subjects = (await outbox()).filter((message) => message.to === address).map((message) => message.subject);
    if (subjects.some((subject) => wanted.includes(subject))) return subjects.filter((subject) => wanted.includes(subject));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no "${english[subjectId]}" email to ${address}`);
}

test('a reset asked for on a Spanish page comes in Spanish, though the account has no Spanish saved', async () => {
  const page = await openPage(375);
  await page.goto('/loanmanager/request_password_reset');
  await chooseSpanish(page);
  await page.getByLabel(es['passwordReset.username']).fill('sam.several');
  await page.getByRole('button', { name: es['passwordReset.continue'] }).click();
  await page.getByText(es['passwordReset.requestSucceeded']).waitFor();
  expect(await subjectsTo('sam.several@example.com', 'email.reset.subject')).toEqual([es['email.reset.subject']]);
});

test('Español chosen on the sign-in page before signing in: the sign-in saves it, so the warning a stranger causes comes in Spanish', async () => {
  const page = await openPage(375);
  await page.goto('/loanmanager/login/');
  await chooseSpanish(page);
  await page.getByLabel(es['login.username']).fill('dana.demo');
  await page.getByLabel(es['login.password'], { exact: true }).fill(DEMO_PASSWORD);
  await Promise.all([page.waitForURL(/\/loanmanager\/(main|loanoverview)\//), page.getByRole('button', { name: es['login.submit'] }).click()]);

  // someone else, on an English page, types wrong passwords until sign-in pauses
  const stranger = await openPage(1280);
  await stranger.goto('/loanmanager/login/');
  const csrf = (await stranger.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  for (let attempt = 0; attempt < LOGIN_LOCKOUT.failures; attempt++) {
    await stranger.request.post('/loanmanager/api/account/login/', {
      data: { username: 'dana.demo', password: 'Not-Her-Password-1' },
      headers: { 'X-CSRFToken': csrf, 'Accept-Language': 'en' },
    });
  }
  expect(await subjectsTo('dana.demo@example.com', 'email.signInPaused.subject')).toEqual([es['email.signInPaused.subject']]);
});
