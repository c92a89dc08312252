/**
 * The signed-in popups in Chromium against the reference server. Uma Unverified is offered
 * three (combined go green + auto pay, the tax reminder in tax season, verify email); the
 * tests run in order because "Don't show again" changes what later sign-ins see.
 */
import type { Locator, Page, Response } from 'playwright-core';
import { COUNT_THE_OPENING_DIALOG } from '../bench/lib/countOpeningDialog';
import { FIRST_ANSWERS_ELEMENT_ID } from '../src/platform/renderProtocol';
import { jsonDataBlockIn } from '../src/testing/jsonDataBlock';
import { expectNoAxeViolations, screenshot, signIn, setUpPages } from './support/browser';

const USERNAME = 'uma.unverified';
const OVERVIEW = '/loanmanager/loanoverview/';
const POPUPS_WIDGET = '**/loanmanager/static/widget-popups.*.js';
const COMBINED = 'Go Paperless and Pay Automatically';
const TAX = /^\d{4} Tax Information$/;
const LIST_PATH = '/loanmanager/api/user/popup/';
const SEEN_PATH = '/loanmanager/api/user/set_popup_seen/';
const VERIFY = 'Please Verify Your Email Address';

const openPage = setUpPages();

/** The accessible name of the dialog holding the focus, or null when focus is outside every dialog. */
function focusedDialog(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const dialog = document.activeElement?.closest('dialog');
    if (!dialog) return null;
    const labelId = dialog.getAttribute('aria-labelledby');
    return (labelId && document.getElementById(labelId)?.textContent) || '';
  });
}

function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
}

/**
 * Tabs (forwards and back) through the open dialog: focus never reaches the page behind it.
 * Past the last control Chromium may hand focus to its own toolbar (document.body is then the
 * active element) before the next Tab brings it back into the dialog.
 */
async function expectFocusTrapped(page: Page, name: string) {
  for (const key of [...Array<string>(12).fill('Tab'), ...Array<string>(12).fill('Shift+Tab')]) {
    await page.keyboard.press(key);
    const onBody = await page.evaluate(() => document.activeElement === document.body);
    if (!onBody) expect(await focusedDialog(page)).toBe(name);
  }
}

/** Tabs to a control of the open dialog and activates it with the keyboard. */
async function pressControl(page: Page, label: string, key: 'Enter' | ' ' = 'Enter') {
  for (let step = 0; step < 25 && (await focusedText(page)) !== label; step += 1) await page.keyboard.press('Tab');
  expect(await focusedText(page)).toBe(label);
  await page.keyboard.press(key === ' ' ? 'Space' : key);
}

/** Resolves once no animation runs on the page (the dialog's opening or closing has ended). */
async function animationsEnded(page: Page) {
  await page.waitForFunction(() => document.getAnimations().length === 0);
}

async function expectOnlyDialog(page: Page, name: string | RegExp): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor({ state: 'visible' });
  expect(await page.getByRole('dialog').count()).toBe(1);
  return dialog;
}

/** The ids of the popups list a signed-in page came with (src/firstView/firstAnswers.ts), in order. */
async function popupsOfPage(response: Response | null): Promise<string[]> {
  const answers = jsonDataBlockIn((await response?.text()) ?? '', FIRST_ANSWERS_ELEMENT_ID) as { getPopups?: Array<{ id: string }> } | null;
  return (answers?.getPopups ?? []).map((item) => item.id);
}

async function expectNoDialogAfterLoad(page: Page, load: () => Promise<Response | null>) {
  const ids = await popupsOfPage(await load());
  // give a wrongly shown popup the time to appear
  await page.waitForTimeout(800);
  expect(await page.getByRole('dialog').count()).toBe(0);
  return ids;
}

