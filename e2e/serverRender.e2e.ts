/**
 * The server-rendered first view (issue 18) in Chromium: every portal page arrives drawn and
 * styled from the server, is hydrated without a mismatch and without moving, and what a borrower
 * types before the scripts arrive is kept (and never sent anywhere by Enter).
 */
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../server/db/seed';
import { COMPILE_HINT } from '../scripts/compileHints';
import { HYDRATED_ATTRIBUTE, SERVER_RENDERED_ATTRIBUTE } from '../src/platform/renderProtocol';
import { baseUrl, launchBrowser, setUpPages, signIn, watchLayoutShifts } from './support/browser';

const openPage = setUpPages();

const SIGNED_OUT = [
  '/loanmanager/login/',
  '/loanmanager/register/',
  '/loanmanager/recover_username/',
  '/loanmanager/request_password_reset',
  '/loanmanager/reset_password/e2e-nonce-that-does-not-exist/',
  '/loanmanager/verify_email/?nonce=e2e-nonce-that-does-not-exist',
];
const SIGNED_IN = ['/loanmanager/go-green/', '/loanmanager/profile/'];

/**
 * The page's console errors (a hydration mismatch is one: src/widgets/mountWidget.tsx) and its
 * layout shifts until its widgets are live: what hydration moves (later ones are the API's answers).
 */
async function watch(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.addInitScript((hydrated) => {
    // styles the scripts add to the page's head until it is live: each restyles the whole page
    const stylesAdded: string[] = [];
    let live = false;
    (window as unknown as { stylesAdded: string[] }).stylesAdded = stylesAdded;
    new MutationObserver((records) => {
      if (document.readyState === 'loading' || live) return;
      for (const node of records.flatMap((record) => [...record.addedNodes])) {
        if (node.parentNode !== document.head) continue;
        if (node instanceof HTMLStyleElement || (node instanceof HTMLLinkElement && node.rel === 'stylesheet')) stylesAdded.push(node.outerHTML.slice(0, 120));
      }
    }).observe(document, { childList: true, subtree: true });
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    });
    observer.observe({ type: 'layout-shift', buffered: true });
    // the frame that shows the hydrated widget is the last one counted
    new MutationObserver((_records, self) => {
      if (!document.querySelector(`[${hydrated}]`)) return;
      live = true;
      self.disconnect();
      requestAnimationFrame(() => setTimeout(() => observer.disconnect(), 0));
    }).observe(document, { attributes: true, subtree: true, attributeFilter: [hydrated] });
  }, HYDRATED_ATTRIBUTE);
  return errors;
}

async function expectServerRenderedAndHydrated(page: Page, path: string) {
  const errors = await watch(page);
  const response = await page.goto(path); // waits for hydration (support/browser.ts)
  const html = (await response?.text()) ?? '';
  // drawn by the server: the heading the borrower sees is in the HTML itself
  expect(html).toMatch(new RegExp(`<div [^>]*${SERVER_RENDERED_ATTRIBUTE}`));
  const heading = (await page.getByRole('heading', { level: 1 }).first().textContent()) ?? '';
  expect(heading.trim()).not.toBe('');
  expect(html).toContain(heading.trim().replace(/'/g, '&#x27;'));
  await page.waitForTimeout(500);
  expect(errors).toEqual([]);
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0));
  expect(shifts).toBeLessThan(0.01);
  // the page came with every style its first view needs: none arrives to restyle it as it hydrates
  await expect(page.evaluate(() => (window as unknown as { stylesAdded: string[] }).stylesAdded)).resolves.toEqual([]);
}

describe.each([375, 1280])('at %i px', (width) => {
  test.each(SIGNED_OUT)('%s arrives drawn, hydrates without a mismatch and without moving', async (path) => {
    await expectServerRenderedAndHydrated(await openPage(width), path);
  });

  test.each(SIGNED_IN)('%s (signed in) arrives drawn, hydrates without a mismatch and without moving', async (path) => {
    const page = await openPage(width);
    await signIn(page, 'dana.demo');
    await expectServerRenderedAndHydrated(page, path);
  });
});

test.each(['go-green', 'profile'])(
  '%s at 375 px arrives with the address on file drawn, asks no second time, and nothing moves afterwards',
  async (name) => {
    const page = await openPage(375);
    await signIn(page, 'uma.unverified');
    const statusRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/go-green/status/')) statusRequests.push(request.url());
    });
    const layoutShifts = await watchLayoutShifts(page);
    const response = await page.goto(`/loanmanager/${name}/`);
    // the answer is in the HTML the server drew, and shown: the largest text is there at first paint
    expect((await response?.text()) ?? '').toContain('<strong>uma.unverified@example.com</strong>');
    await expect(page.getByText('uma.unverified@example.com').first().isVisible()).resolves.toBe(true);
    // the flows, once live, take it from the page instead of asking again
    await page.waitForTimeout(1500);
    expect(statusRequests).toEqual([]);
    await expect(layoutShifts()).resolves.toBeLessThan(0.01);
  },
);

