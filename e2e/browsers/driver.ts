/**
 * The one driver interface the cross-browser journeys are written against (issue 42), whatever the
 * engine: Chromium (playwright-core), Firefox (puppeteer-core over WebDriver BiDi) and WebKit
 * (WebKitWebDriver, classic WebDriver). An adapter only does what needs the engine: load a page,
 * run a script in it, click and type natively, press keys, size the window, read cookies, take a
 * screenshot. Finding an element by its label or by its role and name is done once, here, by a
 * script in the page (`locate`): every engine finds the same element the same way, and the
 * adapter acts on it through a CSS selector of a marker attribute.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Box } from '../../scripts/compareLayouts';
import { HYDRATED_ATTRIBUTE, SERVER_RENDERED_ATTRIBUTE } from '../../src/platform/renderProtocol';

export type Engine = 'chromium' | 'firefox' | 'webkit';
export type Key = 'Tab' | 'Shift+Tab' | 'Enter' | 'Backspace' | 'Escape';

/** The single, central waiting time of the suite (the machine may be heavily loaded). */
export const WAIT_MS = Number(process.env.E2E_WAIT_MS ?? 45_000);

export interface EngineAdapter {
  readonly engine: Engine;
  /** Loads an absolute address and returns once its load event has fired. */
  load(url: string): Promise<void>;
  /** Runs `fn(arg)` in the page (a function with no closure); a promise is awaited. */
  evaluate<T, A>(fn: (arg: A) => T | Promise<T>, arg: A): Promise<T>;
  /** Runs a script's source in the page (axe-core's build). */
  evaluateSource(source: string): Promise<void>;
  /** A native click in the middle of the element `css` matches. */
  click(css: string): Promise<void>;
  /** Native keystrokes into the element `css` matches (focused first). */
  type(css: string, text: string): Promise<void>;
  /** A key pressed on whatever has the focus. */
  press(key: Key): Promise<void>;
  /** The viewport's CSS size (WebKit: its window sized until the page sees it; each run checks the width). */
  setViewport(width: number, height: number): Promise<void>;
  cookies(): Promise<Array<{ name: string; value: string; sameSite?: string; httpOnly?: boolean }>>;
  screenshot(file: string): Promise<void>;
  close(): Promise<void>;
}

/** How the journeys name an element: by its label (form fields), by role and accessible name, or by text. */
export type Target =
  | { label: string | RegExp }
  | { role: 'button' | 'link' | 'heading' | 'radio' | 'checkbox' | 'dialog' | 'alert' | 'status' | 'navigation' | 'region'; name?: string | RegExp; level?: number }
  | { text: string | RegExp };

interface SerialTarget {
  label?: Pattern;
  role?: string;
  name?: Pattern;
  level?: number;
  text?: Pattern;
  mark: string;
}
type Pattern = { exact: string } | { source: string; flags: string };

function pattern(value: string | RegExp): Pattern {
  return typeof value === 'string' ? { exact: value } : { source: value.source, flags: value.flags };
}

function describe(target: Target): string {
  if ('label' in target) return `field labelled ${String(target.label)}`;
  if ('role' in target) return `${target.role}${target.level ? ` (level ${target.level})` : ''} named ${String(target.name ?? '(any)')}`;
  return `text ${String(target.text)}`;
}

/**
 * In the page: finds the first visible element the target names, marks it with
 * data-e2e-mark and returns true (false when there is none). Accessible names are computed as
 * the borrower's screen reader would for the portal's markup: aria-labelledby, aria-label,
 * <label>, then the text.
 */
