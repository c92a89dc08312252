/**
 * Registration's failures, told (issue 39), in Chromium against the reference server:
 * - E1: the server cannot be reached: the message, focused, what was typed kept;
 * - E5: a field the server refuses is marked on the field, and the alert's link takes focus to it;
 * - D3: a date pasted in words reads as written; one that is no date says so;
 * - the SSN shows as dots until "Show Social Security Number" is pressed;
 * - axe finds nothing in these states.
 */
import type { Page } from 'playwright-core';
import { expectNoAxeViolations, setUpPages } from './support/browser';

const openPage = setUpPages({ context: { permissions: ['clipboard-read', 'clipboard-write'] } });

/** Nora (obviously fake demo data), not registered: this file never completes a registration. */
async function fillAsNora(page: Page, username = 'nora.newcomer') {
  await page.goto('/loanmanager/register/');
  await page.getByLabel('First Name').fill('Nora');
  await page.getByLabel('Last Name').fill('Newcomer');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('Quokka-lantern-12');
  await page.getByLabel('Password (again)').fill('Quokka-lantern-12');
  await page.getByLabel('Email', { exact: true }).fill('nora.newcomer@example.com');
  await page.getByLabel('Email (again)').fill('nora.newcomer@example.com');
  await page.getByLabel('Loan Number').pressSequentially('9000000007');
  await page.getByLabel('Social Security Number', { exact: true }).pressSequentially('900000006');
  await page.getByLabel('Date of Birth').pressSequentially('04121985');
}

const activeText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

test.each([375, 1280])('E1 at %i px: no answer from the server: the message, focused, the form kept', async (width) => {
  const page = await openPage(width);
  await fillAsNora(page);
  await page.route('**/loanmanager/api/account/register/', (route) => route.abort('failed'));
  await page.getByRole('button', { name: /Register$/ }).click();
  const message = 'We could not complete your registration. Your details are kept; please try again.';
  await page.getByRole('alert').filter({ hasText: message }).waitFor();
  await page.waitForFunction((text) => document.activeElement?.textContent === text, message, { timeout: 5000 }).catch(() => undefined);
  expect(await activeText(page)).toBe(message);
  expect(await page.getByLabel('Username').inputValue()).toBe('nora.newcomer');
  expect(await page.getByLabel('Social Security Number', { exact: true }).inputValue()).toBe('900-00-0006'); // fake demo SSN
  await expectNoAxeViolations(page, `register, server not reached, ${width} px`);
});

test('E5: a username the server refuses is marked on its field, and the alert links to it', async () => {
  const page = await openPage(375);
  await fillAsNora(page, 'nora newcomer');
  await page.getByRole('button', { name: /Register$/ }).click();
  const link = page.getByRole('link', { name: /^Username: Usernames may contain only/ });
  await link.waitFor();
  const username = page.getByLabel('Username');
  expect(await username.getAttribute('aria-invalid')).toBe('true');
  await expectNoAxeViolations(page, 'register, a refused username');
  await link.click();
  expect(await username.evaluate((input) => input === document.activeElement)).toBe(true);
  // the field is on screen once focused
  expect(await username.evaluate((input) => input.getBoundingClientRect().top >= 0 && input.getBoundingClientRect().bottom <= window.innerHeight)).toBe(
    true,
  );
});

test('D3: a date pasted in words reads as written; a date that is none says what to enter', async () => {
  const page = await openPage();
  await page.goto('/loanmanager/register/');
  const dob = page.getByLabel('Date of Birth');
  await page.evaluate(() => navigator.clipboard.writeText('April 12, 1985'));
  await dob.focus();
  await page.keyboard.press('Control+V');
  expect(await dob.inputValue()).toBe('04/12/1985');
  await dob.fill('');
  await dob.pressSequentially('02301990');
  await page.getByRole('button', { name: /Register$/ }).click();
  await page.getByText('Enter a real date as MM/DD/YYYY').waitFor();
});

test('the SSN is dots until the borrower asks to see it', async () => {
  const page = await openPage(375);
  await page.goto('/loanmanager/register/');
  const ssn = page.getByLabel('Social Security Number', { exact: true });
  await ssn.pressSequentially('900000006');
  const security = () => ssn.evaluate((input) => getComputedStyle(input).getPropertyValue('-webkit-text-security'));
  expect(await security()).toBe('disc');
  expect(await ssn.getAttribute('type')).toBe('text');
  const toggle = page.getByRole('button', { name: 'Show Social Security Number' });
  const box = await toggle.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  await toggle.click();
  expect(await security()).toBe('none');
  expect(await toggle.getAttribute('aria-pressed')).toBe('true');
  expect(await ssn.inputValue()).toBe('900-00-0006'); // fake demo SSN
});
