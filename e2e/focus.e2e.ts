/**
 * Focus never lands on <body> (issue 17): after a dialog closes, after a move within the portal and
 * after a success or error message, it is on the page heading, the message, or the control that
 * opened the dialog. Also the registration 409 question, which is now an in-page dialog.
 */
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../server/db/seed';
import { expectNoAxeViolations, screenshot, setUpPages, signIn, WIDTHS } from './support/browser';

const openPage = setUpPages();

interface Focused {
  onBody: boolean;
  tag: string;
  text: string;
  inDialog: boolean;
}

function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const active = document.activeElement;
    return {
      onBody: active === null || active === document.body,
      tag: active?.tagName.toLowerCase() ?? '',
      text: active?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
      inDialog: active?.closest('dialog') !== null && active?.closest('dialog') !== undefined,
    };
  });
}

async function expectFocusOnHeading(page: Page, name: string) {
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1', undefined, { timeout: 10_000 });
  expect(await focused(page)).toMatchObject({ onBody: false, tag: 'h1', text: name });
  // the page put it there, for screen readers: no ring around a heading nobody can operate
  expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe('none');
}

async function fillDanasRegistration(page: Page) {
  await page.getByLabel('First Name').fill('Dana');
  await page.getByLabel('Last Name').fill('Demo');
  await page.getByLabel('Username').fill('dana.again');
  await page.getByLabel('Password', { exact: true }).fill('Dana-quokka-12');
  await page.getByLabel('Password (again)').fill('Dana-quokka-12');
  await page.getByLabel('Email', { exact: true }).fill('dana.demo@example.com');
  await page.getByLabel('Email (again)').fill('dana.demo@example.com');
  await page.getByLabel('Loan Number').fill('9000000001');
  await page.getByLabel('Social Security Number', { exact: true }).pressSequentially('900000001'); // fake demo SSN
  await page.getByLabel('Date of Birth').pressSequentially('01151980');
}

test('popups dismissed with the mouse: after the last one, focus goes to the page heading, not <body>', async () => {
  const page = await openPage(1280);
  await signIn(page, 'dana.demo');
  await page.goto('/loanmanager/loanoverview/');
  // the mouse opened nothing: focus was on <body> when the first popup came
  const offer = page.getByRole('dialog', { name: 'Go Paperless, Go Green' });
  await offer.getByRole('button', { name: 'Not at this time, I prefer to receive paper documents via mail' }).click();
  await offer.waitFor({ state: 'detached' });
  const tax = page.getByRole('dialog', { name: /^\d{4} Tax Information$/ });
  await tax.getByRole('button', { name: 'Ok' }).click();
  await tax.waitFor({ state: 'detached' });
  await expectFocusOnHeading(page, 'Loan overview');
});

test('a move within the portal: focus goes to the new page heading', async () => {
  const page = await openPage(375);
  await page.goto('/loanmanager/register/');
  await page.getByRole('heading', { level: 1, name: 'Register' }).waitFor();
  // by the keyboard, after which the browser would ring whatever script focuses next
  await page.getByRole('link', { name: 'Recover your username' }).press('Enter');
  await page.waitForFunction(() => window.location.pathname === '/loanmanager/recover_username/');
  await expectFocusOnHeading(page, 'Recover Username');
  // and a second move, with the router already loaded
  await page.goBack();
  await page.waitForFunction(() => window.location.pathname === '/loanmanager/register/');
  await expectFocusOnHeading(page, 'Register');
});

test('form errors: submit focuses the first invalid field; a refused sign-in focuses the message', async () => {
  const page = await openPage(1280);
  await page.goto('/loanmanager/login/');
  await page.getByRole('button', { name: 'Sign in' }).click();
  expect(await focused(page)).toMatchObject({ onBody: false, tag: 'input' });

  await page.getByLabel('Username').fill('dana.demo');
  await page.getByLabel('Password', { exact: true }).fill(`${DEMO_PASSWORD}-wrong`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('The username or password is incorrect.').waitFor();
  await page.waitForFunction(() => document.activeElement !== document.body);
  const afterRefusal = await focused(page);
  // the refused password (said on its field, issue 39 E4: it takes the focus that fell while the
  // request ran) or the button itself, never the page
  expect(afterRefusal.onBody).toBe(false);
  const onPassword = await page.getByLabel('Password', { exact: true }).evaluate((field) => field === document.activeElement);
  expect(onPassword || afterRefusal.text === 'Sign in').toBe(true);
});

test('409 in an in-page dialog: focus in and trapped, Escape declines, then the next steps hold focus', async () => {
  const page = await openPage(1280);
  const nativeDialogs: string[] = [];
  page.on('dialog', (dialog) => {
    nativeDialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto('/loanmanager/register/');
  await fillDanasRegistration(page);
  await page.getByRole('button', { name: 'Register' }).click();
  const question = page.getByRole('dialog', { name: 'Already registered' });
  await question.waitFor();
  await question.getByText('You have already registered. Would you like to have your username emailed to you?').waitFor();
  expect(await question.getAttribute('aria-describedby')).not.toBeNull();
  await page.waitForFunction(() => document.activeElement?.closest('dialog') !== null);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 667 : 800 });
    await expectNoAxeViolations(page, `the 409 question at ${width} px`);
    await screenshot(page, `focus-409-question-${width}`);
  }
  for (const key of [...Array<string>(8).fill('Tab'), ...Array<string>(8).fill('Shift+Tab')]) {
    await page.keyboard.press(key);
    const now = await focused(page);
    // past the last control Chromium may hand focus to its own toolbar for one press (body is then active)
    if (!now.onBody) expect(now.inDialog).toBe(true);
  }
  await page.keyboard.press('Escape');
  await question.waitFor({ state: 'detached' });
  await page.waitForFunction(() => document.activeElement !== document.body);
  const afterDecline = await focused(page);
  expect(afterDecline.text).toBe(
    'This account is already registered. Sign in with your username and password, or recover your username if you have forgotten it.',
  );
  expect(await page.evaluate(() => window.location.pathname)).toBe('/loanmanager/register/');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 667 : 800 });
    await expectNoAxeViolations(page, `the next steps after declining at ${width} px`);
  }
  const nextSteps = page.getByRole('status').filter({ hasText: 'This account is already registered.' });
  expect(await nextSteps.getByRole('link', { name: 'Sign in', exact: true }).getAttribute('href')).toBe('/loanmanager/login/');
  expect(await nextSteps.getByRole('link', { name: 'recover your username' }).getAttribute('href')).toBe('/loanmanager/recover_username/');
  expect(nativeDialogs).toEqual([]);
  expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
});