function locateInPage(target: SerialTarget): boolean {
  const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const matches = (value: string, want: Pattern | undefined) =>
    want === undefined || ('exact' in want ? value === want.exact : new RegExp(want.source, want.flags).test(value));
  const visible = (element: Element) => {
    const style = getComputedStyle(element);
    return element.getClientRects().length > 0 && style.visibility !== 'hidden';
  };
  const byIds = (ids: string) =>
    squash(
      ids
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
  const nameOf = (element: Element): string => {
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy) return byIds(labelledBy);
    const label = element.getAttribute('aria-label');
    if (label) return squash(label);
    const labels = (element as HTMLInputElement).labels;
    if (labels && labels.length > 0) return squash(Array.from(labels, (item) => item.textContent).join(' '));
    if (element instanceof HTMLInputElement && ['submit', 'button'].includes(element.type)) return squash(element.value);
    return squash(element.textContent);
  };
  const selectors: Record<string, string> = {
    button: 'button, [role="button"], input[type="submit"], input[type="button"]',
    link: 'a[href], [role="link"]',
    heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
    radio: 'input[type="radio"], [role="radio"]',
    checkbox: 'input[type="checkbox"], [role="checkbox"]',
    dialog: 'dialog[open], [role="dialog"], [role="alertdialog"]',
    alert: '[role="alert"]',
    status: '[role="status"], output',
    navigation: 'nav, [role="navigation"]',
    region: 'section[aria-labelledby], section[aria-label], [role="region"]',
  };
  for (const old of Array.from(document.querySelectorAll(`[data-e2e-mark="${target.mark}"]`))) old.removeAttribute('data-e2e-mark');
  let candidates: Element[];
  if (target.label) {
    const want = target.label;
    candidates = Array.from(document.querySelectorAll('input:not([type="hidden"]), textarea, select, [role="textbox"], [role="combobox"]')).filter(
      (element) => matches(nameOf(element), want),
    );
  } else if (target.role) {
    const role = target.role;
    candidates = Array.from(document.querySelectorAll(selectors[role] ?? `[role="${role}"]`)).filter((element) => {
      if (role === 'heading' && target.level) {
        const level = Number(element.getAttribute('aria-level') ?? element.tagName.slice(1));
        if (level !== target.level) return false;
      }
      return matches(nameOf(element), target.name);
    });
  } else {
    const want = target.text as Pattern;
    // the innermost elements whose own text matches
    candidates = Array.from(document.body.querySelectorAll('*')).filter(
      (element) => matches(squash(element.textContent), want) && !Array.from(element.children).some((child) => matches(squash(child.textContent), want)),
    );
  }
  // antd hides a radio's or checkbox's input under its label: act on what the borrower sees
  const shown = candidates
    .map((element) => (element instanceof HTMLInputElement && !visible(element) && element.labels?.[0] ? element.labels[0] : element))
    .find(visible);
  if (!shown) return false;
  shown.setAttribute('data-e2e-mark', target.mark);
  return true;
}

/** In the page: the boxes (document coordinates) of every visible heading, field and button. */
function boxesInPage(): Box[] {
  const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const nameOf = (element: Element): string => {
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy) return squash(labelledBy.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' '));
    const label = element.getAttribute('aria-label');
    if (label) return squash(label);
    const labels = (element as HTMLInputElement).labels;
    if (labels && labels.length > 0) return squash(Array.from(labels, (item) => item.textContent).join(' '));
    return squash(element.textContent).slice(0, 80);
  };
  const kinds: Array<[string, string]> = [
    ['heading', 'h1, h2, h3, h4, h5, h6, [role="heading"]'],
    ['field', 'input:not([type="hidden"]):not([type="radio"]):not([type="checkbox"]), textarea, select'],
    ['button', 'button, [role="button"]'],
  ];
  const boxes: Box[] = [];
  for (const [role, selector] of kinds) {
    for (const element of Array.from(document.querySelectorAll(selector))) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || getComputedStyle(element).visibility === 'hidden') continue;
      boxes.push({
        role,
        name: nameOf(element),
        x: Math.round(rect.left + window.scrollX),
        y: Math.round(rect.top + window.scrollY),
        width: Math.round(rect.width),
        height: Math.round(rect.height),
      });
    }
  }
  return boxes;
}

const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

const ARTIFACTS = path.resolve(__dirname, '../artifacts/browsers');

/** Forgets what a run recorded before (its states are recorded anew). */
export function clearRecorded(runName: string) {
  fs.rmSync(path.join(ARTIFACTS, runName), { recursive: true, force: true });
}

