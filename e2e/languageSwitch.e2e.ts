/**
 * The header's language switch on a form page (issue 47, item 6): a form post and a page load in
 * the other language, after which what was typed is still there (everything but the password, the
 * SSN and the date of birth, which never leave memory), focus is on the switch, not on <body>, and
 * the borrower is told what to enter again. Chromium against the reference server, at 375 px.
 */
import type { Page } from 'playwright-core';
import english from '../src/platform/i18n/locales/en.json';
import es from '../src/platform/i18n/locales/es.json';
import { expectNoAxeViolations, screenshot, setUpPages } from './support/browser';

const openPage = setUpPages();

async function switchTo(page: Page, language: 'Español' | 'English', lang: 'es' | 'en') {
  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: language }).click()]);
  expect(await page.getAttribute('html', 'lang')).toBe(lang);
}

/** Where focus is: the focused element's tag, text and language (never <body>). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element ? { tag: element.tagName, text: element.textContent, lang: element.getAttribute('lang') } : null;
  });

test('registration: typed, switched to Spanish, the values are there (not the password, SSN or date of birth), focus on the switch', async () => {
  const page = await openPage(375);
  await page.goto('/loanmanager/register/');
  await page.getByRole('heading', { level: 1, name: english['registration.title'] }).waitFor();
  await page.getByLabel(english['registration.firstName'], { exact: true }).fill('Lena');
  await page.getByLabel(english['registration.username']).fill('lena.language');
  await page.getByLabel(english['registration.password'], { exact: true }).fill('Lena-pass123');
  await page.getByLabel(english['registration.email'], { exact: true }).fill('lena.language@example.com');
  await page.getByLabel(english['common.loanNumber']).fill('9000000008');
  await page.getByLabel(english['common.ssn'], { exact: true }).pressSequentially('900000007'); // fake demo SSN
  await page.getByLabel(english['common.dob']).pressSequentially('12241978');

  await switchTo(page, 'Español', 'es');
  await page.getByRole('heading', { level: 1, name: es['registration.title'] }).waitFor();
  await page.waitForFunction(() => (document.querySelector<HTMLInputElement>('#registration-username')?.value ?? '') !== '');
  expect(await page.getByLabel(es['registration.firstName'], { exact: true }).inputValue()).toBe('Lena');
  expect(await page.getByLabel(es['registration.username']).inputValue()).toBe('lena.language');
  expect(await page.getByLabel(es['registration.email'], { exact: true }).inputValue()).toBe('lena.language@example.com');
  expect(await page.getByLabel(es['common.loanNumber']).inputValue()).toBe('9000000008');
  // never carried: typed again
  expect(await page.getByLabel(es['registration.password'], { exact: true }).inputValue()).toBe('');
  expect(await page.getByLabel(es['common.ssn'], { exact: true }).inputValue()).toBe('');
  expect(await page.getByLabel(es['common.dob']).inputValue()).toBe('');
  await page.getByText(es['common.languageSwitch.cleared']).waitFor();
  expect(await focused(page)).toEqual({ tag: 'BUTTON', text: 'Español', lang: 'es' });
  // and nothing of it is left in the browser's storage
  expect(await page.evaluate(() => Object.keys(window.sessionStorage).filter((key) => key.includes('languageSwitch')))).toEqual([]);
  await expectNoAxeViolations(page, 'register after the language switch at 375 px');
  await screenshot(page, 'es-register-after-language-switch-375');
});

test('recover username in Spanish, then back to English: the loan number stays; a later visit starts empty', async () => {
  const page = await openPage(1280);
  await page.goto('/loanmanager/recover_username/');
  await switchTo(page, 'Español', 'es');
  await page.getByLabel(es['common.loanNumber']).fill('9000000001');
  await switchTo(page, 'English', 'en');
  await page.getByRole('heading', { level: 1, name: english['recoverUsername.title'] }).waitFor();
  await page.waitForFunction(() => (document.querySelector<HTMLInputElement>('#recoverUsername-loanno')?.value ?? '') !== '');
  expect(await page.getByLabel(english['common.loanNumber']).inputValue()).toBe('9000000001');
  // nothing sensitive was typed: no notice
  expect(await page.getByText(english['common.languageSwitch.cleared']).count()).toBe(0);
  expect((await focused(page))?.tag).toBe('BUTTON');
  // the record was read once: a reload is a fresh form
  await page.reload();
  await page.getByRole('heading', { level: 1, name: english['recoverUsername.title'] }).waitFor();
  await page.waitForLoadState('networkidle');
  expect(await page.getByLabel(english['common.loanNumber']).inputValue()).toBe('');
});
