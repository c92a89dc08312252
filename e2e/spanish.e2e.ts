/**
 * The portal in Spanish (issue 19), in Chromium against the reference server, as a borrower with
 * limited English does it, on a phone:
 * - Reggie chooses Español in the header, registers, lands on his loans in Spanish and gets his
 *   verification email in Spanish;
 * - having saved Spanish, he asks for a reset from a new browser: the email, the reset page and
 *   the sign-in page are in Spanish;
 * - Dana chooses Español while signed in and goes green in Spanish;
 * - every state passes axe-core at 375 px and 1280 px, with `<html lang="es">`.
 * And the pseudo-locale (en-XA: accented, 35 % longer) on every portal page at 375 px: nothing
 * wider than the screen; the screenshots are for a person to look at.
 */
import type { Page } from 'playwright-core';
import english from '../src/platform/i18n/locales/en.json';
import es from '../src/platform/i18n/locales/es.json';
import { expectNoAxeViolations, outbox, screenshot, setUpPages, signIn, WIDTHS } from './support/browser';

const openPage = setUpPages();

async function checkAccessibility(page: Page, label: string) {
  expect(await page.getAttribute('html', 'lang')).toBe('es');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 800 : 900 });
    await expectNoAxeViolations(page, `${label} at ${width} px`);
    await screenshot(page, `es-${label.replace(/\W+/g, '-')}-${width}`);
  }
  await page.setViewportSize({ width: 375, height: 800 });
}

/**
 * The names screen readers would read for antd's icons: those not hidden, and not inside a button
 * (a button's children are presentational: the password toggle is read by its own Spanish name).
 */
const englishIconNames = (page: Page) =>
  page.$$eval('[role="img"][aria-label]:not([aria-hidden="true"])', (icons) =>
    icons
      .filter((icon) => !icon.parentElement?.closest('button, [role="button"]'))
      .map((icon) => icon.getAttribute('aria-label') ?? '')
      .filter((name) => /^[a-z]+(-[a-z]+)*$/.test(name)),
  );

/** The header's language switch, as a borrower presses it (a form post and a page load). */
async function chooseSpanish(page: Page) {
  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Español' }).click()]);
  expect(await page.getAttribute('html', 'lang')).toBe('es');
}

