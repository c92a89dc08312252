/**
 * The signed-out account flows in Chromium against the reference server, as borrowers do them:
 * - Reggie (not registered, two loans) registers and lands on main/; his verification email's
 *   link verifies the address once, and a second time fails;
 * - registering with Dana's details (already registered) answers 409: accepting the question
 *   goes to recovery, which submits by itself and leaves sessionStorage empty;
 * - Sam requests a reset, opens the emailed link, sets a new password, is sent to the login page
 *   and signs in with it; the same link again shows the expired state;
 * - every state passes axe-core at 375 px and 1280 px.
 */
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../server/db/seed';
import { expectNoAxeViolations, outbox, screenshot, setUpPages, WIDTHS } from './support/browser';

const RECOVERY_CACHE_KEY = 'loanmanager.recoverUsername.details';

const openPage = setUpPages();

/** axe-core at both widths, and a screenshot of each. */
async function checkAccessibility(page: Page, label: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 800 : 900 });
    await expectNoAxeViolations(page, `${label} at ${width} px`);
    await screenshot(page, `account-${label.replace(/\W+/g, '-')}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function emailLink(address: string, subject: RegExp): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const message = (await outbox()).find((candidate) => candidate.to === address && subject.test(candidate.subject));
    const link = message?.links[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no email "${subject.source}" to ${address}`);
}

async function fillIdentity(page: Page, loanno: string, ssn: string, dob: string) {
  await page.getByLabel('Loan Number').fill(loanno);
  // Key by key with no delay, as autotype and fast typists do: every digit must land in its place.
  await page.getByLabel('Social Security Number', { exact: true }).pressSequentially(ssn);
  await page.getByLabel('Date of Birth').pressSequentially(dob);
}

test('the SSN and date masks keep every digit in place at full typing speed and when edited in the middle', async () => {
  const page = await openPage(375);
  await page.goto('/loanmanager/register/');
  const ssn = page.getByLabel('Social Security Number', { exact: true });
  const dob = page.getByLabel('Date of Birth');
  for (let attempt = 0; attempt < 5; attempt++) {
    await ssn.fill('');
    await dob.fill('');
    await ssn.pressSequentially('900000007'); // fake demo SSN
    await dob.pressSequentially('12241978');
    expect([await ssn.inputValue(), await dob.inputValue()]).toEqual(['900-00-0007', '12/24/1978']); // fake demo SSN
  }
  // Back in the SSN at its end: backspace through a separator, then type on.
  await ssn.click();
  await ssn.press('End');
  for (let key = 0; key < 5; key++) await ssn.press('Backspace');
  expect(await ssn.inputValue()).toBe('900-0');
  await ssn.pressSequentially('01234');
  expect(await ssn.inputValue()).toBe('900-00-1234'); // fake demo SSN
  // A digit replaced in the middle stays where it was typed; a full field takes no more.
  for (let key = 0; key < 5; key++) await ssn.press('ArrowLeft');
  await ssn.press('Backspace');
  await ssn.press('9');
  expect(await ssn.inputValue()).toBe('900-09-1234'); // fake demo SSN
  await ssn.press('5');
  expect(await ssn.inputValue()).toBe('900-09-1234'); // fake demo SSN
});

/** The register page with the page's timers under the test's hand, and its SSN field. */
async function ssnWithPausedTimers() {
  const page = await openPage(375);
  await page.clock.install();
  await page.goto('/loanmanager/register/');
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  return { page, ssn: page.getByLabel('Social Security Number', { exact: true }) };
}

test('an SSN edited in the middle keeps its caret with no timer run: a busy phone may handle the next key first', async () => {
  const { ssn } = await ssnWithPausedTimers();
  await ssn.pressSequentially('900001234'); // fake demo SSN
  // No timer runs from here: a caret that only a timer puts back would send the next digit to the end.
  for (let key = 0; key < 5; key++) await ssn.press('ArrowLeft');
  await ssn.press('Backspace');
  await ssn.press('9');
  expect(await ssn.inputValue()).toBe('900-09-1234'); // fake demo SSN
});