describe('signed-in popups', () => {
  // Ok, not "Don't show again", in the first two: the last test is the one that dismisses the tax popup.
  it('at 375 px: each of the three popups passes axe, one after another', async () => {
    const page = await openPage(375);
    await signIn(page, USERNAME);
    await page.goto(OVERVIEW);

    await expectOnlyDialog(page, COMBINED);
    await expectNoAxeViolations(page, 'the combined popup at 375 px');
    await screenshot(page, 'popups-375-combined');
    // closed, not declined: a declined offer rests for 30 days (server/services/popups.ts), and the next tests need it
    await page.keyboard.press('Escape');

    await expectOnlyDialog(page, TAX);
    await expectNoAxeViolations(page, 'the tax popup at 375 px');
    await screenshot(page, 'popups-375-tax');
    await pressControl(page, 'Ok');

    await expectOnlyDialog(page, VERIFY);
    await expectNoAxeViolations(page, 'the verify-email popup at 375 px');
    await screenshot(page, 'popups-375-verify-email');
    await pressControl(page, 'I acknowledge this email is correct', ' ');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('at 1280 px, keyboard only: in order, focus moved in, trapped and returned; seen ones stay away after a reload', async () => {
    const page = await openPage(1280);
    await signIn(page, USERNAME);
    // Hold the popups back until the borrower has focused something on the page.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(POPUPS_WIDGET, async (route) => {
      await held;
      await route.continue();
    });
    const requested = page.waitForRequest((request) => /\/widget-popups\.\w+\.js$/.test(request.url()));
    await page.goto(OVERVIEW, { waitUntil: 'domcontentloaded' });
    await requested;
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Skip to main content');
    release();

    const combined = await expectOnlyDialog(page, COMBINED);
    await combined.getByRole('link', { name: 'Click Here to Set Up Automatic Payments' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.closest('dialog') !== null);
    expect(await focusedDialog(page)).toBe(COMBINED);
    await expectNoAxeViolations(page, 'the combined popup at 1280 px');
    await screenshot(page, 'popups-1280-combined');
    await expectFocusTrapped(page, COMBINED);
    await page.keyboard.press('Escape');

    const tax = await expectOnlyDialog(page, TAX);
    const taxName = (await tax.getByRole('heading', { level: 2 }).textContent()) ?? '';
    await page.waitForFunction(() => document.activeElement?.closest('dialog') !== null);
    await expectNoAxeViolations(page, 'the tax popup at 1280 px');
    await screenshot(page, 'popups-1280-tax');
    await expectFocusTrapped(page, taxName);
    // the FAQ opens from the keyboard
    await pressControl(page, 'When will my tax forms be available?');
    await tax.getByText(/Forms sent by mail can take several more days/).waitFor({ state: 'visible' });
    await pressControl(page, 'Ok');

    const verify = await expectOnlyDialog(page, VERIFY);
    await page.waitForFunction(() => document.activeElement?.closest('dialog') !== null);
    await expectNoAxeViolations(page, 'the verify-email popup at 1280 px');
    await screenshot(page, 'popups-1280-verify-email');
    await expectFocusTrapped(page, VERIFY);
    // it must be answered: Escape does nothing
    await page.keyboard.press('Escape');
    await page.waitForTimeout(600);
    expect(await verify.isVisible()).toBe(true);
    await pressControl(page, 'I acknowledge this email is correct');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // focus is back where the borrower left it
    expect(await focusedText(page)).toBe('Skip to main content');

    await page.unroute(POPUPS_WIDGET);
    const listedAfterReload = await expectNoDialogAfterLoad(page, () => page.reload());
    expect(listedAfterReload).toEqual([]);
  });

  it('"Don\'t show again" on the tax popup persists across sign-ins', async () => {
    const page = await openPage(1280);
    await signIn(page, USERNAME);
    await page.goto(OVERVIEW);
    await expectOnlyDialog(page, COMBINED);
    // closed, not declined: a declined offer rests for 30 days (server/services/popups.ts), and the next tests need it
    await page.keyboard.press('Escape');
    await expectOnlyDialog(page, TAX);
    await pressControl(page, "Don't show again");
    await expectOnlyDialog(page, VERIFY);
    await pressControl(page, 'I acknowledge this email is correct');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith(OVERVIEW));
    await signIn(page, USERNAME);
    expect(await popupsOfPage(await page.goto(OVERVIEW))).toEqual(['go-green-auto-pay', 'tfa-verify-email']);
    // straight from the combined popup to the verify-email one
    await expectOnlyDialog(page, COMBINED);
    // closed, not declined: a declined offer rests for 30 days (server/services/popups.ts), and the next tests need it
    await page.keyboard.press('Escape');
    await expectOnlyDialog(page, VERIFY);
  });
});

