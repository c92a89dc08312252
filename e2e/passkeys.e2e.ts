/**
 * Passkeys end to end (issue 49) in Chromium with its virtual authenticator (the DevTools protocol's
 * WebAuthn domain: a platform authenticator with resident keys and user verification, which answers
 * every prompt by itself). The page is on `localhost`, since WebAuthn refuses an IP address. A new
 * borrower registers, adds a passkey on the profile (after confirming the password), signs out,
 * signs in with it by the button and by the username field's suggestions (conditional mediation),
 * steps up with it to change the address (no password asked), renames and removes it; the emails of
 * the added and the removed passkey come in the borrower's language. The landing page after the
 * registration offers a passkey (English: "Add a passkey"; Spanish: "Not now"). The same in Spanish at
 * 375 px; axe-core on each new state (the offer, the password dialog of an added passkey, the list, the
 * step-up prompt).
 */
import type { Page } from 'playwright-core';
import english from '../src/platform/i18n/locales/en.json';
import spanish from '../src/platform/i18n/locales/es.json';
import { expectNoAxeViolations, outbox, screenshot, setUpPages } from './support/browser';

type Catalog = typeof english;
type MessageKey = keyof Catalog;

const openPage = setUpPages({ localhost: true });

/** A catalog's text with its {placeholders} filled (the plain ones these tests read). */
function text(catalog: Catalog, key: MessageKey, values: Record<string, string> = {}): string {
  return Object.entries(values).reduce((message, [name, value]) => message.replace(`{${name}}`, value), catalog[key]);
}

/** While this cookie is set, the page's browser offers no passkeys in the username field (see the button's step). */
const NO_AUTOFILL_COOKIE = 'e2e_no_passkey_autofill';

/** Chromium's virtual authenticator for the page: a phone's or laptop's own, unlocked and present. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await page.addInitScript((cookie) => {
    if (document.cookie.includes(`${cookie}=1`)) PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
  }, NO_AUTOFILL_COOKIE);
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    async credentials() {
      return (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
    },

  };
}

interface Borrower {
  firstName: string;
  lastName: string;
  username: string;
  password: string;
  email: string;
  loanno: string;
  /** fake demo SSN (starts with 9) */
  ssn: string;
  dob: string;
}