let markCounter = 0;

/**
 * What the journeys use: the adapter plus everything that is the same in every engine (finding,
 * waiting, axe-core, the page-state record of screenshot and element boxes).
 */
export class Driver {
  constructor(
    readonly adapter: EngineAdapter,
    readonly baseUrl: string,
    /** `${engine}-${language}-${width}`: where this run's screenshots and boxes go. */
    readonly runName: string,
    readonly width: number,
  ) {}

  get engine(): Engine {
    return this.adapter.engine;
  }

  /** Loads a portal path (or an absolute address) and waits for the page's widgets to be live. */
  async goto(pathOrUrl: string) {
    await this.adapter.load(pathOrUrl.startsWith('http') ? pathOrUrl : `${this.baseUrl}${pathOrUrl}`);
    await this.waitForHydration();
  }

  /** Until every server-rendered widget is hydrated, its buttons do nothing (e2e/support/browser.ts). */
  waitForHydration() {
    return this.waitUntil(
      'the page to be hydrated',
      ([rendered, hydrated]) => document.readyState === 'complete' && !document.querySelector(`[${rendered}]:not([${hydrated}])`),
      [SERVER_RENDERED_ATTRIBUTE, HYDRATED_ATTRIBUTE],
    );
  }

  evaluate<T, A>(fn: (arg: A) => T | Promise<T>, arg: A): Promise<T> {
    return this.adapter.evaluate(fn, arg);
  }

  path(): Promise<string> {
    return this.adapter.evaluate(() => window.location.pathname + window.location.search, null);
  }

