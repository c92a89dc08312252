/**
 * The combined go-green and auto-pay popup as a borrower's phone shows it (issue 39, item 12):
 * its title reads as the one title (each offer's heading clearly smaller), and the auto-pay link is
 * in view at 375 x 800 without scrolling, in both languages.
 */
import en from '../src/platform/i18n/locales/en.json';
import es from '../src/platform/i18n/locales/es.json';
import { expectNoAxeViolations, setUpPages, signIn } from './support/browser';

const openPage = setUpPages();

const CATALOGS = { en, es } as const;

test.each(['en', 'es'] as const)('combined popup at 375 x 800 in %s: one clear title, the auto-pay link in view', async (locale) => {
  const text = CATALOGS[locale];
  const page = await openPage(375);
  await signIn(page, 'sam.several');
  await page.context().addCookies([{ name: 'lm_locale', value: locale, url: new URL(page.url()).origin }]);
  await page.goto('/loanmanager/main/');
  const dialog = page.getByRole('dialog', { name: text['popups.combinedHeading'] });
  await dialog.waitFor();
  // settled: the opening zoom has ended
  await page.waitForFunction(() => document.getAnimations().length === 0);

  const fontSize = (element: Element) => parseFloat(getComputedStyle(element).fontSize);
  const title = await dialog.getByRole('heading', { level: 2 }).evaluate(fontSize);
  for (const heading of ['popups.goGreenHeading', 'popups.autoPayHeading'] as const) {
    const size = await dialog.getByRole('heading', { level: 3, name: text[heading] }).evaluate(fontSize);
    expect(size * 1.1).toBeLessThanOrEqual(title);
  }

  // the link is inside the part of the dialog's body that shows, and on the screen
  const link = dialog.getByRole('link', { name: text['popups.autoPayLink'] });
  const shown = await link.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const body = element.closest('.loanmanager-dialog-body')?.getBoundingClientRect();
    return body !== undefined && box.top >= body.top && box.bottom <= body.bottom + 0.5 && box.bottom <= window.innerHeight;
  });
  expect(shown).toBe(true);
  await expectNoAxeViolations(page, `combined popup, ${locale}, 375 px`);
});
