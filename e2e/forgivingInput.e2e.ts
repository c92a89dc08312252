/**
 * Input that forgives ordinary habits (issue 17), in Chromium with real pastes (the system
 * clipboard and Control+V: the browser's own maxlength cut, which jsdom only imitates):
 * - a loan number pasted with spaces and dashes keeps all ten digits;
 * - a date of birth typed "4/12/1985" or pasted as 1985-04-12 or 04-12-1985 reads 04/12/1985;
 * - a paste longer than a 50-character limit is cut to it, and the field says so;
 * - a username with spaces around it signs in;
 * - a reset link check that got no answer (503) says so and offers Try again, not "expired";
 * - axe finds nothing with the notice shown.
 */
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../server/db/seed';
import { FIRST_ANSWERS_ELEMENT_ID } from '../src/platform/renderProtocol';
import { expectNoAxeViolations, setUpPages } from './support/browser';

const openPage = setUpPages({ context: { permissions: ['clipboard-read', 'clipboard-write'] } });

/** A real paste: the text on the system clipboard, then Control+V in the focused field. */
async function paste(page: Page, label: string, text: string) {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  const field = page.getByLabel(label, { exact: true });
  await field.fill('');
  await field.focus();
  await page.keyboard.press('Control+V');
}

test('loan number and date of birth take pasted and typed values as borrowers have them', async () => {
  const page = await openPage();
  await page.goto('/loanmanager/register/');
  const loanno = page.getByLabel('Loan Number');
  await paste(page, 'Loan Number', ' 900-000-0007 ');
  expect(await loanno.inputValue()).toBe('9000000007');
  await loanno.fill('');
  await loanno.pressSequentially('90ab00');
  expect(await loanno.inputValue()).toBe('9000');

  const dob = page.getByLabel('Date of Birth');
  await dob.pressSequentially('4/12/1985');
  expect(await dob.inputValue()).toBe('04/12/1985');
  for (const pasted of ['1985-04-12', '04-12-1985']) {
    await paste(page, 'Date of Birth', pasted);
    expect(await dob.inputValue()).toBe('04/12/1985');
  }
  expect(await dob.getAttribute('placeholder')).toBeNull();
  expect(await page.getByText('MM/DD/YYYY', { exact: true }).count()).toBe(1);
});

test('a paste longer than 50 characters is cut to 50 and the field says so', async () => {
  const page = await openPage(375);
  await page.goto('/loanmanager/register/');
  await paste(page, 'First Name', 'A'.repeat(60));
  expect(await page.getByLabel('First Name').inputValue()).toBe('A'.repeat(50));
  const notice = page.getByRole('status').filter({ hasText: 'Pasted text was cut to 50 characters' });
  await notice.waitFor();
  await expectNoAxeViolations(page, 'register with a cut paste');
  await page.keyboard.press('Backspace');
  await notice.waitFor({ state: 'detached' });
});

test('a username with spaces around it signs in', async () => {
  const page = await openPage();
  await page.goto('/loanmanager/login/');
  await page.getByLabel('Username').fill('  dana.demo ');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/loanmanager\/loanoverview\/$/);
});

test('a link check the server could not answer says so, offers Try again, and passes axe', async () => {
  const page = await openPage(375);
  let failing = true;
  await page.route('**/loanmanager/api/account/validate_nonce/', (route) =>
    failing ? route.fulfill({ status: 503, body: 'Service Unavailable' }) : route.continue(),
  );
  // the page as it goes out when the server's own check of the link failed: no answer with it, so the browser asks
  // (here the browser draws it; docs/first-view.md "The reset page comes with its link's check")
  await page.route('**/loanmanager/reset_password/not-a-real-nonce/', async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers['content-encoding'];
    delete headers['content-length'];
    const html = (await response.text())
      .replace(new RegExp(`<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">[^<]*</script>`), '')
      .replace(/<div data-loanmanager-widget="portal"[^>]*>[\s\S]*?<\/main>/, '<div data-loanmanager-widget="portal"></div></main>');
    await route.fulfill({ status: response.status(), headers, body: html });
  });
  await page.goto('/loanmanager/reset_password/not-a-real-nonce/');
  const unchecked = page.getByRole('alert').filter({ hasText: 'We could not check your link. Please try again.' });
  await unchecked.waitFor();
  expect(await page.getByText('Your reset password request has expired.').count()).toBe(0);
  await expectNoAxeViolations(page, 'reset link unchecked');
  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  // the real server's answer to an unknown nonce: the spec's "expired"
  await page.getByText('Your reset password request has expired.').waitFor();
});
