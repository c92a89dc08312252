/**
 * The page shell at the widths borrowers use (issue 39, E9 and "small targets"):
 * - the signed-in header, English and Spanish, from 320 to 1280 px: no item wraps or drops to a
 *   row of its own (its two rows are the name, the language switch and "Sign out", then the
 *   account links, each on one line), nothing sticks out of the screen, and Tab visits the items
 *   in the order they are read (row by row, left to right);
 * - the links a borrower taps on the loans pages and in the footer: 44 px high for the loan links,
 *   at least 24 by 24 px (WCAG 2.2 AA, 2.5.8) for every link of the footer.
 */
import type { Page } from 'playwright-core';
import en from '../src/platform/i18n/locales/en.json';
import es from '../src/platform/i18n/locales/es.json';
import { TOUCH_TARGET_PX } from '../src/platform/palette';
import { setUpPages, signIn } from './support/browser';

const openPage = setUpPages();

const WIDTHS = [320, 375, 768, 820, 900, 1280] as const;
const CATALOGS = { en, es } as const;

interface HeaderItem {
  name: string;
  left: number;
  right: number;
  top: number;
  middle: number;
  /** distinct line tops of the item's own text: 1 unless it wraps */
  lines: number;
}

/** The header's visible controls (links and buttons), in DOM order, with their boxes. */
function headerItems(page: Page): Promise<HeaderItem[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('header a, header button')]
      .filter((element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden')
      .map((element) => {
        const box = element.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(element);
        const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        return {
          name: (element.textContent ?? '').trim(),
          left: box.left,
          right: box.right,
          top: box.top,
          middle: box.top + box.height / 2,
          lines: tops.size,
        };
      }),
  );
}

/** Reading order: by row (items whose middles are within half a target of each other), then left to right. */
function readingOrder(items: HeaderItem[]): string[] {
  const rows: HeaderItem[][] = [];
  for (const item of [...items].sort((a, b) => a.middle - b.middle)) {
    const row = rows.find((candidate) => Math.abs((candidate[0]?.middle ?? 0) - item.middle) < TOUCH_TARGET_PX / 2);
    if (row) row.push(item);
    else rows.push([item]);
  }
  return rows.flatMap((row) => row.sort((a, b) => a.left - b.left).map((item) => item.name));
}

/** The header items Tab reaches, starting from the skip link, in the order it reaches them. */
async function tabOrder(page: Page, count: number): Promise<string[]> {
  await page.locator('.skip-link').focus();
  const names: string[] = [];
  for (let index = 0; index < count; index += 1) {
    await page.keyboard.press('Tab');
    names.push(await page.evaluate(() => (document.activeElement?.closest('header') ? (document.activeElement.textContent ?? '').trim() : '')));
  }
  return names;
}

describe.each(Object.keys(CATALOGS) as Array<keyof typeof CATALOGS>)('the signed-in header in %s', (locale) => {
  const text = CATALOGS[locale];

  test.each(WIDTHS)('at %i px: each row on one line, inside the screen, and Tab in reading order', async (width) => {
    const page = await openPage(width);
    await signIn(page, 'sam.several');
    await page.context().addCookies([{ name: 'lm_locale', value: locale, url: new URL(page.url()).origin }]);
    // a page without popups, so nothing covers the header
    await page.goto('/loanmanager/eftsetuprequest/');
    const nav = page.getByRole('navigation', { name: text['server.header.accountNav'] });
    await nav.waitFor();
    const items = await headerItems(page);
    const links = await nav.getByRole('link').allTextContents();
    expect(links).toHaveLength(4);

    // no item's own text wraps
    expect(items.filter((item) => item.lines !== 1).map((item) => item.name)).toEqual([]);
    // the account links share one line
    const linkTops = new Set(items.filter((item) => links.includes(item.name)).map((item) => Math.round(item.top)));
    expect(linkTops.size).toBe(1);
    // the name, the language switch and "Sign out" share the other
    const firstRow = items.filter((item) => !links.includes(item.name));
    expect(firstRow.map((item) => item.name)).toContain(text['server.header.signOut']);
    const middles = firstRow.map((item) => item.middle);
    expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(2);
    // and nothing sticks out of the screen
    expect(items.filter((item) => item.left < 0 || item.right > width + 0.5).map((item) => item.name)).toEqual([]);

    expect(await tabOrder(page, items.length)).toEqual(readingOrder(items));
  });
});

describe('targets', () => {
  /** Width and height of every element `selector` matches, named by its text. */
  function sizes(page: Page, selector: string) {
    return page.$$eval(selector, (elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        return { name: (element.textContent ?? '').trim(), width: box.width, height: box.height };
      }),
    );
  }

  test.each([375, 1280])('at %i px, the loan links and every footer link (the phone and email in its sentence too) are 44 px high', async (width) => {
    const page = await openPage(width);
    await signIn(page, 'sam.several');
    await page.goto('/loanmanager/main/');
    const loanLinks = await sizes(page, `main a[href*="loanoverview"]`);
    expect(loanLinks.length).toBeGreaterThan(1);
    expect(loanLinks.filter((link) => link.height < TOUCH_TARGET_PX)).toEqual([]);

    const footerLinks = await sizes(page, 'footer a');
    expect(footerLinks.length).toBeGreaterThanOrEqual(4);
    // the phone and email links sit in a sentence: padded to 44 px, with the lines' spacing kept (issue 47)
    expect(footerLinks.filter((link) => link.height < TOUCH_TARGET_PX || link.width < 24)).toEqual([]);

    // a loan's page: the way back to all of them
    await page.goto('/loanmanager/loanoverview/?loanno=9000000002');
    const back = await sizes(page, `main a[href="/loanmanager/main/"]`);
    expect(back).toHaveLength(1);
    expect(back.filter((link) => link.height < TOUCH_TARGET_PX)).toEqual([]);
  });
});