test("the mask's late caret placement after a digit does not undo arrow keys pressed before it ran", async () => {
  const { page, ssn } = await ssnWithPausedTimers();
  await ssn.pressSequentially('900001234'); // fake demo SSN
  for (let key = 0; key < 5; key++) await ssn.press('ArrowLeft');
  await page.clock.runFor(100); // the timers scheduled by the typing run now, after the arrows
  await ssn.press('Backspace');
  await ssn.press('9');
  expect(await ssn.inputValue()).toBe('900-09-1234'); // fake demo SSN
});

test('register a seeded borrower end to end, then verify the email through its link (once)', async () => {
  const page = await openPage();
  await page.goto('/loanmanager/register/');
  await page.getByRole('heading', { level: 1, name: 'Register' }).waitFor();
  await checkAccessibility(page, 'register empty');

  await page.getByRole('button', { name: 'Register' }).click();
  // submit focuses the first invalid field: the loan's details come first (issue 47 item 8)
  await page.waitForFunction(() => document.activeElement?.id === 'registration-loanno');
  await checkAccessibility(page, 'register errors');

  await page.getByLabel('First Name').fill('Reggie');
  await page.getByLabel('Last Name').fill('Register');
  await page.getByLabel('Username').fill('reggie.register');
  await page.getByLabel('Password', { exact: true }).fill('Reggie-quokka-7');
  await page.getByLabel('Password (again)').fill('Reggie-quokka-7');
  await page.getByLabel('Email', { exact: true }).fill('reggie.register@example.com');
  await page.getByLabel('Email (again)').fill('reggie.register@example.com');
  await fillIdentity(page, '9000000008', '900000007', '12241978');
  expect(await page.getByLabel('Social Security Number', { exact: true }).inputValue()).toBe('900-00-0007'); // fake demo SSN
  expect(await page.getByLabel('Date of Birth').inputValue()).toBe('12/24/1978');
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL('**/loanmanager/main/').catch(async (error: unknown) => {
    await screenshot(page, 'account-register-timeout');
    throw error;
  });
  await page.getByRole('heading', { name: 'Your loans' }).waitFor();
  // the landing page says where the verification email went, with nothing of it in the address
  await page
    .getByText('We have sent a verification email to reggie.register@example.com. Please open the link in it to verify your email address.')
    .waitFor();
  expect(new URL(page.url()).search).toBe('');

  const link = await emailLink('reggie.register@example.com', /verify/i);
  const verify = await openPage();
  await verify.goto(link);
  await verify.getByText('Your email has been verified. You may now close this tab.').waitFor();
  await checkAccessibility(verify, 'verify verified');
  await verify.reload();
  await verify.getByText('There was a problem verifying your email address.').waitFor();
  await checkAccessibility(verify, 'verify error');
});