it('the loans list comes with its popups: the first opens at 375 px without asking the API, and is marked seen', async () => {
  const page = await openPage(375);
  await signIn(page, 'sam.several');
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(LIST_PATH)) asked.push(request.url());
  });
  const seen = page.waitForRequest((request) => request.url().endsWith(SEEN_PATH));
  const response = await page.goto('/loanmanager/main/');
  const [first] = await popupsOfPage(response);
  expect(first).toBe('go-green-auto-pay');
  await expectOnlyDialog(page, /Go Paperless|Pay Automatically/);
  expect((await seen).postDataJSON()).toEqual({ id_to_mark_as_seen: first });
  await expectNoAxeViolations(page, 'the first popup of the loans list at 375 px');
  expect(asked).toEqual([]);
});

it("the Lighthouse bench's dialog-counted measure makes the opened popup the page's largest paint", async () => {
  const page = await openPage(375);
  await signIn(page, 'sam.several');
  await page.addInitScript(COUNT_THE_OPENING_DIALOG);
  await page.addInitScript(() => {
    const inDialog: boolean[] = [];
    (window as unknown as { largestPaintsInDialog: boolean[] }).largestPaintsInDialog = inDialog;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { element: Element | null }>)
        inDialog.push(Boolean(entry.element?.closest('dialog')));
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto('/loanmanager/main/');
  await expectOnlyDialog(page, /Go Paperless|Pay Automatically/);
  await animationsEnded(page);
  // the last largest paint is the dialog's (without the measure, Chromium keeps the page's text)
  await page.waitForFunction(() => (window as unknown as { largestPaintsInDialog: boolean[] }).largestPaintsInDialog.at(-1) === true, null, {
    timeout: 5_000,
  });
});

describe('popups fit the viewport', () => {
  it.each([
    [375, 667],
    [1280, 800],
  ])('at %i x %i: the combined popup fits, its actions show without scrolling, the page behind stays put', async (width, height) => {
    const page = await openPage(width);
    await page.setViewportSize({ width, height });
    await signIn(page, USERNAME);
    await page.goto(OVERVIEW);
    const combined = await expectOnlyDialog(page, COMBINED);
    // a page long enough to scroll, so a missing lock would show
    await page.evaluate(() => {
      const spacer = document.createElement('div');
      spacer.style.height = '3000px';
      document.body.append(spacer);
    });
    await animationsEnded(page);

    const box = await combined.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(height);
    for (const name of ['Not at this time', 'Close']) {
      const action = await combined.getByRole('button', { name, exact: true }).boundingBox();
      expect(action).not.toBeNull();
      expect(action!.y).toBeGreaterThanOrEqual(0);
      expect(action!.y + action!.height).toBeLessThanOrEqual(height);
      expect(action!.x + action!.width).toBeLessThanOrEqual(width);
    }
    // a real target for a finger
    const decline = await combined.getByRole('button', { name: 'Not at this time' }).boundingBox();
    expect(decline!.height).toBeGreaterThanOrEqual(44);

    // the wheel over the dialog and over the backdrop, and the keyboard: the page behind does not move
    const before = await page.evaluate(() => window.scrollY);
    await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
    await page.mouse.wheel(0, 2000);
    await page.mouse.move(2, height - 2);
    await page.mouse.wheel(0, 2000);
    await page.keyboard.press('End');
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
    await screenshot(page, `popups-fit-${width}x${height}`);

    // closing it gives the page its scroll back
    await page.keyboard.press('Escape'); // not declined: see above
    // the tax popup was dismissed for good by the test before
    await expectOnlyDialog(page, VERIFY);
    await page.getByRole('button', { name: 'I acknowledge this email is correct' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.mouse.wheel(0, 400);
    await page.waitForFunction(() => window.scrollY > 0);
  });
});

it('the seen mark survives leaving the page at once (keepalive): the popup does not come back', async () => {
  const page = await openPage(1280);
  await signIn(page, 'dana.demo');
  const seen = page.waitForRequest((request) => request.url().endsWith(SEEN_PATH));
  await page.goto(OVERVIEW);
  await seen;
  // away the moment the mark is sent, without waiting for its answer
  await page.goto('/loanmanager/eftsetuprequest/');
  const ids = await popupsOfPage(await page.goto(OVERVIEW));
  expect(ids).not.toContain('go-green-auto-pay');
  // the next one in line (the tax popup, never shown) comes instead
  await expectOnlyDialog(page, TAX);
});


it('the backdrop closes a dialog, a press begun inside it does not; one that must be answered refuses Escape and the backdrop, however often', async () => {
  const page = await openPage(1280);
  await signIn(page, USERNAME);
  await page.goto(OVERVIEW);
  const combined = await expectOnlyDialog(page, COMBINED);
  await animationsEnded(page);
  const box = await combined.boundingBox();
  expect(box).not.toBeNull();
  // the spec's default width
  expect(Math.round(box!.width)).toBe(560);

  // selecting text inside and letting go over the backdrop; then a click in the dialog's own margin
  const text = await combined.getByText('Get your mortgage statements and notices by email instead of by mail.').boundingBox();
  await page.mouse.move(text!.x + 4, text!.y + text!.height / 2);
  await page.mouse.down();
  await page.mouse.move(box!.x - 100, box!.y + 40, { steps: 5 });
  await page.mouse.up();
  await page.mouse.click(box!.x + 6, box!.y + box!.height / 2);
  await page.waitForTimeout(600);
  expect(await combined.isVisible()).toBe(true);

  await page.mouse.click(box!.x - 100, box!.y + 40);
  await combined.waitFor({ state: 'detached' });

  // the tax popup was dismissed for good earlier in this file
  const verify = await expectOnlyDialog(page, VERIFY);
  await animationsEnded(page);
  expect(Math.round((await verify.boundingBox())!.width)).toBe(300);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  // Escape with focus on no control: the browser's own cancel, which it stops asking after one refusal
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.mouse.click(10, 10);
  await page.waitForTimeout(600);
  expect(await verify.isVisible()).toBe(true);
  expect(await page.evaluate(() => document.querySelector('dialog')?.matches(':modal'))).toBe(true);
  await verify.getByRole('button', { name: 'I acknowledge this email is correct' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
});

/** The dialog's own zoom and its backdrop's fade (Dialog.css), running now. */
function dialogAnimations(page: Page): Promise<number> {
  return page.evaluate(
    () => document.getAnimations().filter((animation) => (animation as CSSAnimation).animationName?.startsWith('loanmanager-dialog')).length,
  );
}

it('with reduced motion asked for, the dialogs neither zoom nor fade, and go at once', async () => {
  const page = await openPage(375);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, USERNAME);
  await page.goto(OVERVIEW);
  await expectOnlyDialog(page, COMBINED);
  expect(await dialogAnimations(page)).toBe(0);
  await page.keyboard.press('Escape'); // not declined: see above
  await expectOnlyDialog(page, VERIFY);
  expect(await dialogAnimations(page)).toBe(0);
  await page.getByRole('button', { name: 'I acknowledge this email is correct' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
});
