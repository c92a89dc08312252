/**
 * Sign-in in Chromium against the reference server (issue 39):
 * - E7: a borrower who asks for loan 9000000003 signed out signs in and sees that loan;
 * - E4: wrong passwords say so on the password field (focused, invalid), the one before the last
 *   warns, the last one says sign-in is paused for 15 minutes; no green tick on either field;
 * - signing out says "You have signed out" on the page it lands on, in the page's language;
 * - every state passes axe-core at 375 px and 1280 px.
 */
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../server/db/seed';
import { expectNoAxeViolations, screenshot, setUpPages, signIn, WIDTHS } from './support/browser';
import es from '../src/platform/i18n/locales/es.json';

const openPage = setUpPages();

async function checkAccessibility(page: Page, label: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 800 : 900 });
    await expectNoAxeViolations(page, `${label} at ${width} px`);
    await screenshot(page, `signIn-${label.replace(/\W+/g, '-')}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const password = (page: Page) => page.getByLabel('Password', { exact: true });

/** Whether either sign-in field shows a success mark (antd's status class or its tick). */
const successMarks = (page: Page) =>
  page.evaluate(() => document.querySelectorAll('[class*="-form-item-has-success"], form [data-icon="check-circle"]').length);

test('E7: asked for loan 9000000003 signed out, the borrower signs in and sees that loan', async () => {
  const page = await openPage(375);
  await page.goto('/loanmanager/loanoverview/?loanno=9000000003');
  await page.waitForURL('**/loanmanager/login/?next=%2Floanmanager%2Floanoverview%2F%3Floanno%3D9000000003');
  await page.getByLabel('Username').fill('sam.several');
  await password(page).fill(DEMO_PASSWORD);
  await Promise.all([
    page.waitForURL((url) => url.pathname === '/loanmanager/loanoverview/' && url.search === '?loanno=9000000003'),
    page.getByRole('button', { name: 'Sign in' }).click(),
  ]);
  expect(await page.locator('table td').first().innerText()).toBe('9000000003');
});

test('E4: the wrong password on its field, the warning before the last attempt, the pause said at once; never a tick', async () => {
  const page = await openPage(375);
  await page.goto('/loanmanager/login/');
  // a username nobody has answers exactly as a real one (server/test/signIn.test.ts)
  await page.getByLabel('Username').fill('nobody.e2e');
  const submit = () => page.getByRole('button', { name: 'Sign in' }).click();
  for (let attempt = 1; attempt <= 3; attempt++) {
    await password(page).fill(`Wrong-pass${attempt}!`);
    await submit();
    await page.getByRole('alert').filter({ hasText: 'The username or password is incorrect.' }).waitFor();
    // the button was disabled while the request ran: focus goes to the refused password, not <body>
    await page.waitForFunction(() => document.activeElement?.id === 'login-password', undefined, { timeout: 5_000 });
    expect(await password(page).getAttribute('aria-invalid')).toBe('true');
    expect(await successMarks(page)).toBe(0);
  }
  await checkAccessibility(page, 'wrong password');
  await password(page).fill('Wrong-pass4!');
  await submit();
  await page.getByRole('alert').filter({ hasText: 'You have one attempt left.' }).waitFor();
  expect(await page.getByRole('alert').filter({ hasText: 'You have one attempt left.' }).innerText()).toContain('up to 15 minutes');
  await checkAccessibility(page, 'one attempt left');
  await password(page).fill('Wrong-pass5!');
  await submit();
  const paused = page.getByRole('alert').filter({ hasText: 'sign-in is paused for up to 15 minutes' });
  await paused.waitFor();
  expect(await page.getByText('The username or password is incorrect.').count()).toBe(0);
  expect(await password(page).getAttribute('aria-invalid')).toBeNull();
  expect(await successMarks(page)).toBe(0);
  await checkAccessibility(page, 'paused');
});

test('signing out says so on the page it lands on, in the page’s language; a plain visit does not', async () => {
  const page = await openPage(375);
  await signIn(page, 'dana.demo');
  // a signed-in page without popups, in Spanish (the header's switch)
  await page.goto('/loanmanager/profile/');
  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Español' }).click()]);
  expect(await page.getAttribute('html', 'lang')).toBe('es');
  await Promise.all([page.waitForURL('**/loanmanager/login/?signed_out=1'), page.getByRole('button', { name: es['server.header.signOut'] }).click()]);
  await page.getByRole('status').filter({ hasText: es['login.signedOut'] }).waitFor();
  expect(page.url()).not.toMatch(/dana|sessionid|token/i);
  await checkAccessibility(page, 'signed out es');
  await page.goto('/loanmanager/login/');
  await page.getByRole('heading', { level: 1, name: es['login.title'] }).waitFor();
  expect(await page.getByText(es['login.signedOut']).count()).toBe(0);
});
