/**
 * The address on file, in Chromium against the reference server (issue 46 item 11, issue 47 item 5):
 * the borrower changes the address on the profile page, which names it, states the link's lifetime
 * and follows the verification done in another browser; then, as the owner of the replaced address,
 * the notice is opened in the developer outbox, its "this wasn't me" link puts the address back and
 * leads to a new password, and the browser that changed it is signed out.
 */
import type { Page } from 'playwright-core';
import { expectNoAxeViolations, screenshot, setUpPages, signIn, confirmPasswordIfAsked } from './support/browser';

const openPage = setUpPages();
const NEW_ADDRESS = 'sam.taken.over@example.com';
const OLD_ADDRESS = 'sam.several@example.com';

/** Opens the developer outbox and follows the link of the newest message to `to` whose subject is `subject`. */
async function followMailedLink(page: Page, to: string, subject: string) {
  await page.goto('/loanmanager/dev/outbox/');
  const card = page.locator('li.card').filter({ has: page.getByRole('heading', { name: subject }) }).filter({ hasText: `To ${to},` }).first();
  await card.getByRole('link').first().click();
}

test('change the address, verify it elsewhere, then put the old one back from its notice: signed out, a new password', async () => {
  const borrower = await openPage(1280);
  await signIn(borrower, 'sam.several');
  await borrower.goto('/loanmanager/profile/');
  await borrower.getByText(OLD_ADDRESS).waitFor();
  const field = borrower.getByRole('textbox', { name: 'New email address' });
  await field.fill(NEW_ADDRESS);
  // the server's check of the address, before any submit: its mark once accepted
  await borrower.locator('.lm-form-item-has-success').waitFor();
  await borrower.getByRole('button', { name: 'Change email address' }).click();
  const sent = borrower.getByText(`We sent a verification link to ${NEW_ADDRESS}.`, { exact: false });
  await confirmPasswordIfAsked(borrower, sent);
  await borrower.getByText('The link works for 48 hours.').waitFor();
  await borrower.getByRole('button', { name: 'Send the link again' }).waitFor();
  await expectNoAxeViolations(borrower, 'profile link sent (1280)');

  // the link opened in another browser: the profile follows by itself (its 5 s poll)
  const newMailbox = await openPage(1280);
  await followMailedLink(newMailbox, NEW_ADDRESS, 'Please verify your email address');
  await newMailbox.getByText('Your email has been verified. You may now close this tab.').waitFor();
  await borrower.getByText('is verified. It is now your email address on file.', { exact: false }).waitFor({ timeout: 15_000 });
  await borrower.getByText(`Your email address on file is ${NEW_ADDRESS} (verified).`).waitFor();

  // the owner of the old address: "this wasn't me"
  const oldMailbox = await openPage(375);
  await followMailedLink(oldMailbox, OLD_ADDRESS, 'Your Loan Manager email address was changed');
  await oldMailbox.getByRole('heading', { level: 1, name: 'Put your email address back' }).waitFor();
  await expectNoAxeViolations(oldMailbox, 'restore email page (375)');
  await screenshot(oldMailbox, 'restore-email-375');
  await oldMailbox.getByRole('button', { name: 'Put my address back' }).click();
  // straight to choosing a new password
  await oldMailbox.getByRole('heading', { level: 1, name: 'Reset Password' }).waitFor();
  await oldMailbox.getByLabel('Password', { exact: true }).fill('Sam-back-again9');
  await oldMailbox.getByLabel('Password (again)').fill('Sam-back-again9');
  await oldMailbox.getByRole('button', { name: 'Reset Password' }).click();
  await oldMailbox.waitForURL('**/loanmanager/login/?password_changed=1', { timeout: 10_000 });
  expect(new URL(oldMailbox.url()).searchParams.get('password_changed')).toBe('1');

  // the browser that changed the address is signed out
  await borrower.goto('/loanmanager/profile/');
  await borrower.waitForURL('**/loanmanager/login/**');
  expect(new URL(borrower.url()).pathname).toBe('/loanmanager/login/');
  await borrower.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();

  // the address is back: signed in with the new password, the profile names it
  const back = await openPage(1280);
  await signIn(back, 'sam.several', 'Sam-back-again9');
  await back.goto('/loanmanager/profile/');
  await back.getByText(`Your email address on file is ${OLD_ADDRESS} (verified).`).waitFor();

  // the link is used: it says so
  const again = await openPage(1280);
  await followMailedLink(again, OLD_ADDRESS, 'Your Loan Manager email address was changed');
  await again.getByRole('heading', { level: 1, name: 'This link no longer works' }).waitFor();
  // four browsers and a 5 s poll: more than the suite's 90 s on a loaded machine
}, 180_000);