test.each([375, 1280])(
  'verify_email at %i px: its largest paint is the first view, the line saying what is going on, not the answer the flows bring',
  async (width) => {
    const page = await openPage(width);
    await page.addInitScript(() => {
      const largest: string[] = [];
      (window as unknown as { largest: string[] }).largest = largest;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { element: Element | null }>) largest.push(entry.element?.textContent ?? '');
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto('/loanmanager/verify_email/?nonce=e2e-nonce-that-does-not-exist');
    await page.getByRole('alert').filter({ hasText: 'There was a problem verifying your email address.' }).waitFor();
    // the answer's frame is painted and reported
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
    const largest = await page.evaluate(() => (window as unknown as { largest: string[] }).largest);
    expect(largest.at(-1)).toBe('We are checking the link from your email. This takes a few seconds; please keep this tab open.');
  },
);

test('every script a page loads after the loader asks V8 to compile it as it downloads; the loader does not', async () => {
  const page = await openPage(375);
  const firstLines: Promise<[string, string]>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const name = new URL(response.url()).pathname.split('/').pop() ?? '';
    firstLines.push(response.text().then((body) => [name, body.slice(0, body.indexOf('\n'))]));
  });
  // the flows download once the first view is live
  const flowsLoaded = page.waitForResponse((response) => /\/flows-[\w-]+\.[0-9a-f]+\.js$/.test(response.url()));
  await page.goto('/loanmanager/register/');
  await flowsLoaded;
  const scripts = new Map(await Promise.all(firstLines));
  expect([...scripts.keys()]).toContain('loanmanager-widgets.js');
  expect(scripts.get('loanmanager-widgets.js')).not.toBe(COMPILE_HINT);
  scripts.delete('loanmanager-widgets.js');
  // the runtime's packages and code, the portal, the widget, the hydration and the flows
  expect(scripts.size).toBeGreaterThanOrEqual(5);
  for (const [name, firstLine] of scripts) expect(`${name}: ${firstLine}`).toBe(`${name}: ${COMPILE_HINT}`);
});

test("Chromium gets the portal's pages compressed, typed in and followed, signed in or not (docs/security.md, control 28)", async () => {
  const page = await openPage(375);
  const typedIn = await page.goto('/loanmanager/login/');
  expect((await typedIn?.request().allHeaders())?.['sec-fetch-site']).toBe('none');
  expect((await typedIn?.allHeaders())?.['content-encoding']).toBe('br');
  await signIn(page, 'dana.demo');
  const followed = page.waitForResponse((response) => response.url().endsWith('/loanmanager/profile/'));
  // a page without the popups' dialog over it
  await page.goto('/loanmanager/go-green/');
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Profile' }).click();
  const profile = await followed;
  expect((await profile.request().allHeaders())['sec-fetch-site']).toBe('same-origin');
  // signed in: gzip, from the page's head compressed once (server/pages/keptHeads.ts)
  expect((await profile.allHeaders())['content-encoding']).toBe('gzip');
  await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
});

describe('before the scripts arrive', () => {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('what is typed is kept, a sign-in sent before the page is live sends nothing anywhere, and goes once it is live', async () => {
    if (!browser) throw new Error('no browser');
    // a context of its own: the loader is held back, so the page must not wait for hydration by itself
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 375, height: 800 } });
    try {
      const page = await context.newPage();
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/loanmanager-widgets.js', async (route) => {
        await released;
        await route.continue();
      });
      // the loader is deferred: held back, it holds DOMContentLoaded back too
      await page.goto('/loanmanager/login/', { waitUntil: 'commit' });
      await page.getByLabel('Username').waitFor();

      const refused: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/.test(message.text())) refused.push(message.text());
      });
      await page.getByLabel('Username').fill('dana.demo');
      await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByLabel('Password', { exact: true }).press('Enter');
      // a borrower who sees nothing happen taps the button too
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForTimeout(300);
      // held (server/pages/html.ts): no GET with the fields in the address, no page load, nothing refused
      expect(page.url()).toBe(`${baseUrl()}/loanmanager/login/`);
      await expect(page.getByLabel('Username').inputValue()).resolves.toBe('dana.demo');
      expect(refused).toEqual([]);

      // once live, the held sign-in goes by itself, with what was typed, once
      const signIns: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/account/login/')) signIns.push(request.method());
      });
      release();
      await page.waitForURL(/\/loanmanager\/(main|loanoverview)\//);
      expect(signIns).toEqual(['POST']);
    } finally {
      await context.close();
    }
  });
});