/** The mail to `address` whose subject is one of the catalog's `subjectKey` (either language), once it has arrived. */
async function mailTo(address: string, subjectKey: MessageKey) {
  const subjects = new Set([english[subjectKey], spanish[subjectKey]]);
  for (let attempt = 0; attempt < 50; attempt++) {
    const found = (await outbox()).filter((message) => message.to === address && subjects.has(message.subject));
    if (found.length > 0) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no "${subjectKey}" mail to ${address}`);
}

async function register(page: Page, t: Catalog, borrower: Borrower) {
  await page.getByLabel(t['registration.firstName'], { exact: true }).fill(borrower.firstName);
  await page.getByLabel(t['registration.lastName'], { exact: true }).fill(borrower.lastName);
  await page.getByLabel(t['registration.username'], { exact: true }).fill(borrower.username);
  await page.getByLabel(t['registration.password'], { exact: true }).fill(borrower.password);
  await page.getByLabel(t['registration.passwordAgain'], { exact: true }).fill(borrower.password);
  await page.getByLabel(t['registration.email'], { exact: true }).fill(borrower.email);
  await page.getByLabel(t['registration.emailAgain'], { exact: true }).fill(borrower.email);
  await page.getByLabel(t['common.loanNumber']).fill(borrower.loanno);
  await page.getByLabel(t['common.ssn'], { exact: true }).pressSequentially(borrower.ssn);
  await page.getByLabel(t['common.dob']).pressSequentially(borrower.dob);
  await Promise.all([page.waitForURL(/\/loanmanager\/(main|loanoverview)\//), page.getByRole('button', { name: t['registration.submit'] }).click()]);
}

async function signOut(page: Page, t: Catalog) {
  await Promise.all([page.waitForURL('**/loanmanager/login/**'), page.getByRole('button', { name: t['server.header.signOut'] }).click()]);
  await page.getByRole('heading', { level: 1, name: t['login.title'] }).waitFor();
}

async function runFlow(page: Page, t: Catalog, borrower: Borrower, label: string) {
  const authenticator = await addVirtualAuthenticator(page);
  const passkeyName = t === spanish ? 'Mi teléfono' : 'My laptop';
  const newName = t === spanish ? 'Teléfono del trabajo' : 'Work laptop';

  await register(page, t, borrower);

  // the landing page offers a passkey once, as a notice beside the verification notice, focus untouched
  const offer = page.getByRole('region', { name: t['server.passkeyOffer.title'] });
  await offer.waitFor();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  expect(await page.getByRole('dialog').count()).toBe(0);
  await expectNoAxeViolations(page, `${label}: the offer of a passkey`);
  await screenshot(page, `passkeys-${label}-offer`);
  const section = page.getByRole('region', { name: t['profile.passkeys.title'] });
  if (t === spanish) {
    // "Not now": the same page again, without it
    await Promise.all([page.waitForURL(/\/loanmanager\/(main|loanoverview)\//), offer.getByRole('button', { name: t['server.passkeyOffer.notNow'] }).click()]);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await offer.count()).toBe(0);
    await page.goto('/loanmanager/profile/');
  } else {
    // "Add a passkey": the profile's passkeys, the new one's name field ready
    await Promise.all([page.waitForURL('**/loanmanager/profile/#passkeys'), offer.getByRole('link', { name: t['server.passkeyOffer.add'] }).click()]);
    await page.waitForFunction(() => document.activeElement?.closest('section')?.id === 'passkeys');
  }

  // the profile: add a passkey; the password is asked first (the re-authentication window)
  await section.getByText(t['profile.passkeys.none']).waitFor();
  await section.getByLabel(t['profile.passkeys.newName']).fill(passkeyName);
  await section.getByRole('button', { name: t['profile.passkeys.add'] }).click();
  const reauth = page.getByRole('dialog', { name: t['common.reauth.title'] });
  await reauth.getByLabel(t['common.reauth.password'], { exact: true }).waitFor();
  await expectNoAxeViolations(page, `${label}: the password asked before adding a passkey`);
  await screenshot(page, `passkeys-${label}-add-dialog`);
  await reauth.getByLabel(t['common.reauth.password'], { exact: true }).fill(borrower.password);
  await reauth.getByRole('button', { name: t['common.reauth.confirm'] }).click();
  await section.getByRole('status').getByText(t['profile.passkeys.addDone']).waitFor();
  const list = section.getByRole('list', { name: t['profile.passkeys.list'] });
  await list.getByText(passkeyName, { exact: true }).waitFor();
  expect(await list.getByRole('listitem').count()).toBe(1);
  expect(await authenticator.credentials()).toHaveLength(1);
  await expectNoAxeViolations(page, `${label}: the list of passkeys`);
  await screenshot(page, `passkeys-${label}-list`);
  expect((await mailTo(borrower.email, 'email.passkeyAdded.subject')).map((message) => message.subject)).toEqual([t['email.passkeyAdded.subject']]);

  // signed out, back in with the passkey by the button: no password typed. The virtual authenticator
  // answers the username field's suggestions (conditional mediation) the moment the sign-in page asks,
  // so for this step the page is a browser without them (isConditionalMediationAvailable false, by an
  // init script that reads a cookie of this test), where the button is the way.
  await page.context().addCookies([{ name: NO_AUTOFILL_COOKIE, value: '1', url: new URL(page.url()).origin }]);
  await signOut(page, t);
  const username = page.getByLabel(t['login.username']);
  expect(await username.getAttribute('autocomplete')).toBe('username webauthn');
  await Promise.all([page.waitForURL(/\/loanmanager\/(main|loanoverview)\//), page.getByRole('button', { name: t['login.passkey'] }).click()]);
  await page.context().clearCookies({ name: NO_AUTOFILL_COOKIE });
  // signed out, back in by the username field's suggestions (conditional mediation): the sign-in
  // page asks as it opens, the authenticator answers, nothing is pressed
  await page.goto('/loanmanager/profile/');
  const [passkeySignIn] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/api/account/passkey/login/')),
    page.waitForURL(/\/loanmanager\/(main|loanoverview)\//),
    page.getByRole('button', { name: t['server.header.signOut'] }).click(),
  ]);
  expect(passkeySignIn.status()).toBe(200);

  // step up with the passkey to change the address: the password is never asked
  await page.goto('/loanmanager/profile/');
  const newAddress = `${borrower.username}.new@example.com`;
  await page.getByRole('textbox', { name: t['profile.newEmail'] }).fill(newAddress);
  await page.locator('.lm-form-item-has-success').waitFor();
  await page.getByRole('button', { name: t['profile.changeEmail'] }).click();
  await reauth.getByRole('button', { name: t['common.reauth.usePasskey'] }).waitFor();
  await expectNoAxeViolations(page, `${label}: the step-up prompt`);
  await reauth.getByRole('button', { name: t['common.reauth.usePasskey'] }).click();
  await reauth.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: t['profile.sendAgain'] }).waitFor();
  expect(await page.getByLabel(t['common.reauth.password'], { exact: true }).count()).toBe(0);

  // rename, then remove
  await section.getByRole('button', { name: text(t, 'profile.passkeys.rename', { name: passkeyName }) }).click();
  await section.getByLabel(t['profile.passkeys.name']).fill(newName);
  await section.getByRole('button', { name: t['profile.passkeys.save'] }).click();
  await section.getByRole('status').getByText(t['profile.passkeys.renameDone']).waitFor();
  await list.getByText(newName, { exact: true }).waitFor();
  await section.getByRole('button', { name: text(t, 'profile.passkeys.remove', { name: newName }) }).click();
  await section.getByRole('status').getByText(t['profile.passkeys.removeDone']).waitFor();
  await section.getByText(t['profile.passkeys.none']).waitFor();
  expect((await mailTo(borrower.email, 'email.passkeyRemoved.subject')).map((message) => message.subject)).toEqual([t['email.passkeyRemoved.subject']]);
}

test('English at 1280 px: register, add a passkey, sign in with it by the button and by autofill, step up with it, rename and remove it', async () => {
  const page = await openPage(1280);
  await page.goto('/loanmanager/register/');
  await runFlow(
    page,
    english,
    {
      firstName: 'Reggie',
      lastName: 'Register',
      username: 'reggie.register',
      password: 'Reggie-quokka-7',
      email: 'reggie.register@example.com',
      loanno: '9000000008',
      ssn: '900000007', // fake demo SSN
      dob: '12241978',
    },
    'en-1280',
  );
});

test('Español at 375 px: the same flow, every text and both emails in Spanish', async () => {
  const page = await openPage(375);
  await page.goto('/loanmanager/register/');
  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Español' }).click()]);
  expect(await page.getAttribute('html', 'lang')).toBe('es');
  await runFlow(
    page,
    spanish,
    {
      firstName: 'Nora',
      lastName: 'Newcomer',
      username: 'nora.nueva',
      password: 'Nora-quokka-12',
      email: 'nora.nueva@example.com',
      loanno: '9000000007',
      ssn: '900000006', // fake demo SSN
      dob: '04121985',
    },
    'es-375',
  );
});
