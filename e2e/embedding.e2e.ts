/**
 * The embedding contract in real Chromium: plain foreign HTML pages on another origin carry the
 * config block, the widget divs and the loader script of the portal server (docs/embedding.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startHostServer, type HostServer } from './fixtures/hostServer';
import { baseUrl, expectNoAxeViolations, launchBrowser, newContext, screenshot, WIDTHS } from './support/browser';

let browser: Browser;
let host: HostServer;

beforeAll(async () => {
  browser = await launchBrowser();
  host = await startHostServer(baseUrl());
});

afterAll(async () => {
  await browser?.close();
  await host?.close();
});

async function openPage(width: number, file: string) {
  const context = await newContext(browser, width);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`http ${response.status()}: ${new URL(response.url()).pathname}`);
  });
  await page.goto(`${host.url}/${file}`);
  return { page, context, problems };
}

const HOST_ELEMENTS = ['body', '#host-brand', '#host-heading', '#host-text', '#host-button', '#host-link'];
const HOST_PROPERTIES = [
  'font-family',
  'font-size',
  'line-height',
  'color',
  'background-color',
  'margin-top',
  'margin-bottom',
  'padding-top',
  'padding-left',
  'border-top-width',
  'border-top-style',
  'box-sizing',
  'text-decoration-line',
];

/** The computed styles of the host page's own elements. */
function hostStyles(page: Page) {
  return page.evaluate(
    ({ selectors, properties }) =>
      Object.fromEntries(
        selectors.map((selector) => {
          const element = document.querySelector(selector);
          if (!element) return [selector, null];
          const style = getComputedStyle(element);
          return [selector, Object.fromEntries(properties.map((property) => [property, style.getPropertyValue(property)]))];
        }),
      ),
    { selectors: HOST_ELEMENTS, properties: HOST_PROPERTIES },
  );
}

/** Every class token inside the widget elements, to check antd's prefix. */
function widgetClassTokens(page: Page) {
  return page.evaluate(() => {
    const tokens = new Set<string>();
    for (const element of document.querySelectorAll('[data-loanmanager-widget] *')) {
      for (const token of element.classList) tokens.add(token);
    }
    return [...tokens];
  });
}

