/**
 * Real-browser helpers: Debian's Chromium (never a downloaded browser), axe-core checks and
 * screenshots at the two widths the portal is judged at (375 px phone, 1280 px desktop).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { HYDRATED_ATTRIBUTE, SERVER_RENDERED_ATTRIBUTE } from '../../src/platform/renderProtocol';

const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const WIDTHS = [375, 1280] as const;
export const ARTIFACTS = path.resolve(__dirname, '../artifacts');

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run through npm run test:e2e');
  return url;
}

/**
 * The same server by the name `localhost`: WebAuthn refuses an IP address as the relying party, so
 * a page that uses passkeys must be on a named host (the reference server listens on 127.0.0.1,
 * which Chromium reaches for `localhost`).
 */
function localhostBaseUrl(): string {
  const url = new URL(baseUrl());
  url.hostname = 'localhost';
  return url.origin;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Until the widgets of a server-rendered page are hydrated, their buttons do nothing but submit a
 * form, which is held until it is live (server/pages/html.ts); typing is kept. A test acts as a borrower
 * who waits for the page: after each load it waits for every server-rendered widget to be live.
 */
async function waitForHydration(page: Page) {
  await page.waitForFunction(
    ([rendered, hydrated]) => !document.querySelector(`[${rendered}]:not([${hydrated}])`),
    [SERVER_RENDERED_ATTRIBUTE, HYDRATED_ATTRIBUTE] as const,
    { timeout: 20_000 },
  );
}

function waitingForHydration(page: Page) {
  for (const method of ['goto', 'reload', 'goBack', 'waitForURL', 'waitForNavigation'] as const) {
    const original = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const result = await original(...args);
        await waitForHydration(page);
        return result;
      },
    });
  }
}

export async function newContext(
  browser: Browser,
  width: number = 1280,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 800 : 900 }, baseURL: baseUrl(), ...options });
  context.on('page', waitingForHydration);
  return context;
}

export interface PageOpenerOptions {
  /** Installs Playwright's clock before the app loads, so timers can be fast-forwarded. */
  clock?: boolean;
  context?: BrowserContextOptions;
  /** Pages on `http://localhost:<port>` instead of the IP address (passkeys: localhostBaseUrl). */
  localhost?: boolean;
}

/**
 * One browser for a test file and a fresh context per page (one borrower's cookies each), all
 * closed after the file. Call at the top level of the file: it registers beforeAll/afterAll.
 */
export function setUpPages({ clock = false, context: contextOptions = {}, localhost = false }: PageOpenerOptions = {}) {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
  });
  return async function openPage(width = 1280): Promise<Page> {
    if (!browser) throw new Error('setUpPages: no browser yet (open pages inside tests)');
    const context = await newContext(browser, width, localhost ? { baseURL: localhostBaseUrl(), ...contextOptions } : contextOptions);
    contexts.push(context);
    const page = await context.newPage();
    if (clock) await page.clock.install();
    return page;
  };
}

/** A change of address may ask for the password again first (issue 38): confirmed when asked, then `then` is waited for. */
export async function confirmPasswordIfAsked(page: Page, then: Locator) {
  const dialog = page.getByRole('dialog', { name: 'Confirm your password' });
  await dialog.or(then).first().waitFor();
  if (await dialog.isVisible()) {
    await dialog.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }
  await then.waitFor();
}

/** Signs a demo borrower in through the API, as the login widget would, with the page's cookies. */
export async function signIn(page: Page, username: string, password: string = DEMO_PASSWORD) {
  await page.goto('/loanmanager/login/');
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value;
  if (!csrf) throw new Error('the login page set no csrftoken cookie');
  const response = await page.request.post('/loanmanager/api/account/login/', {
    data: { username, password },
    headers: { 'X-CSRFToken': csrf },
  });
  if (response.status() !== 200) throw new Error(`signing ${username} in answered ${response.status()}`);
}

const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Counts the page's layout shifts from its next document on (an init script): call before the
 * navigation; the returned function gives their sum so far.
 */
export async function watchLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShiftsSeen: number[] }).layoutShiftsSeen = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () =>
    page.evaluate(() => (window as unknown as { layoutShiftsSeen: number[] }).layoutShiftsSeen.reduce((sum, value) => sum + value, 0));
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/** Runs axe-core (WCAG 2.x A/AA and best practices) on the page as it is now. */
async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Colour contrast is only meaningful once fades (antd's motion) have finished, including one
  // that starts while waiting (a widget still rendering its view in a transition): settled means
  // two frames in a row with no animation running. An endless one (a busy button's spinner, while
  // a dialog asks for the password over it) never finishes: waiting on it hung this forever (issue
  // 49), so only animations with an end are waited for, and never past the deadline.
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const deadline = performance.now() + 5000;
    const ending = () => document.getAnimations().filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? 0));
    const timeLeft = () => new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - performance.now())));
    for (let quiet = 0; quiet < 2 && performance.now() < deadline; ) {
      const running = ending();
      await Promise.race([Promise.all(running.map((animation) => animation.finished.catch(() => undefined))), timeLeft()]);
      await frame();
      quiet = running.length === 0 && ending().length === 0 ? quiet + 1 : 0;
    }
  });
  // evaluate, not a script tag: the portal's CSP (script-src 'self') refuses inline scripts
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target, failureSummary: node.failureSummary })),
    }));
  });
}

/** Fails with a readable list when axe finds anything. */
export async function expectNoAxeViolations(page: Page, label: string) {
  const violations = await axeViolations(page);
  if (violations.length > 0) {
    const text = violations
      .map((violation) => `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes.map((node) => node.target.join(' ')).join('\n  ')}`)
      .join('\n');
    throw new Error(`axe-core found ${violations.length} violation(s) on ${label}:\n${text}`);
  }
}

export async function screenshot(page: Page, name: string) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** One message of the developer outbox (server/routes/devOutbox.ts). */
export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  body: string;
  /** absolute, for the address the outbox was read at */
  links: string[];
  /** the same links as paths (/loanmanager/...) */
  paths: string[];
  created_at: string;
  sent_at: string | null;
  send_error: string | null;
}

/** Reads the developer outbox of the reference server (newest first). */
export async function outbox(): Promise<OutboxMessage[]> {
  const response = await fetch(`${baseUrl()}/loanmanager/dev/outbox.json`);
  if (!response.ok) throw new Error(`outbox: ${response.status}`);
  return (await response.json()) as OutboxMessage[];
}