  /**
   * Polls `fn(arg)` in the page until it is truthy (a navigation in between is tolerated), within
   * the suite's one waiting time.
   */
  async waitUntil<A>(what: string, fn: (arg: A) => unknown, arg: A): Promise<void> {
    const deadline = Date.now() + WAIT_MS;
    let last: unknown;
    for (;;) {
      try {
        if (await this.adapter.evaluate(fn as (arg: A) => boolean, arg)) return;
      } catch (error) {
        last = error; // the page is between documents
      }
      if (Date.now() > deadline) {
        await this.record(`timeout-${what.replace(/\W+/g, '-').slice(0, 40)}`, { boxes: false }).catch(() => undefined);
        throw new Error(`${this.runName}: waited ${WAIT_MS} ms for ${what}${last ? ` (last error: ${String(last)})` : ''} on ${await this.path().catch(() => '?')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }

  /** Waits for the page at `pathname` (optionally with a search) and its widgets. */
  async waitForPath(expected: string) {
    await this.waitUntil(`the address ${expected}`, (want) => window.location.pathname + window.location.search === want || window.location.pathname === want, expected);
    await this.waitForHydration();
  }

  /** Waits for the target and returns its marker selector. */
  async find(target: Target): Promise<string> {
    markCounter += 1;
    const mark = String(markCounter);
    const serial: SerialTarget = { mark };
    if ('label' in target) serial.label = pattern(target.label);
    else if ('role' in target) Object.assign(serial, { role: target.role, level: target.level, name: target.name === undefined ? undefined : pattern(target.name) });
    else serial.text = pattern(target.text);
    await this.waitUntil(describe(target), locateInPage, serial);
    return `[data-e2e-mark="${mark}"]`;
  }

  /** True when the target is on the page now (no waiting). */
  async has(target: Target): Promise<boolean> {
    const serial: SerialTarget = { mark: 'probe' };
    if ('label' in target) serial.label = pattern(target.label);
    else if ('role' in target) Object.assign(serial, { role: target.role, level: target.level, name: target.name === undefined ? undefined : pattern(target.name) });
    else serial.text = pattern(target.text);
    return this.adapter.evaluate(locateInPage, serial);
  }

  async waitFor(target: Target) {
    await this.find(target);
  }

  async click(target: Target) {
    await this.adapter.click(await this.find(target));
  }

  /** Types into the field with this label, replacing what it held, key by key (masks see every key). */
  async fill(label: string | RegExp, value: string) {
    const css = await this.find({ label });
    const held = await this.adapter.evaluate((selector) => {
      const field = document.querySelector<HTMLInputElement>(selector);
      if (!field) return 0;
      field.focus();
      try {
        field.setSelectionRange?.(field.value.length, field.value.length);
      } catch {
        // email fields have no selection API: typing appends at the end anyway
      }
      return field.value.length;
    }, css);
    for (let key = 0; key < held; key += 1) await this.adapter.press('Backspace');
    await this.adapter.type(css, value);
  }

  async value(label: string | RegExp): Promise<string> {
    const css = await this.find({ label });
    return this.adapter.evaluate((selector) => document.querySelector<HTMLInputElement>(selector)?.value ?? '', css);
  }

  press(key: Key) {
    return this.adapter.press(key);
  }

  /** The text of the element with the focus (its accessible name is what the journeys compare). */
  focusedText(): Promise<string> {
    return this.adapter.evaluate(() => (document.activeElement?.textContent ?? '').replace(/\s+/g, ' ').trim(), null);
  }

  async setWidth(width: number) {
    await this.adapter.setViewport(width, width < 600 ? 800 : 900);
  }

  /** The texts of every role=alert on the page (announced errors). */
  alerts(): Promise<string[]> {
    return this.adapter.evaluate(
      () => Array.from(document.querySelectorAll('[role="alert"]'), (element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim()).filter(Boolean),
      null,
    );
  }

  cookies() {
    return this.adapter.cookies();
  }

  /** axe-core with the Chromium suite's rules (e2e/support/browser.ts `axeViolations`). */
  async axeViolations(): Promise<AxeViolation[]> {
    await this.settle();
    const loaded = await this.adapter.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object', null);
    if (!loaded) await this.adapter.evaluateSource(axeSource);
    return this.runAxe();
  }

  /**
   * Until fades and zooms (antd's motion) have ended, colours and boxes are those of a frame in
   * between: settled means two frames in a row with no animation running.
   */
  async settle() {
    await this.adapter.evaluate(async () => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const deadline = performance.now() + 5000;
      // a spinner repeats for ever: only animations that end are waited for, and never past the deadline
      const ending = () => document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
      for (let quiet = 0; quiet < 2 && performance.now() < deadline; ) {
        const running = ending();
        const left = deadline - performance.now();
        await Promise.race([
          Promise.all(running.map((animation) => animation.finished.catch(() => undefined))),
          new Promise((resolve) => setTimeout(resolve, Math.max(0, left))),
        ]);
        await frame();
        quiet = running.length === 0 && ending().length === 0 ? quiet + 1 : 0;
      }
      return true;
    }, null);
  }

  private runAxe(): Promise<AxeViolation[]> {
    return this.adapter.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
      const result = await axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      });
      return result.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }));
    }, null);
  }

  /**
   * One page state: a screenshot and the element boxes (for scripts/compareLayouts.ts), then
   * axe-core, which must find nothing.
   */
  async check(state: string) {
    await this.settle();
    await this.record(state);
    const violations = await this.axeViolations();
    if (violations.length > 0) {
      const text = violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.targets.join('\n  ')}`).join('\n');
      throw new Error(`axe-core found ${violations.length} violation(s) in ${this.runName} on ${state}:\n${text}`);
    }
  }

  async record(state: string, { boxes = true }: { boxes?: boolean } = {}) {
    const dir = path.join(ARTIFACTS, this.runName);
    fs.mkdirSync(dir, { recursive: true });
    const name = state.replace(/\W+/g, '-');
    await this.adapter.screenshot(path.join(dir, `${name}.png`));
    if (boxes) {
      const found = await this.adapter.evaluate(boxesInPage, null);
      const viewport = await this.adapter.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }), null);
      fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify({ engine: this.engine, state, viewport, boxes: found }, null, 1));
    }
  }

  close() {
    return this.adapter.close();
  }
}