describe.each(WIDTHS)('a foreign page with its own CSS at %i px', (width) => {
  it('mounts the widget, keeps antd to the lm- prefix and the host styles intact, and passes axe', async () => {
    // The host page alone, as its owner styled it.
    const bare = await openPage(width, 'host-page.html?bare');
    const before = await hostStyles(bare.page);
    await bare.context.close();
    expect(before['#host-button']?.['background-color']).toBe('rgb(255, 105, 180)');

    const { page, context, problems } = await openPage(width, 'host-page.html');
    const widget = page.locator('[data-loanmanager-widget="request-password-reset"]');
    await widget.getByRole('heading', { name: 'Having trouble signing in?' }).waitFor();
    await expect(widget.getByRole('button', { name: 'Continue' }).isVisible()).resolves.toBe(true);
    await expect(widget.getByRole('textbox', { name: 'Username' }).isVisible()).resolves.toBe(true);

    // antd's classes carry the portal's prefix: nothing clashes with a host's own antd.
    const tokens = await widgetClassTokens(page);
    expect(tokens.some((token) => token.startsWith('lm-'))).toBe(true);
    expect(tokens.filter((token) => token.startsWith('ant-'))).toEqual([]);

    // antd does not leak: the host's own elements look exactly as they did without the widget.
    expect(await hostStyles(page)).toEqual(before);

    // ...and the host's element selectors do not restyle the widget's button.
    const widgetButton = await widget
      .getByRole('button', { name: 'Continue' })
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(widgetButton).not.toBe('rgb(255, 105, 180)');
    // ...nor does its universal selector (* { font-family: serif }) reach the widget's text.
    const fontOf = (locator: ReturnType<Page['locator']>) =>
      locator.evaluate((element) => getComputedStyle(element).fontFamily);
    const widgetFont = await fontOf(widget.getByRole('heading', { name: 'Having trouble signing in?' }));
    expect(widgetFont).not.toBe('serif');
    await expect(fontOf(widget.getByText('Username', { exact: true }))).resolves.toBe(widgetFont);
    await expect(fontOf(widget.getByText('Continue', { exact: true }))).resolves.toBe(widgetFont);

    await expectNoAxeViolations(page, `host-page.html at ${width}px`);
    await screenshot(page, `embedding-host-page-${width}`);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("the portal's build-time antd CSS on a host page", () => {
  it("matches none of the host's elements, not even those of a host's own antd of the same version; antd draws no component styles at runtime", async () => {
    const { page, context, problems } = await openPage(1280, 'host-page.html');
    const widget = page.locator('[data-loanmanager-widget="request-password-reset"]');
    await widget.getByRole('button', { name: 'Continue' }).waitFor();
    const result = await page.evaluate(async () => {
      const portal = '[data-loanmanager-widget], [data-loanmanager-snackbar], [data-loanmanager-qa-toolbar]';
      // A host running the same antd version carries the same hash class as the widgets' antd.
      const hashClass = [...document.querySelectorAll(`:is(${portal}) *`)]
        .flatMap((element) => [...element.classList])
        .find((token) => token.startsWith('css-'));
      const hostAntd = document.createElement('div');
      hostAntd.className = `${hashClass} ant-typography`;
      hostAntd.innerHTML = `<a class="${hashClass} ant-typography" href="#a">a</a><a href="#b">b</a><button class="${hashClass} ant-btn">c</button>`;
      document.body.append(hostAntd);
      const hostElements = [document.documentElement, ...document.querySelectorAll('*')].filter(
        (element) => !element.closest(portal),
      );
      const rulesOf = (list: CSSRuleList): CSSStyleRule[] =>
        [...list].flatMap((rule) =>
          rule instanceof CSSStyleRule ? [rule] : 'cssRules' in rule ? rulesOf((rule as CSSGroupingRule).cssRules) : [],
        );
      // the files on the portal's origin: read again as text (a cross-origin sheet's rules are not readable)
      const hrefs = [...document.styleSheets].flatMap((sheet) => (sheet.href?.includes('/static/') ? [sheet.href] : []));
      const portalSheets = await Promise.all(
        hrefs.map(async (href) => {
          const sheet = new CSSStyleSheet();
          sheet.replaceSync(await (await fetch(href)).text());
          return sheet;
        }),
      );
      const rules = portalSheets.flatMap((sheet) => rulesOf(sheet.cssRules));
      const matching = rules
        .filter((rule) => hostElements.some((element) => element.matches(rule.selectorText)))
        .map((rule) => rule.selectorText);
      // antd's runtime <style> elements hold only its tokens (custom properties), no component
      // rule; ConfigProvider's icon reset (`.lm-icon`, 7 small rules) is still written at runtime
      const runtimeRules = [...document.styleSheets]
        .filter((sheet) => sheet.ownerNode instanceof HTMLStyleElement && sheet.ownerNode.id !== 'loanmanager-host-reset')
        .flatMap((sheet) => rulesOf(sheet.cssRules))
        .filter((rule) => rule.selectorText.includes('lm') && !rule.selectorText.startsWith('.lm-icon'))
        .filter((rule) => [...rule.style].some((property) => !property.startsWith('--')))
        .map((rule) => rule.selectorText);
      return { hashClass, sheets: portalSheets.length, rules: rules.length, matching, runtimeRules };
    });
    expect(result.hashClass).toMatch(/^css-/);
    expect(result.sheets).toBeGreaterThan(0);
    expect(result.rules).toBeGreaterThan(100);
    expect(result.matching).toEqual([]);
    expect(result.runtimeRules).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('a page without the config block', () => {
  it.each(WIDTHS)("shows 'unable to get config' in every widget box at %i px", async (width) => {
    const { page, context, problems } = await openPage(width, 'no-config.html');
    const boxes = page.locator('[data-loanmanager-widget]');
    await expect(boxes.count()).resolves.toBe(2);
    for (const box of await boxes.all()) {
      const alert = box.getByRole('alert');
      await alert.waitFor();
      await expect(alert.textContent()).resolves.toBe('unable to get config');
    }
    // The loader stops there: nothing else is downloaded, and the host console says why.
    expect(problems).toEqual([expect.stringContaining('unable to get config')]);
    await expectNoAxeViolations(page, `no-config.html at ${width}px`);
    await screenshot(page, `embedding-no-config-${width}`);
    await context.close();
  });
});

describe('several widgets on one page', () => {
  it('share one store (one snackbar); an unknown name fails in its own box only', async () => {
    const { page, context } = await openPage(1280, 'two-widgets.html');

    const unknown = page.getByRole('region', { name: 'Misspelled widget' }).getByRole('alert');
    await unknown.waitFor();
    await expect(unknown.textContent()).resolves.toBe('Unknown widget "no-such-widget".');

    const reset = page.getByRole('region', { name: 'Password help' });
    await reset.getByRole('heading', { name: 'Having trouble signing in?' }).waitFor();
    await expect(reset.getByRole('alert').count()).resolves.toBe(0);

    // The go-green widget's status call fails on this host (its API is not here): the store's
    // snackbar shows the message once, although two widgets are mounted on the page.
    const message = page.getByText('There was a problem. Please try again later');
    await message.first().waitFor();
    await expect(message.count()).resolves.toBe(1);
    // ...in the page's own snackbar element, not inside whichever widget box happened to mount first.
    await expect(page.locator('section').getByText('There was a problem. Please try again later').count()).resolves.toBe(0);

    await screenshot(page, 'embedding-several-widgets-1280');
    await context.close();
  });
});

describe('a host page with a strict Content-Security-Policy', () => {
  it('mounts the widget without any CSP violation', async () => {
    const { page, context, problems } = await openPage(1280, 'host-page.html?csp');
    const widget = page.locator('[data-loanmanager-widget="request-password-reset"]');
    await widget.getByRole('heading', { name: 'Having trouble signing in?' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows the build's images from static_url: the go-green leaf loads on the host's origin", async () => {
    // webpack emits the leaf beside the chunks (images/leaf.<hash>.svg), and the go-green chunk asks for it under
    // the runtime public path, the config's static_url: the portal serves dist/static alone, with no fallback folder.
    const staticDir = path.join(__dirname, '..', 'dist', 'static');
    const leaf = fs.readdirSync(path.join(staticDir, 'images')).find((file) => /^leaf\.[0-9a-f]{10}\.svg$/.test(file));
    expect(leaf).toBeDefined();
    const manifest = JSON.parse(fs.readFileSync(path.join(staticDir, 'chunk-manifest.json'), 'utf8')) as Record<string, string[]>;
    const goGreen = (manifest['widget-go-green'] ?? []).map((file) => fs.readFileSync(path.join(staticDir, file), 'utf8')).join('\n');
    expect(goGreen).toMatch(new RegExp(`\\.p\\s*\\+\\s*"images/${leaf?.replace(/\./g, '\\.')}"`));

    const { page, context, problems } = await openPage(1280, 'host-page.html?csp');
    await page.locator('[data-loanmanager-widget="request-password-reset"]').getByRole('heading', { name: 'Having trouble signing in?' }).waitFor();
    const staticUrl = `${baseUrl()}/loanmanager/static/`;
    const loaded = await page.evaluate(
      (src) =>
        new Promise<number>((resolve, reject) => {
          const image = new Image();
          image.addEventListener('load', () => resolve(image.naturalWidth), { once: true });
          image.addEventListener('error', () => reject(new Error(`${src} failed to load`)), { once: true });
          image.src = src;
        }),
      `${staticUrl}images/${leaf}`,
    );
    expect(loaded).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