test('409: already registered, accepted, recovery submits by itself and the cache is emptied', async () => {
  const page = await openPage(375);
  await page.goto('/loanmanager/register/');
  await page.getByLabel('First Name').fill('Dana');
  await page.getByLabel('Last Name').fill('Demo');
  await page.getByLabel('Username').fill('dana.again');
  await page.getByLabel('Password', { exact: true }).fill('Dana-quokka-12');
  await page.getByLabel('Password (again)').fill('Dana-quokka-12');
  await page.getByLabel('Email', { exact: true }).fill('dana.demo@example.com');
  await page.getByLabel('Email (again)').fill('dana.demo@example.com');
  await fillIdentity(page, '9000000001', '900000001', '01151980');
  expect(await page.getByLabel('Social Security Number', { exact: true }).inputValue()).toBe('900-00-0001'); // fake demo SSN
  expect(await page.getByLabel('Date of Birth').inputValue()).toBe('01/15/1980');
  await page.getByRole('button', { name: 'Register' }).click();
  // the question in the portal's own dialog (no window.confirm), answered from the keyboard
  const question = page.getByRole('dialog', { name: 'Already registered' });
  await question.getByText('You have already registered. Would you like to have your username emailed to you?').waitFor();
  await question.getByRole('button', { name: 'Yes, email my username' }).press('Enter');
  // a router navigation inside the portal (same document), so no load event to wait for
  await page
    .waitForFunction(() => window.location.pathname === '/loanmanager/recover_username/')
    .catch(async (error: unknown) => {
      await screenshot(page, 'account-409-timeout');
      throw error;
    });
  const success = page.getByText(/^Your username has been emailed to you at .+\. If you do not receive it, please wait a few minutes and check your spam folder\.$/);
  await success.waitFor();
  expect(await page.evaluate((key) => window.sessionStorage.getItem(key), RECOVERY_CACHE_KEY)).toBeNull();
  expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
  expect(await page.getByRole('link', { name: 'Go to the sign-in page' }).getAttribute('href')).toBe('/loanmanager/login/');
  await checkAccessibility(page, 'recover success');
  const email = (await outbox()).find((message) => message.to === 'dana.demo@example.com' && /username/i.test(message.subject));
  expect(email?.body).toContain('dana.demo');
});

test('request a reset, open the emailed link, set a new password, sign in with it; the link then expires', async () => {
  const page = await openPage();
  await page.goto('/loanmanager/request_password_reset');
  await page.getByRole('heading', { level: 1, name: 'Having trouble signing in?' }).waitFor();
  expect(await page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
  await checkAccessibility(page, 'reset request form');
  await page.getByLabel('Username').fill('sam.several');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Please check your email for a link to reset your password.').waitFor();
  await checkAccessibility(page, 'reset request sent');

  const link = await emailLink('sam.several@example.com', /reset/i);
  await page.goto(link);
  await page.getByRole('heading', { level: 1, name: 'Reset Password' }).waitFor();
  await page.getByLabel('Password', { exact: true }).waitFor();
  await checkAccessibility(page, 'reset form');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await checkAccessibility(page, 'reset errors');
  await page.getByLabel('Password', { exact: true }).fill('Sam-new-pass9');
  await page.getByLabel('Password (again)').fill('Sam-new-pass9');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await page.getByText('Password reset successful! You will now be redirected to the login page.').waitFor();
  await checkAccessibility(page, 'reset success');
  await page.waitForURL('**/loanmanager/login/?password_changed=1', { timeout: 10_000 });

  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  await page.getByText('Your password has been changed. Sign in with your new password.').waitFor();
  await checkAccessibility(page, 'login');
  await page.getByLabel('Username').fill('sam.several');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('The username or password is incorrect.').waitFor();
  await page.getByLabel('Password', { exact: true }).fill('Sam-new-pass9');
  await Promise.all([page.waitForURL('**/loanmanager/main/'), page.getByRole('button', { name: 'Sign in' }).click()]);

  const reused = await openPage(375);
  await reused.goto(link);
  await reused.getByText('Your reset password request has expired.').waitFor();
  expect(await reused.getByRole('link', { name: 'Request a new password reset link' }).getAttribute('href')).toBe(
    '/loanmanager/request_password_reset',
  );
  await checkAccessibility(reused, 'reset expired');
});

test('a signed-in page opened first: sign in there, then back on that page (not the landing page)', async () => {
  const page = await openPage();
  await page.goto('/loanmanager/profile/');
  await page.waitForURL('**/loanmanager/login/?next=%2Floanmanager%2Fprofile%2F');
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  await page.getByLabel('Username').fill('dana.demo');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await Promise.all([page.waitForURL('**/loanmanager/profile/'), page.getByRole('button', { name: 'Sign in' }).click()]);
  await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
});
