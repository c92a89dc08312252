/**
 * The three engine adapters of driver.ts, each on Debian's own browser binary (no browser
 * download): Chromium through playwright-core, Firefox ESR through puppeteer-core over WebDriver
 * BiDi, WebKitGTK's MiniBrowser through WebKitWebDriver (classic WebDriver, under xvfb).
 * A `Launcher` is started once per test file; `open()` gives a fresh borrower (own cookies and
 * storage) at a width.
 */
import fs from 'node:fs';
import { type Browser as PlaywrightBrowser, type BrowserContext } from 'playwright-core';
import puppeteer, { type Browser as PuppeteerBrowser, type BrowserContext as PuppeteerContext, type KeyInput } from 'puppeteer-core';
import { launchBrowser } from '../support/browser';
import type { Engine, EngineAdapter, Key } from './driver';
import { KEYS, startWebKitDriver, type WebDriverSession, type WebKitDriverProcess } from './webdriver';

const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export interface Launcher {
  engine: Engine;
  open(width: number): Promise<EngineAdapter>;
  stop(): Promise<void>;
  /** The browser's version string, for the report. */
  version(): Promise<string>;
}

const height = (width: number) => (width < 600 ? 800 : 900);

async function launchChromium(): Promise<Launcher> {
  const browser: PlaywrightBrowser = await launchBrowser();
  return {
    engine: 'chromium',
    version: async () => `Chromium ${browser.version()}`,
    async open(width) {
      const context: BrowserContext = await browser.newContext({ viewport: { width, height: height(width) } });
      const page = await context.newPage();
      return {
        engine: 'chromium',
        load: async (url) => {
          await page.goto(url);
        },
        evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
        evaluateSource: async (source) => {
          await page.evaluate(source);
        },
        click: (css) => page.click(css),
        type: (css, text) => page.locator(css).pressSequentially(text),
        press: (key) => page.keyboard.press(key),
        setViewport: (w, h) => page.setViewportSize({ width: w, height: h }),
        cookies: () => context.cookies(),
        screenshot: async (file) => {
          await page.screenshot({ path: file, fullPage: true });
        },
        close: () => context.close(),
      };
    },
    stop: () => browser.close(),
  };
}

const PUPPETEER_KEYS: Record<Key, KeyInput> = { Tab: 'Tab', 'Shift+Tab': 'Tab', Enter: 'Enter', Backspace: 'Backspace', Escape: 'Escape' };

async function launchFirefox(): Promise<Launcher> {
  const browser: PuppeteerBrowser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    // no first-run pages, updates or telemetry in a throwaway profile
    // overlay scrollbars, as Chromium's headless and phones have: the layout width is the viewport's
    extraPrefsFirefox: {
      'browser.shell.checkDefaultBrowser': false,
      'app.update.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'ui.useOverlayScrollbars': 1,
    },
  });
  return {
    engine: 'firefox',
    version: () => browser.version(),
    async open(width) {
      const context: PuppeteerContext = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width, height: height(width) });
      return {
        engine: 'firefox',
        load: async (url) => {
          await page.goto(url, { waitUntil: 'load' });
        },
        evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
        evaluateSource: async (source) => {
          await page.evaluate(source);
        },
        click: (css) => page.click(css),
        type: (css, text) => page.type(css, text),
        press: async (key) => {
          if (key === 'Shift+Tab') {
            await page.keyboard.down('Shift');
            await page.keyboard.press('Tab');
            await page.keyboard.up('Shift');
          } else await page.keyboard.press(PUPPETEER_KEYS[key]);
        },
        setViewport: (w, h) => page.setViewport({ width: w, height: h }),
        cookies: async () => (await context.cookies()).map((cookie) => ({ name: cookie.name, value: cookie.value, sameSite: cookie.sameSite, httpOnly: cookie.httpOnly })),
        screenshot: async (file) => {
          fs.writeFileSync(file, await page.screenshot({ fullPage: true }));
        },
        close: () => context.close(),
      };
    },
    stop: () => browser.close(),
  };
}

