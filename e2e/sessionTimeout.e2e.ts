/**
 * The inactivity warning in Chromium against the reference server. The page's clock is installed
 * before the app loads and fast-forwarded over the idle minutes; the server keeps real time, so
 * its session is still alive whenever the page calls it, and the sign-out at the end is the
 * page's own.
 */
import type { Page } from 'playwright-core';
import { expectNoAxeViolations, screenshot, setUpPages, signIn } from './support/browser';

const PROFILE = '/loanmanager/profile/';
const TITLE = 'Your session is about to end';
const MINUTE = 60_000;
/** The server's answer is 15 minutes; the warning opens 2 minutes before. */
const UNTIL_WARNING = 13 * MINUTE;

const openPage = setUpPages({ clock: true });

/** Signed in, on the profile page, once the widget knows when the session ends. */
async function onProfile(width = 1280): Promise<Page> {
  const page = await openPage(width);
  await signIn(page, 'dana.demo');
  const learned = page.waitForResponse((response) => response.url().endsWith('/loanmanager/api/user/session/'));
  await page.goto(PROFILE);
  expect((await learned).status()).toBe(200);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return page;
}

describe('the inactivity warning', () => {
  it('opens 2 minutes before the end, with the focus on "Stay signed in", and "Stay signed in" keeps the borrower signed in', async () => {
    const page = await onProfile();
    await page.clock.runFor(UNTIL_WARNING - 5000);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.clock.runFor(5000);
    const dialog = page.getByRole('dialog', { name: TITLE });
    await dialog.waitFor({ state: 'visible' });
    await page.waitForFunction(() => !!document.activeElement?.closest('dialog'));
    // the least destructive answer has the focus: Enter keeps the borrower signed in
    expect(await dialog.getByRole('button', { name: 'Stay signed in', exact: true }).evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await dialog.getByRole('status').textContent()).toContain('You will be signed out in 2 minutes');

    const extended = page.waitForResponse((response) => response.url().endsWith('/loanmanager/api/user/session/extend/'));
    await dialog.getByRole('button', { name: 'Stay signed in', exact: true }).click();
    expect((await extended).status()).toBe(200);
    await dialog.waitFor({ state: 'hidden' });
    // the old end passes: nothing happens, the borrower is still here and signed in
    await page.clock.runFor(3 * MINUTE);
    expect(new URL(page.url()).pathname).toBe(PROFILE);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect((await page.request.get('/loanmanager/api/user/session/')).status()).toBe(200);
  });

  it('ignored: signs out at the end and the sign-in page says why, then returns to the page', async () => {
    const page = await onProfile();
    await page.clock.runFor(UNTIL_WARNING);
    await page.getByRole('dialog', { name: TITLE }).waitFor({ state: 'visible' });
    const signedOut = page.waitForResponse((response) => response.url().endsWith('/loanmanager/api/account/logout/'));
    await page.clock.runFor(2 * MINUTE);
    expect((await signedOut).status()).toBe(200);
    await page.waitForURL('**/loanmanager/login/?inactive=1&next=%2Floanmanager%2Fprofile%2F');
    await page.getByText('You were signed out because you were inactive.').waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'signed out because you were inactive' }).count()).toBe(1);
    // the server session is gone, not only the page
    expect((await page.request.get('/loanmanager/api/user/session/')).status()).toBe(401);

    await page.getByLabel('Username').fill('dana.demo');
    await page.getByLabel('Password', { exact: true }).fill('Demo-pass1!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`**${PROFILE}`);
  });

  it.each([375, 1280])('has no axe violations with the warning open at %i px', async (width) => {
    const page = await onProfile(width);
    await page.clock.runFor(UNTIL_WARNING);
    await page.getByRole('dialog', { name: TITLE }).waitFor({ state: 'visible' });
    await expectNoAxeViolations(page, `the inactivity warning at ${width} px`);
    await screenshot(page, `session-timeout-warning-${width}`);
  });
});