async function emailTo(address: string, subject: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const message = (await outbox()).find((candidate) => candidate.to === address && candidate.subject === subject);
    if (message) return message;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no email "${subject}" to ${address}`);
}

test('register in Spanish: the switch, every label, the errors, the landing page and the verification email', async () => {
  const page = await openPage(375);
  await page.goto('/loanmanager/register/');
  await page.getByRole('heading', { level: 1, name: english['registration.title'] }).waitFor();
  await chooseSpanish(page);
  await page.getByRole('heading', { level: 1, name: es['registration.title'] }).waitFor();
  expect(await page.title()).toContain(es['portal.title.register']);
  await page.getByRole('button', { name: es['registration.submit'] }).click();
  await page.waitForFunction(() => document.activeElement?.id === 'registration-loanno');
  await page.getByText(es['validation.required']).first().waitFor();
  await checkAccessibility(page, 'register errors');
  // antd names its icons in English ("close-circle"): none of those names reaches a screen reader
  expect(await englishIconNames(page)).toEqual([]);

  await page.getByLabel(es['registration.firstName'], { exact: true }).fill('Reggie');
  await page.getByLabel(es['registration.lastName']).fill('Register');
  await page.getByLabel(es['registration.username']).fill('reggie.register');
  await page.getByLabel(es['registration.password'], { exact: true }).fill('Reggie-quokka-7');
  await page.getByLabel(es['registration.passwordAgain']).fill('Reggie-quokka-7');
  await page.getByLabel(es['registration.email'], { exact: true }).fill('reggie.register@example.com');
  await page.getByLabel(es['registration.emailAgain']).fill('reggie.register@example.com');
  await page.getByLabel(es['common.loanNumber']).fill('9000000008');
  await page.getByLabel(es['common.ssn'], { exact: true }).pressSequentially('900000007'); // fake demo SSN
  await page.getByLabel(es['common.dob']).pressSequentially('12241978');
  await Promise.all([page.waitForURL('**/loanmanager/main/'), page.getByRole('button', { name: es['registration.submit'] }).click()]);
  await page.getByRole('heading', { level: 1, name: es['server.loans.title'] }).waitFor();
  await page.getByText(/^Le enviamos un correo electrónico de verificación a reggie\.register@example\.com\./).waitFor();
  await checkAccessibility(page, 'registered landing');

  const email = await emailTo('reggie.register@example.com', es['email.verify.subject']);
  expect(email.body).toContain(es['email.verify.body'].slice(0, 30));
});

test("the footer's phone number and office hours are never split across lines, at any phone width", async () => {
  const page = await openPage(375);
  await page.goto('/loanmanager/login/');
  await chooseSpanish(page);
  const footer = page.getByRole('contentinfo');
  /** For each phone number and time of day in the footer (a tel: link, "8 a. m."), how many lines it takes. */
  const linesTaken = () =>
    footer.evaluate((node) => {
      const lines = (rects: DOMRectList) => new Set(Array.from(rects, (rect) => Math.round(rect.top))).size;
      const taken = Array.from(node.querySelectorAll('a[href^="tel:"]'), (link) => [link.textContent, lines(link.getClientRects())]);
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        for (const time of (text.textContent ?? '').matchAll(/\d+\s[ap]\.\sm\./g)) {
          const range = document.createRange();
          range.setStart(text, time.index);
          range.setEnd(text, time.index + time[0].length);
          taken.push([time[0], lines(range.getClientRects())]);
        }
      }
      return taken;
    });
  for (let width = 300; width <= 430; width += 5) {
    await page.setViewportSize({ width, height: 800 });
    const taken = await linesTaken();
    expect(taken).toHaveLength(3); // the number, "8 a. m." and "8 p. m."
    expect({ width, taken }).toEqual({ width, taken: taken.map(([text]) => [text, 1]) });
  }
});

test('a borrower who saved Spanish: the reset email, the reset page and the sign-in page in Spanish', async () => {
  // Nico registers in Spanish (his language is saved with the account)...
  const first = await openPage(375);
  await first.goto('/loanmanager/register/');
  await chooseSpanish(first);
  await first.getByLabel(es['registration.firstName'], { exact: true }).fill('Nico');
  await first.getByLabel(es['registration.lastName']).fill('Newcomer');
  await first.getByLabel(es['registration.username']).fill('nico.newcomer');
  await first.getByLabel(es['registration.password'], { exact: true }).fill('Nico-quokka-123');
  await first.getByLabel(es['registration.passwordAgain']).fill('Nico-quokka-123');
  await first.getByLabel(es['registration.email'], { exact: true }).fill('nico.newcomer@example.com');
  await first.getByLabel(es['registration.emailAgain']).fill('nico.newcomer@example.com');
  await first.getByLabel(es['common.loanNumber']).fill('9000000007');
  await first.getByLabel(es['common.ssn'], { exact: true }).pressSequentially('900000008'); // fake demo SSN
  await first.getByLabel(es['common.dob']).pressSequentially('07041987');
  try {
    await Promise.all([first.waitForURL(/\/loanmanager\/(main|loanoverview)\//), first.getByRole('button', { name: es['registration.submit'] }).click()]);
  } catch (error) {
    // what the page said instead of moving on (seen in full runs only): its alerts and a screenshot
    const said = await first.getByRole('alert').allInnerTexts().catch(() => []);
    await first.screenshot({ path: 'e2e/artifacts/spanish-saved-registration-failed.png', fullPage: true }).catch(() => undefined);
    throw new Error(`registration did not land on the loans page at ${first.url()}; alerts: ${JSON.stringify(said)}; ${String(error)}`);
  }

  // ...and later, in a browser that never chose a language, asks for a reset in Spanish
  const page = await openPage(375);
  await page.goto('/loanmanager/request_password_reset');
  await chooseSpanish(page);
  await page.getByRole('heading', { level: 1, name: es['passwordReset.requestTitle'] }).waitFor();
  await page.getByLabel(es['passwordReset.username']).fill('nico.newcomer');
  await page.getByRole('button', { name: es['passwordReset.continue'] }).click();
  await page.getByText(es['passwordReset.requestSucceeded']).waitFor();
  await checkAccessibility(page, 'reset request sent');

  const email = await emailTo('nico.newcomer@example.com', es['email.reset.subject']);
  const link = email.links[0];
  if (!link) throw new Error('the reset email has no link');
  await page.goto(link);
  await page.getByRole('heading', { level: 1, name: es['passwordReset.title'] }).waitFor();
  await page.getByRole('button', { name: es['passwordReset.submit'] }).click();
  await page.getByText(es['validation.required']).first().waitFor();
  await checkAccessibility(page, 'reset errors');
  await page.getByLabel(es['passwordReset.password'], { exact: true }).fill('Nico-new-pass9');
  await page.getByLabel(es['passwordReset.passwordAgain']).fill('Nico-new-pass9');
  await page.getByRole('button', { name: es['passwordReset.submit'] }).click();
  await page.getByText(es['passwordReset.succeeded']).waitFor();
  await page.waitForURL('**/loanmanager/login/?password_changed=1', { timeout: 10_000 });
  await page.getByText(es['login.passwordChanged']).waitFor();
  await checkAccessibility(page, 'sign in after reset');
  await page.getByLabel(es['login.username']).fill('nico.newcomer');
  await page.getByLabel(es['login.password'], { exact: true }).fill('Nico-new-pass9');
  await Promise.all([page.waitForURL(/\/loanmanager\/(main|loanoverview)\//), page.getByRole('button', { name: es['login.submit'] }).click()]);
  expect(await page.getAttribute('html', 'lang')).toBe('es');
});

test('go green in Spanish: chosen while signed in, every step, the thank-you', async () => {
  const page = await openPage(375);
  await signIn(page, 'dana.demo');
  await page.goto('/loanmanager/go-green/');
  await chooseSpanish(page);
  await page.getByRole('heading', { level: 2, name: es['goGreen.stepConfirmEmail'] }).waitFor();
  await checkAccessibility(page, 'go green confirm');
  await page.getByRole('radio', { name: es['goGreen.choiceYes'] }).check();
  await page.getByRole('button', { name: es['goGreen.next'] }).click();
  await page.getByRole('heading', { level: 2, name: es['goGreen.stepReviewDisclosures'] }).waitFor();
  // the consent itself in Spanish too: it is what the borrower agrees to
  const disclosures = page.getByRole('region', { name: es['goGreen.disclosures'] });
  await disclosures.getByRole('heading', { name: 'Consentimiento para la entrega electrónica de documentos del préstamo' }).waitFor();
  expect(await disclosures.innerText()).not.toMatch(/\b(the|you|your|documents)\b/i);
  await checkAccessibility(page, 'go green disclosures');
  await page.getByRole('button', { name: es['goGreen.complete'] }).click();
  await page.getByText(es['goGreen.thankYou']).waitFor();
  await checkAccessibility(page, 'go green thank you');
  expect(await englishIconNames(page)).toEqual([]);
  // the header's sign-out form (like the switch, a form our own page posts with Origin: null)
  await Promise.all([page.waitForURL('**/loanmanager/login/?signed_out=1'), page.getByRole('button', { name: es['server.header.signOut'] }).click()]);
  await page.getByRole('heading', { level: 1, name: es['login.title'] }).waitFor();
  await page.getByRole('status').filter({ hasText: es['login.signedOut'] }).waitFor();
});

/** Every portal page, signed out and signed in, in QA's pseudo-locale at 375 px. */
test('the pseudo-locale (accented, 35 % longer): no page is wider than a phone; screenshots of each', async () => {
  const page = await openPage(375);
  const signedOut = ['register/', 'recover_username/', 'request_password_reset', 'login/'];
  const signedIn = ['go-green/', 'profile/', 'main/'];
  const visit = async (path: string) => {
    await page.goto(`/loanmanager/${path}`);
    // the widget has rendered its texts from the pseudo catalog (its marks are on every text)
    await page.waitForFunction(() => /~~/.test(document.querySelector('[data-loanmanager-widget]')?.textContent ?? ''));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect({ path, overflow }).toEqual({ path, overflow: 0 });
    await screenshot(page, `pseudo-${path.replace(/\W+/g, '-')}375`);
  };
  await page.goto('/loanmanager/login/');
  await page.context().addCookies([{ name: 'lm_locale', value: 'en-XA', url: new URL(page.url()).origin }]);
  for (const path of signedOut) await visit(path);
  await signIn(page, 'paula.paperless');
  for (const path of signedIn) await visit(path);
});