/** WebKit's driver times each script with a page timer of this length (journeys.ts's page clock leaves it real). */
const WEBDRIVER_SCRIPT_MS = 60_000;

const WEBDRIVER_KEYS: Record<Key, string> = {
  Tab: KEYS.Tab,
  'Shift+Tab': `${KEYS.Shift}${KEYS.Tab}${KEYS.Null}`,
  Enter: KEYS.Enter,
  Backspace: KEYS.Backspace,
  Escape: KEYS.Escape,
};

async function launchWebKit(startTimeoutMs: number): Promise<Launcher> {
  // WebKitWebDriver holds one session at a time: a second borrower (a second tab opening an
  // emailed link) gets a driver process of its own, kept for the next one.
  const idle: WebKitDriverProcess[] = [await startWebKitDriver(startTimeoutMs)];
  const all: WebKitDriverProcess[] = [...idle];
  let versionText = 'WebKitGTK MiniBrowser';
  return {
    engine: 'webkit',
    version: async () => versionText,
    async open(width) {
      let owner = idle.pop() ?? (await startWebKitDriver(startTimeoutMs));
      if (!all.includes(owner)) all.push(owner);
      let session: WebDriverSession;
      try {
        session = await owner.newSession();
      } catch (error) {
        // a browser that failed to start can leave its driver unusable: once more, on a new driver
        console.warn(`webkit: no session (${String(error)}); retrying on a new driver`);
        owner.stop();
        owner = await startWebKitDriver(startTimeoutMs);
        all.push(owner);
        session = await owner.newSession();
      }
      await session.setTimeouts({ script: WEBDRIVER_SCRIPT_MS, pageLoad: WEBDRIVER_SCRIPT_MS });
      const adapter: EngineAdapter = {
        engine: 'webkit',
        load: async (url) => {
          await session.navigate(url);
        },
        evaluate: (fn, arg) => {
          if (process.env.E2E_DEBUG) console.log(`webkit evaluate ${fn.name}`);
          return session.execute(`return (${fn.toString()})(arguments[0]);`, [arg]);
        },
        evaluateSource: async (source) => {
          // a script body in a function scope: axe's build sets window.axe itself
          await session.execute(`${source}\nreturn true;`);
        },
        click: async (css) => {
          await session.click(await session.findElement(css));
        },
        type: async (css, text) => {
          await session.sendKeys(await session.findElement(css), text);
        },
        press: async (key) => {
          await session.sendKeys(await session.activeElement(), WEBDRIVER_KEYS[key]);
        },
        setViewport: async (w, h) => {
          // the window has a frame (and a toolbar, shrunk by webkit-gtk/): size it, then correct by what the page sees
          await session.setWindowRect({ width: w, height: h });
          const inner = await session.execute<[number, number]>('return [window.innerWidth, window.innerHeight];');
          if (inner[0] !== w || inner[1] !== h) await session.setWindowRect({ width: w + (w - inner[0]), height: h + (h - inner[1]) });
        },
        cookies: () => session.cookies(),
        screenshot: async (file) => {
          // the window only: a window as tall as the page would grow the page's 100vh with it
          fs.writeFileSync(file, await session.screenshot());
        },
        close: async () => {
          try {
            await session.delete();
            idle.push(owner);
          } catch {
            owner.stop(); // a driver whose session cannot be closed is not reused
          }
        },
      };
      await adapter.setViewport(width, height(width));
      versionText = `WebKitGTK ${session.browserVersion}`;
      return adapter;
    },
    stop: async () => {
      for (const driver of all) driver.stop();
    },
  };
}

export function launch(engine: Engine, startTimeoutMs: number): Promise<Launcher> {
  if (engine === 'chromium') return launchChromium();
  if (engine === 'firefox') return launchFirefox();
  return launchWebKit(startTimeoutMs);
}
